# Les mots de songo en français.
#
# Chaque message existe aussi dans en.ftl, avec les mêmes arguments (un test
# le vérifie). Les arguments qui désignent une chose du jeu sont des
# identifiants, pas des mots : `side` vaut `south` ou `north`, `rule` un
# identifiant de règle ; le catalogue choisit les mots. Les identifiants de
# règle, les identifiants teach.*, les clés JSON et la syntaxe des parties ne
# se traduisent jamais.
# Les termes des textes sont gardés : grenier, menace simple, menace double,
# yinda, bidoua, case, case d'entrée, case de sortie.

## Mots communs

number = { $value }

seeds = { $count ->
    [one] { $count } graine
   *[other] { $count } graines
}

pieces = { $count ->
    [one] { $count } pion
   *[other] { $count } pions
}

houses = { $count ->
    [one] { $count } case
   *[other] { $count } cases
}

side-name = { $side ->
    [south] Sud
   *[north] Nord
}

# Le jour d'une date : le premier du mois s'écrit « 1er ».
date-day = { DAY($date) ->
    [1] 1er
   *[other] { DAY($date) }
}

date = { MONTH($date) ->
    [1] { date-day } janvier { YEAR($date) }
    [2] { date-day } février { YEAR($date) }
    [3] { date-day } mars { YEAR($date) }
    [4] { date-day } avril { YEAR($date) }
    [5] { date-day } mai { YEAR($date) }
    [6] { date-day } juin { YEAR($date) }
    [7] { date-day } juillet { YEAR($date) }
    [8] { date-day } août { YEAR($date) }
    [9] { date-day } septembre { YEAR($date) }
    [10] { date-day } octobre { YEAR($date) }
    [11] { date-day } novembre { YEAR($date) }
    [12] { date-day } décembre { YEAR($date) }
   *[other] { $date }
}

lang-name = Français
