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

## Leçons et fiches (notation/src/lesson/ ; docs/lessons.md)

lesson-title = Leçon
lesson-stage = { $stage ->
    [sown] la situation après la distribution
   *[after] la situation après les prises
}
lesson-caption-before = Avant le coup
lesson-caption-sown = Après la distribution
lesson-caption-after = Après les prises
lesson-caption-after-move = Après le coup
lesson-move-headline = { side-name } joue { $played }
lesson-move-summary = { $count ->
    [0] Aucune prise.
   *[other] { seeds } prises ({ $houses }).
}
lesson-refused = { $played } ne peut pas être joué ici : { $message }
lesson-explain-heading = Ce que montre le plateau
lesson-linked = { $played } ({ side-name }), { lesson-stage }
lesson-from-start = { $played } depuis la position de départ, { lesson-stage }
lesson-unreadable-board = Ce plateau ne se lit pas : songo lesson check dit pourquoi.
lesson-record-game = Partie { $number }
lesson-record-start = Position de départ
lesson-record-after = Après { $numbered }
lesson-record-captures = { $numbered } prend { seeds }
lesson-record-variation = Variante :
lesson-record-result = Résultat : { $result }
lesson-record-stopped = La partie s'arrête au demi-coup { $ply } : { $played } ne peut pas être joué (songo lesson check dit pourquoi).
lesson-tag = { $name ->
    [Event] Événement
    [Site] Lieu
    [Date] Date
    [South] Sud
    [North] Nord
   *[Result] Résultat
}

lesson-summary = { $path } : { $diagrams ->
    [one] { $diagrams } plateau
   *[other] { $diagrams } plateaux
}, { $links ->
    [one] { $links } coup reliant deux plateaux
   *[other] { $links } coups reliant deux plateaux
}, { $problems ->
    [0] aucun problème
    [one] { $problems } problème
   *[other] { $problems } problèmes
}.
lesson-link-line = ligne { $from } → ligne { $to } : { side-name } joue { $played }, { lesson-stage }
lesson-start-line = ligne { $line } : { $played } depuis la position de départ, { lesson-stage }

lesson-problem-diagram = ce plateau ne se lit pas : { $message }
lesson-problem-unlinked = le texte présente ce plateau comme le résultat d'un coup, mais aucun coup légal d'aucun des deux camps n'y mène depuis le plateau de la ligne { $line }
lesson-house-differs = { $house } vaut { $here } ici, { $computed } selon les règles
lesson-problem-closest = le plus proche est { $played } ({ side-name }), { lesson-stage } : { $differences }
lesson-problem-stage = la légende annonce { $said ->
    [sown] la situation après la distribution
   *[after] la situation après les prises
}, mais c'est { $shown ->
    [sown] la situation après la distribution
   *[after] la situation après les prises
} de { $played }
lesson-problem-claim-total = le texte dit que { $played } capture { $claimed ->
    [one] { $claimed } graine
   *[other] { $claimed } graines
} ; il en capture { $count }
lesson-problem-claim-house = le texte dit que { $played } prend { $claimed ->
    [one] { $claimed } graine
   *[other] { $claimed } graines
} en { $house } ; il y en prend { $count }
lesson-problem-claim-not-taken = le texte dit que { $played } prend { $claimed ->
    [one] { $claimed } graine
   *[other] { $claimed } graines
} en { $house } ; il ne prend pas { $house }
lesson-problem-expectation = ceci n'est pas vrai : { $expected }

lesson-actual-captures = { $played } capture { seeds }
lesson-actual-captures-from = { $played } capture { seeds } ({ $houses })
lesson-actual-captures-nothing = { $played } ne capture rien
lesson-actual-refused-by = { $played } est interdit par { $rule }
lesson-actual-all-legal = tous les coups joués sont légaux
lesson-actual-legal = { $played } est légal
lesson-actual-no-threat-from = { $house } ne menace rien
lesson-actual-threat = { $house } menace { $houses } ({ seeds })
lesson-actual-defence-kind = { $played } est une défense d'une autre sorte ({ $kind })
lesson-actual-no-defence = { $played } n'est pas une défense
lesson-actual-not-grenier = { $house } contient { seeds }, trop peu pour un grenier
lesson-actual-bidoua = le bidoua est de { $south } pour Sud et { $north } pour Nord
lesson-actual-game-over = la partie est finie par { $rule }
lesson-actual-not-over = la partie n'est pas finie
lesson-actual-winner = { $side ->
    [south] Sud gagne
    [north] Nord gagne
   *[none] la partie est nulle
}
lesson-actual-not-sowing = cette affirmation porte sur les jeux de semailles

lesson-expect-unreadable = « { $text } » n'est pas une affirmation que songo sait vérifier
lesson-expect-forms = écrivez par exemple : S4 prend 11 [de N0 N1 …], S4 prend rien, [S0] interdit [songo.exit], S1 légal, N4 menace S3 S4 [6], aucune menace, N1 yinda, N2 esquive, N2 défense, grenier S4, bidoua sud 7 nord 4, fin de partie [règle], gagnant sud|nord|personne
lesson-expect-unknown-rule = « { $rule } » n'est pas un identifiant de règle
lesson-expect-rule-hint = les identifiants des règles sont dans docs/rules.md (songo.exit, songo.capture.chain, …)
lesson-error-twice = « { $key } » est donné deux fois dans ce bloc
lesson-error-twice-hint = donnez-le une fois, ou coupez le bloc en deux
lesson-error-record-and-board = un bloc montre un plateau ou une partie, pas les deux
lesson-error-record-and-board-hint = mettez la partie dans un bloc à elle, ou donnez sa position de départ dans une étiquette Position
lesson-error-plies-without-record = « plies: » choisit des coups d'une partie, et ce bloc n'en contient pas
lesson-error-plies-without-record-hint = mettez la partie après « plies: », en commençant par ses étiquettes ([Rules "songo"])
lesson-error-two-positions = ce bloc donne son plateau deux fois : une ligne « position: » et un diagramme
lesson-error-two-positions-hint = gardez l'un des deux
lesson-error-empty-block = ce bloc ne montre rien
lesson-error-empty-block-hint = donnez un plateau (un diagramme, ou position: sur une ligne), des coups à jouer (jouer:) ou une partie
lesson-error-move-hint = les coups sont des noms de cases (S2, N4 ; à l'awalé C, e) ou des coups de seega (a1,b2, b3-c3, pass), séparés par des espaces
lesson-error-too-many-moves = un bloc joue au plus { $count } coups
lesson-error-too-many-moves-hint = répartissez les coups sur plusieurs blocs, ou montrez-les comme une partie
lesson-error-plies = « { $text } » n'est pas une suite de demi-coups
lesson-error-plies-hint = écrivez demi-coups: 5-9 (ou un seul : demi-coups: 5), en comptant à partir de 1
lesson-error-too-many-boards = la fiche aurait plus de { $count } plateaux
lesson-error-too-many-parts = une leçon contient au plus { $count } plateaux et blocs
lesson-error-too-large = la leçon fait plus de { $count } octets
lesson-error-not-utf8 = la leçon n'est pas du texte UTF-8 (octet { $byte })
lesson-error-not-utf8-hint = enregistrez la leçon en UTF-8
lesson-error-split-hint = coupez la leçon en plusieurs

## La page web (service/page/ ; docs/page.md)

page-title = songo : plateau, coups et parties
page-skip = Aller aux cases
page-tagline = Préparer un plateau, le jouer coup par coup, vérifier une partie notée
page-language = Langue
page-board = Plateau
page-houses = Cases
page-navigation = Coups
page-first = Début
page-undo = Annuler
page-redo = Rétablir
page-last = Fin
page-compact = Notation compacte
page-copy = Copier
page-copy-link = Copier le lien
page-copied = Copié.
page-copy-failed = La copie n'est pas permise ici : le texte est dans la zone d'export.
page-tools = Outils
page-tab-edit = Préparer
page-tab-play = Jouer
page-tab-record = Parties
page-tab-explain = Expliquer
page-tab-export = Exporter
page-edit-hint = Choisissez une case, puis changez ses graines avec − et + ou tapez le nombre. Au Seega, choisissez une case pour y poser un pion ou l'enlever.
page-game = Jeu
page-start = Position de départ
page-less = Une graine de moins
page-more = Une graine de plus
page-seeds-in-house = Graines dans la case
page-to-move = Camp au trait
page-south = Sud
page-north = Nord
page-stores = Réserves (graines prises)
page-paste = Collez une position : un diagramme, la notation compacte, du JSON ou une FEN OGN
page-read = Lire la position
page-play-hint = Choisissez une case pour la jouer. Les coups permis sont cerclés de vert. Au Seega, choisissez deux cases.
page-animate = Montrer le semis graine par graine
page-legal = Coups permis
page-illegal = Coups que la règle interdit
page-move = Coup
page-play = Jouer
page-line = Coups joués
page-record-paste = Collez une partie notée, ou ouvrez un fichier
page-open-file = Ouvrir un fichier
page-check = Vérifier la partie
page-annotate = Ajouter les commentaires d'enseignement
page-record-keys = Parcourez une partie avec les flèches, Début et Fin.
page-explain-hint = Ce que la position offre à chaque camp, dans les mots des textes d'enseignement.
page-explain-show = Montrer
page-threats = Menaces
page-double-threats = Menaces doubles
page-greniers = Greniers
page-defences = Yinda et autres défenses
page-bidoua = Bidoua
page-explain-missing = Ce serveur ne sait pas encore expliquer les positions.
page-export-svg = Image SVG
page-export-png = Image PNG
page-export-moves-svg = Les coups en figure SVG
page-export-markdown = Markdown
page-export-compact = Notation compacte
page-export-record = Partie notée
page-export-handout = Fiche de leçon
page-handout-title = Un plateau tiré de songo
page-analyse = Chercher le meilleur coup
page-analysis-best = Meilleur coup : { $move }, { $value } graines pour le camp au trait ({ $text })
page-analysis-exact = valeur exacte
page-analysis-depth = recherche à { $count } demi-coups
page-analysis-line = Meilleure suite : { $text }
page-annotate-engine = et le jugement du moteur sur chaque coup (?!, ?, ??)
page-exported = Texte exporté
page-embed = Intégrer ce plateau dans une autre page
page-footer = Le serveur ne garde rien : un plateau se partage par son lien.
page-error = Le serveur n'a pas pu répondre.
page-at = ligne { $line }, colonne { $column }
page-game-over = Partie terminée
page-south-moves = Sud au trait
page-north-moves = Nord au trait
page-seeds = { seeds }
page-house-label = { $house }, { seeds }
page-square-label = { $house }, { $text }
page-piece-south = pion de Sud
page-piece-north = pion de Nord
page-empty = vide
page-played-nothing = { $name } joue { $move } : pas de prise
page-played-captured = { $name } joue { $move } : { seeds } prises en { $text }
page-go-to = Demi-coup { $count } : { $move }
page-placements = { $count ->
    [one] { $count } pose : choisissez ses deux cases sur le plateau
   *[other] { $count } poses : choisissez deux cases sur le plateau
}
page-download = Télécharger { $name }
page-record-summary = { $count ->
    [one] { $count } partie, { $text } non valide
   *[other] { $count } parties, { $text } non valides
}
page-game-heading = Partie { $game } : { $name } – { $text }
page-valid = { $count ->
    [one] Valide : { $count } demi-coup
   *[other] Valide : { $count } demi-coups
}
page-invalid = { $count ->
    [one] { $count } violation
   *[other] { $count } violations
}
page-open-game = Montrer cette partie sur le plateau

## Marques du moteur (songo annotate --engine ; docs/analysis.md)

# Un coup, le seul qui garde la valeur.
engine-only = Coup unique : le seul qui garde la valeur.
# Un coup qui perd `count` graines d'écart ; `move` était meilleur.
engine-loss = { $mark ->
    [inaccuracy] Imprécision
    [mistake] Erreur
   *[blunder] Bourde
} : { seeds } perdues ; { $move } était meilleur.
# Pourquoi le moteur n'a jugé qu'une partie de la partie.
engine-unjudged-seega = pas de marques du moteur : l'analyse ne joue que les jeux de semailles
engine-unjudged-time = le temps total du moteur est écoulé : les coups à partir du { $ply } ne sont pas jugés
engine-unjudged-seeds = coup { $ply } : la position compte trop de graines pour l'analyse ; les coups suivants ne sont pas jugés
