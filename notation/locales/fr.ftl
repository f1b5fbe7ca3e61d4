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

## Vocabulaire de l'enseignement (notation/src/teach/words.rs ; docs/teaching.md)
#
# `side` est le camp dont parle la phrase (south ou north), `opponent`
# l'autre ; `house`, `houses`, `move`, `moves` et `square` sont des noms, qui
# ne se traduisent pas (`houses` est déjà une liste, jointe par
# teach-list-and) ; `count` compte des graines ou des pas.

teach-list-and = { $rest } et { $last }
teach-list-or = { $rest } ou { $last }

teach-clauses = { $first } ; { $second }
teach-sentence = { $text }.

teach-heading-threats = Menaces
teach-heading-double-threats = Menaces doubles
teach-heading-defences = Défenses ({ side-name } au trait)
teach-heading-greniers = Greniers
teach-heading-bidoua = Bidoua
teach-heading-mobility = Mobilité
teach-heading-moves = Coups ({ side-name } au trait)
teach-heading-annotations = Annotations

teach-threat = { $house } ({ side-name }) menace { $houses } ({ seeds }).
teach-no-threat = Aucune case ne menace de prise.
teach-double-threat = { $houses } ({ side-name }) font une menace double (jusqu'à { seeds }) ; la meilleure limitation pour { $opponent ->
    [south] Sud
   *[north] Nord
} est { $move }, après quoi { side-name } ne prend plus que { $after ->
    [one] { $after } graine
   *[other] { $after } graines
}.
teach-no-double-threat = Aucune.
teach-no-defence-needed = { side-name } ne menace rien : aucune défense n'est nécessaire.
teach-no-defence = Aucun coup ne réduit la plus grosse prise de { side-name } ({ seeds }).
teach-defence-yinda = { $move } est un yinda : il renforce { $houses }, et la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-defence-evasion = { $move } est une esquive : il vide la case menacée, et la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-defence-capture = { $move } prend { seeds } ({ $houses }), et la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-defence-other = { $move } : la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-grenier = { $house } ({ side-name }) est un grenier de { $seeds } graines ; joué maintenant, il { $count ->
    [0] ne prend rien
   *[other] prend { seeds } ({ $houses })
}.
teach-no-grenier = Aucune case ne contient { $count } graines ou plus.
teach-bidoua-side = { side-name } { $count } ({ $houses })
teach-bidoua-side-none = { side-name } 0
teach-bidoua = Graines que chaque camp peut déplacer sans nourrir l'autre : { $south }, { $north } ; { $leader ->
    [south] Sud a le meilleur bidoua
    [north] Nord a le meilleur bidoua
   *[none] les deux bidouas sont égaux
}.

teach-seega-threat = Le pion { $opponent ->
    [south] de Sud
   *[north] de Nord
} en { $square } peut être pris par { side-name } avec { $moves }.
teach-no-seega-threat = Aucun pion ne peut être pris.
teach-mobility = { side-name } : { $count ->
    [0] bloqué, aucun pas légal
    [one] { $count } pas légal
   *[other] { $count } pas légaux
}.
teach-mobility-placing = { side-name } : aucun pas tant que les pions se posent.

teach-move-takes = { $move } prend { seeds } ({ $houses })
teach-move-takes-nothing = { $move } ne prend rien
teach-move-creates = { $house } menace alors { $houses } ({ seeds })
teach-move-parries = il pare la menace de { side-name } ({ $kind ->
    [yinda] un yinda
    [evasion] une esquive
   *[other] une défense
} : sa plus grosse prise passe de { $before } à { $after })
teach-move-ignores = il ignore la menace de { side-name } ({ side-name } peut encore prendre { seeds })
teach-no-move = Aucun coup légal.

teach-note-line = Demi-coup { $ply }, { $move } : { $text }
teach-no-note = Rien à signaler.
teach-note-threat-created = { $house } ({ side-name }) menace maintenant { $houses } ({ seeds }).
teach-note-double-threat = { $houses } ({ side-name }) font maintenant une menace double (jusqu'à { seeds }) ; la meilleure limitation pour { $opponent ->
    [south] Sud
   *[north] Nord
} est { $move }, après quoi { side-name } ne prend plus que { $after ->
    [one] { $after } graine
   *[other] { $after } graines
}.
teach-note-threat-ignored = { side-name } laisse subsister la menace de { $house } ({ seeds }) ; { $opponent ->
    [south] Sud
   *[north] Nord
} l'exécute au demi-coup { $at }.
teach-note-threat-executed = { side-name } exécute la menace que { $opponent ->
    [south] Sud
   *[north] Nord
} a laissée au demi-coup { $at } : { $house } prend { $houses } ({ seeds }).
teach-note-yinda = Yinda : { $move } renforce { $houses } ; la plus grosse prise { $opponent ->
    [south] de Sud
   *[north] de Nord
} passe de { $before } à { $after }.
teach-note-evasion = Esquive : { side-name } vide { $move }, que { $opponent ->
    [south] Sud
   *[north] Nord
} menaçait ; la plus grosse prise { $opponent ->
    [south] de Sud
   *[north] de Nord
} passe de { $before } à { $after }.
teach-note-grenier-built = { $house } ({ side-name }) devient un grenier ({ $seeds } graines) ; { $count ->
    [0] il ne prend rien pour l'instant
   *[other] joué maintenant, il prendrait { seeds }
}.
teach-note-grenier-played = { side-name } joue le grenier { $house } ({ $seeds } graines) et { $count ->
    [0] ne récolte rien
   *[other] récolte { seeds } ({ $houses })
}.
teach-note-bidoua-turned = Le bidoua change de camp : { side-name } a maintenant le meilleur bidoua ({ $ahead } contre { $behind }).

## Images : la légende des formes dessinées sur les plateaux (notation/src/render/svg.rs)

picture-key-seega-move = le coup joué
picture-key-seega-taken = pions pris
picture-key-path = chemin des graines semées
picture-key-harvest = graines prises dans la case
picture-key-threat = menace : les graines qu'elle prendrait
picture-key-double-threat = menace double
picture-key-seega-threat = pion qu'un pas prendrait
picture-key-grenier = grenier et ses graines
picture-key-yinda = graine d'un yinda

## Seega : ce que fait chaque pas (notation/src/teach/words.rs, songo moves)
#
# `squares` est une liste de cases (jointe par teach-list-and) ; `side`
# menace le camp qui joue.

teach-seega-move-takes = { $move } prend { $squares }
teach-seega-move-takes-nothing = { $move } ne prend rien
teach-seega-move-creates = puis menace { $squares }
teach-seega-move-parries = il pare les menaces de { side-name } (pions prenables : { $before } avant, { $after } après)
teach-seega-move-ignores = il laisse les menaces de { side-name } ({ pieces } prenables)
teach-seega-note-threat-created = { side-name } menace maintenant { $squares }.
teach-seega-note-blocked = { side-name } est bloqué : aucun pas légal.
