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

verbatim = { $text }
framed = { $before }{ $text }{ $after }
serde-at-line-column = { $text } à la ligne { $line }, colonne { $column }

lang-name = Français

## Règles du jeu (notation/src/ruleset.rs) : une ligne chacune, pour l'aide et GET /v1/rules.

ruleset-songo = Songo, 2 × 7 cases, comme dans le texte de l'escale à jeux (par défaut)
ruleset-songo-ekang = Songo, 2 × 7 cases, comme on le joue dans l'aire Ekang
ruleset-awale = Awalé, 2 × 6 cases, comme dans les deux sources françaises
ruleset-oware-abapa = Oware selon les règles internationales de tournoi « abapa »
ruleset-seega = Seega, un plateau de 5 × 5 cases : la pose, puis les prises par encadrement
ruleset-akong-cameroon = Songo, 2 × 7 cases, comme la plateforme akong-online joue sa variante Cameroun (40 graines gagnent)
ruleset-akong-gabon = Songo, 2 × 7 cases, comme la plateforme akong-online joue sa variante Gabon (36 graines gagnent)

## Résumés des règles (notation/src/rule.rs ; docs/rules.md) : une ligne par identifiant de règle.

rule-songo-sow = prendre toutes les graines d'une de ses cases non vides et les semer une à une dans le sens des aiguilles d'une montre
rule-songo-sow-lap = 14 graines ou plus : une dans chacune des autres cases, puis le reste seulement dans le camp adverse
rule-songo-sow-lone-seed = après un tour complet, une dernière graine destinée à la case d'entrée adverse est gardée comme prise
rule-songo-capture-chain = la dernière graine fait 2, 3 ou 4 dans une case adverse : on la prend, avec les cases précédentes tant qu'elles ont 2 à 4 graines
rule-songo-capture-entry = une dernière graine dans la case d'entrée adverse ne prend rien
rule-songo-capture-no-emptying = une prise qui ne laisserait aucune graine à l'adversaire ne prend rien
rule-songo-exit = sa case de sortie ne se joue pas avec 1 graine (songo-ekang : 1 ou 2 ; songo : 2 seulement si elle prend)
rule-songo-exit-forced = un coup interdit depuis la case de sortie est forcé quand rien d'autre n'est jouable ; ses graines vont dans une réserve
rule-songo-solidarity = quand le camp adverse est vide, il faut le nourrir
rule-songo-end-forty = un joueur qui a 40 graines ou plus en réserve termine la partie et la gagne
rule-songo-end-few-seeds = la partie s'arrête quand il reste moins de 10 graines sur le plateau
rule-songo-end-no-move = le joueur au trait n'a aucun coup légal : la partie s'arrête
rule-songo-end-remaining = quand la partie s'arrête faute de graines ou de coups, les graines de chaque camp reviennent à son propriétaire
rule-akong-exit = la case de sortie ne se joue avec 1 graine que si c'est la dernière graine du camp, qui va alors dans la réserve du joueur
rule-akong-solidarity = quand le camp adverse est vide, il faut jouer une case qui l'atteint s'il y en a une (la case de sortie l'atteint toujours)
rule-akong-capture-grand-slam = une prise des sept cases adverses ne prend rien ; toute autre prise a lieu, même des dernières graines du camp
rule-akong-end-starved = le joueur au trait n'a plus de graine : la partie s'arrête, le camp de l'autre joueur lui revient
rule-akong-end-store = un joueur qui a 40 graines en réserve (36 dans la variante Gabon) termine la partie ; sinon le plus grand score gagne
rule-awale-sow = prendre toutes les graines d'une de ses cases non vides et les semer une à une dans le sens inverse des aiguilles d'une montre
rule-awale-sow-skip-origin = avec 12 graines ou plus, la case vidée est sautée à chaque tour
rule-awale-capture-chain = la dernière graine fait 2 ou 3 dans une case adverse : on la prend, avec les cases précédentes tant qu'elles ont 2 ou 3 graines
rule-awale-feed = un coup doit laisser au moins une graine dans le camp adverse, prises comprises
rule-awale-end-no-move = le joueur au trait n'a aucun coup légal : la partie s'arrête, les graines prises comptent
rule-awale-end-agreement = les joueurs conviennent d'arrêter quand il reste trop peu de graines pour une prise
rule-abapa-grand-slam = une prise qui viderait le camp adverse ne prend rien
rule-abapa-feed = quand le camp adverse est vide, seuls les coups qui l'atteignent sont légaux
rule-abapa-end = plus de 24 graines prises, 24 chacun, aucun coup légal ou une position répétée : chaque camp revient à son propriétaire
rule-seega-place = dans la première phase, chaque tour pose deux pions de la main sur des cases vides
rule-seega-place-centre = aucun pion ne se pose en c3
rule-seega-place-last-moves-first = le joueur qui a posé les deux derniers pions fait le premier déplacement
rule-seega-move = déplacer un de ses pions d'une case, orthogonalement, vers une case vide
rule-seega-capture = un pion adverse voisin du pion déplacé, avec un de ses pions juste derrière, est pris
rule-seega-capture-stronghold = un pion en c3 ne peut pas être pris
rule-seega-capture-active = seul le joueur qui déplace prend ; se placer entre deux pions adverses ne fait pas prendre
rule-seega-blocked = un joueur qui n'a aucun déplacement passe son tour
rule-seega-blocked-unblock = quand un joueur bloqué a passé son tour, l'adversaire doit, s'il le peut, lui rendre un déplacement possible
rule-seega-end-wipeout = un joueur qui n'a plus de pion a perdu (victoire totale)
rule-seega-end-no-capture = fin déclarée : plus aucune prise n'est possible ; celui qui a le plus de pions gagne (grande victoire)
rule-seega-end-barrier = fin déclarée : une barrière isole l'adversaire ; celui qui a le plus de pions gagne (petite victoire)
rule-seega-end-blocked = un joueur bloqué ne peut pas être débloqué : celui qui a le plus de pions gagne
rule-syntax = le texte ne suit pas la grammaire de la notation
rule-record-setup = la position de départ d'une partie doit être celle d'une partie complète
rule-record-capture-claim = la prise annoncée d'un coup (+N) doit être celle que le coup fait
rule-record-move-number = un numéro de coup doit être celui du coup qu'il précède (un coup manquant se voit ici)
rule-record-after-end = aucun coup ne peut suivre la fin de la partie
rule-record-result = l'en-tête Result doit donner le score final que calcule la relecture de la partie
rule-record-termination = une fin de partie déclarée doit être vraie dans la position finale

## Vocabulaire de l'enseignement (notation/src/teach/words.rs ; docs/teaching.md)
#
# `side` est le camp dont parle la phrase (south ou north), `opponent`
# l'autre ; `house`, `houses`, `move`, `moves` et `square` sont des noms, qui
# ne se traduisent pas (`houses` est déjà une liste, jointe par
# teach-list-and) ; `count` compte des graines ou des pas.

teach-list-and = { $rest } et { $last }
teach-list-or = { $rest } ou { $last }

teach-clauses = { $first } ; { $second }
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
teach-double-threat = { $houses } ({ side-name }) font une menace double (jusqu'à { seeds }) ; la meilleure limitation pour { $opponent ->
    [south] Sud
   *[north] Nord
} est { $move }, après quoi { side-name } ne prend plus que { $after ->
    [one] { $after } graine
   *[other] { $after } graines
}.
teach-no-double-threat = Aucune.
teach-no-defence-needed = { side-name } ne menace rien : aucune défense n'est nécessaire.
teach-no-defence = Aucun coup ne réduit la plus grosse prise de { side-name } ({ seeds }).
teach-defence-yinda = { $move } est un yinda : il renforce { $houses }, et la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-defence-evasion = { $move } est une esquive : il vide la case menacée, et la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-defence-capture = { $move } prend { seeds } ({ $houses }), et la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-defence-other = { $move } : la plus grosse prise de { side-name } passe de { $before } à { $after }.
teach-grenier = { $house } ({ side-name }) est un grenier de { $seeds } graines ; joué maintenant, il { $count ->
    [0] ne prend rien
   *[other] prend { seeds } ({ $houses })
}.
teach-no-grenier = Aucune case ne contient { $count } graines ou plus.
teach-bidoua-side = { side-name } { $count } ({ $houses })
teach-bidoua-side-none = { side-name } 0
teach-bidoua = Graines que chaque camp peut déplacer sans nourrir l'autre : { $south }, { $north } ; { $leader ->
    [south] Sud a le meilleur bidoua
    [north] Nord a le meilleur bidoua
   *[none] les deux bidouas sont égaux
}.

teach-seega-threat = Le pion { $opponent ->
    [south] de Sud
   *[north] de Nord
} en { $square } peut être pris par { side-name } avec { $moves }.
teach-no-seega-threat = Aucun pion ne peut être pris.
teach-mobility = { side-name } : { $count ->
    [0] bloqué, aucun pas légal
    [one] { $count } pas légal
   *[other] { $count } pas légaux
}.
teach-mobility-placing = { side-name } : aucun pas tant que les pions se posent.

teach-move-takes = { $move } prend { seeds } ({ $houses })
teach-move-takes-nothing = { $move } ne prend rien
teach-move-creates = { $house } menace alors { $houses } ({ seeds })
teach-move-parries = il pare la menace de { side-name } ({ $kind ->
    [yinda] un yinda
    [evasion] une esquive
   *[other] une défense
} : sa plus grosse prise passe de { $before } à { $after })
teach-move-ignores = il ignore la menace de { side-name } ({ side-name } peut encore prendre { seeds })
teach-no-move = Aucun coup légal.

teach-note-line = Demi-coup { $ply }, { $move } : { $text }
teach-no-note = Rien à signaler.
teach-note-threat-created = { $house } ({ side-name }) menace maintenant { $houses } ({ seeds }).
teach-note-double-threat = { $houses } ({ side-name }) font maintenant une menace double (jusqu'à { seeds }) ; la meilleure limitation pour { $opponent ->
    [south] Sud
   *[north] Nord
} est { $move }, après quoi { side-name } ne prend plus que { $after ->
    [one] { $after } graine
   *[other] { $after } graines
}.
teach-note-threat-ignored = { side-name } laisse subsister la menace de { $house } ({ seeds }) ; { $opponent ->
    [south] Sud
   *[north] Nord
} l'exécute au demi-coup { $at }.
teach-note-threat-executed = { side-name } exécute la menace que { $opponent ->
    [south] Sud
   *[north] Nord
} a laissée au demi-coup { $at } : { $house } prend { $houses } ({ seeds }).
teach-note-yinda = Yinda : { $move } renforce { $houses } ; la plus grosse prise { $opponent ->
    [south] de Sud
   *[north] de Nord
} passe de { $before } à { $after }.
teach-note-evasion = Esquive : { side-name } vide { $move }, que { $opponent ->
    [south] Sud
   *[north] Nord
} menaçait ; la plus grosse prise { $opponent ->
    [south] de Sud
   *[north] de Nord
} passe de { $before } à { $after }.
teach-note-grenier-built = { $house } ({ side-name }) devient un grenier ({ $seeds } graines) ; { $count ->
    [0] il ne prend rien pour l'instant
   *[other] joué maintenant, il prendrait { seeds }
}.
teach-note-grenier-played = { side-name } joue le grenier { $house } ({ $seeds } graines) et { $count ->
    [0] ne récolte rien
   *[other] récolte { seeds } ({ $houses })
}.
teach-note-bidoua-turned = Le bidoua change de camp : { side-name } a maintenant le meilleur bidoua ({ $ahead } contre { $behind }).

## Les refus du moteur (notation/src/game.rs, notation/src/sowing/rules/mod.rs,
## notation/src/seega/rules.rs)
#
# `side` est le camp au trait, `opponent` l'autre ; `house`, `square`,
# `move` et `moves` sont des noms, qui ne se traduisent pas ; `rule` est un
# identifiant de règle.

opponent-name = { $opponent ->
    [south] Sud
   *[north] Nord
}

refusal-with-rule = { $text } ({ $rule })
refusal-legal-moves = { $text } ; coups légaux : { $moves }
illegal-other-game = `{ $move }` n'est pas un coup de { $rules }
illegal-no-such-house = { $house } n'est pas une case de { $rules }
illegal-wrong-side = { $house } est une case de { opponent-name }, mais c'est à { side-name } de jouer
illegal-empty-house = { $house } est vide : il n'y a rien à semer
illegal-game-over = la partie est terminée ({ $rule }) : aucun coup ne peut suivre ; score final { $score }
illegal-exit-two-seeds = { $house } est la case de sortie de { side-name } et contient 2 graines : elle ne se joue que si elle prend, et ici elle ne prend rien
illegal-exit = { $house } est la case de sortie de { side-name } et contient { seeds } : en { $rules }, elle ne se joue pas avec { $banned ->
    [2] 1 ou 2 graines
   *[other] 1 graine
}
illegal-solidarity-most-seeds = le camp de { opponent-name } est vide : { side-name } doit le nourrir depuis une des cases qui ont le plus de graines
illegal-solidarity-seven-seeds = le camp de { opponent-name } est vide : { side-name } doit y semer au moins 7 graines, sinon le plus possible, et { $house } en sème moins
illegal-akong-exit = { $house } est la case de sortie de { side-name } et contient 1 graine : elle ne se joue que si c'est la dernière graine du camp
illegal-akong-solidarity = le camp de { opponent-name } est vide et { $house } ne l'atteint pas : { side-name } doit jouer une case qui l'atteint
illegal-abapa-feed = le camp de { opponent-name } est vide et { $house } ne l'atteint pas : il faut nourrir l'adversaire
illegal-awale-feed = { $house } laisserait { opponent-name } sans graine : un coup doit laisser au moins une graine à l'adversaire

end-by-another-rule = la partie s'est terminée par { $actual }, pas par { $declared }
end-does-not-hold = { $rule } n'est pas vérifiée : la partie n'est pas finie après le dernier coup
end-not-of-the-game = une partie de { $rules } ne se termine pas ainsi : ses règles de fin sont { $ends }
# Les refus du Seega : `loser` est le camp qui n'a plus de pion, `owner` le
# camp à qui est le pion posé sur `square`.
seega-over-wipeout = la partie est terminée, { $loser ->
    [south] Sud
   *[north] Nord
} n'a plus de pion : aucun coup ne peut suivre
seega-over-blocked = la partie est terminée, { opponent-name } a passé et aucun coup de { side-name } ne peut débloquer { opponent-name } : aucun coup ne peut suivre
seega-over = la partie est terminée : aucun coup ne peut suivre
seega-not-placement = { $move } n'est pas une pose : tant qu'il reste des pions en main, chaque tour en pose deux
seega-same-square = les deux pions sont posés en { $square } : une pose occupe deux cases vides différentes
seega-on-centre = un pion posé en c3 : on ne pose jamais rien sur la case centrale
seega-occupied = { $square } est occupée : les pions se posent sur des cases vides
seega-placement-over = une pose, alors que tous les pions sont posés : déplacez un pion d'une case
seega-not-your-piece = { $square } porte un pion de { $owner ->
    [south] Sud
   *[north] Nord
}, pas un pion de { side-name }
seega-no-piece = { $square } est vide : il n'y a pas de pion à déplacer
seega-not-one-step = { $move } n'est pas un pas d'une case vers le haut, le bas, la gauche ou la droite : un pion se déplace d'une case, orthogonalement
seega-destination-occupied = { $square } est occupée : un pion se déplace vers une case vide
seega-not-blocked = { side-name } peut se déplacer, donc { side-name } ne peut pas passer : seul un joueur bloqué passe son tour
seega-must-unblock = { opponent-name } vient de passer et { $move } laisse { opponent-name } bloqué : { side-name } doit jouer un coup qui permette à { opponent-name } de se déplacer
seega-legal-placement = { $text } ; légal : deux cases vides quelconques, sauf c3 ({ $squares })

seega-end-not-an-end = { $rule } n'est pas une fin de partie de Seega
seega-end-in-placement = { $rule } est déclarée alors qu'il reste des pions en main : la partie ne finit que pendant la phase de déplacement
seega-end-otherwise = { $declared } est déclarée, mais la partie s'est terminée par { $actual }
seega-end-wipeout-not-over = seega.end.wipeout est déclarée, mais les deux joueurs ont encore des pions
seega-end-not-blocked = { $rule } est déclarée, mais la partie n'est pas bloquée : le joueur au trait peut jouer (quand l'autre a passé son tour, un coup qui le libère)
seega-end-no-barrier = seega.end.barrier est déclarée, mais les pions d'aucun joueur n'isolent une région de cases vides de tous les pions adverses

## Textes qui ne sont pas ce qu'ils devraient être : noms de cases, coups,
## positions (notation/src/sowing/position.rs, notation/src/seega/*.rs)
#
# `text` est ce qui a été écrit, cité tel quel.

house-not-songo = `{ $text }` n'est pas une case du songo : écrivez S0 à S6 ou N0 à N6
house-not-awale = `{ $text }` n'est pas une case de l'awalé : écrivez A à F pour Sud et a à f pour Nord
house-in-seega = `{ $text }` : le Seega a des cases de plateau, pas des cases à graines
seega-not-a-move = `{ $text }` n'est pas un coup de Seega : écrivez une pose comme a1,b2, un déplacement comme b3-c3, ou pass
seega-not-a-phase = `{ $text }` n'est pas une phase : écrivez placement (la pose) ou movement (les déplacements)
seega-not-a-square = `{ $text }` n'est pas une case : écrivez une colonne de a à e et une rangée de 1 à 5, comme c3
position-row-length = la rangée { $side ->
    [south] Sud
   *[north] Nord
} a { $found ->
    [one] { $found } case
   *[other] { $found } cases
}, { $rules } en demande { $needed }
position-too-many-seeds = { $total } graines en tout : le moteur compte au plus { $most } graines, cases et réserves ensemble
position-not-sowing = { $rules } n'est pas un jeu de semailles : il n'a pas de cases à graines
seega-position-overlap = { $square } porte un pion de Sud et un pion de Nord
seega-position-too-many-pieces = { side-name } a { $total } pions sur le plateau, en main et pris par { opponent-name } : un joueur en possède { $most }
seega-position-odd-hand = { side-name } a un nombre impair de pions en main : ils se posent deux par deux (seega.place)
seega-position-empty-hand = { side-name } est au trait pendant la pose mais n'a plus de pion en main (seega.place)
seega-position-capture-in-placement = des pions sont pris alors qu'il en reste en main : rien ne se prend pendant la pose (seega.place)
seega-position-pass-in-placement = un joueur passe son tour pendant la pose : seul un joueur bloqué passe son tour (seega.blocked)

## Lire les positions (notation/src/error.rs, span.rs, input.rs, read.rs,
## notation/src/sowing/notation/*.rs, notation/src/seega/notation.rs)

diagnostic-error = erreur
at-line-column = { $text } à la ligne { $line }, colonne { $column }
location = ligne { $line }, colonne { $column }
note-hint = conseil
empty-position = position vide
hint-write-a-position-such-as = écrivez une position comme { $example }
compact-one-line = la notation compacte tient sur une ligne
hint-diagram-docs = pour un diagramme sur plusieurs lignes, voir docs/notation.md
hint-counts-per-row = écrivez { $count } nombres par rangée
hint-smaller-counts = donnez des nombres plus petits : un plateau contient au plus { $most } graines en tout
hint-sowing-position = donnez une position de songo, songo-ekang, awale ou oware-abapa

position-rules-disagree = la position dit { $written }, mais { $asked } a été demandé
hint-drop-a-ruleset = retirez la règle du jeu de la position ou de --rules
not-a-position = `{ $text }` n'est pas une position : songo lit la notation compacte, une FEN OGN, un diagramme, du JSON ou du YAML
hint-position-forms = écrivez une position comme songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5 (ou start), donnez un fichier, ou - pour lire l'entrée standard
compact-own-form = les positions de { $rules } ont leur propre forme compacte
hint-compact-sowing-games = la notation compacte écrit les jeux de semailles : songo, songo-ekang, awale, oware-abapa
compact-third-row = une troisième rangée
hint-two-rows = une position a deux rangées : nord/sud
not-a-side-to-move = `{ $text }` ne dit pas qui est au trait
hint-write-s-or-n = écrivez S (Sud) ou N (Nord)
compact-stores-before-side = les réserves viennent avant le camp au trait
compact-empty-field = un champ vide
compact-field-too-many = un champ de trop
hint-compact-after-rows = après les rangées viennent les réserves (sud-nord) et le camp au trait : :0-0:S
compact-expected-two-rows = il faut deux rangées séparées par `/`
hint-compact-two-rows = écrivez la rangée nord, `/`, puis la rangée sud, { $count } nombres chacune
count-missing = il manque le nombre de graines d'une case
hint-number-between-commas = écrivez un nombre entre deux virgules
count-negative = nombre négatif { $text }
hint-count-not-negative = une case contient 0 graine ou plus
count-not-a-number = `{ $text }` n'est pas un nombre de graines
hint-whole-numbers = les nombres sont entiers, comme 0, 5 ou 14
count-too-large = { $text } graines, c'est plus que le moteur ne peut en compter
hint-house-at-most = une case contient au plus { $most } graines
hint-counts-separated-by-commas = écrivez { $count } nombres séparés par des virgules
compact-stores-two-counts = les réserves sont deux nombres, sud-nord
hint-compact-stores = écrivez-les comme 3-0 (la réserve de Sud d'abord)
fen-not-awale = un FEN OGN est une position d'awalé, pas de { $rules }
hint-fen-rules = lisez-le avec --rules awale (ou oware-abapa), ou écrivez la position dans la notation compacte
fen-field-count = un FEN OGN a 15 champs, celui-ci { $count }
hint-fen-fields = 12 cases, 2 réserves et le camp au trait, reliés par `-`
hint-fen-side = terminez le FEN par S ou N

diagram-too-many-lines = trop de lignes pour un seul plateau
hint-one-board-at-a-time = donnez un plateau à la fois
diagram-third-row = une troisième rangée de nombres
hint-two-rows-of-counts = donnez un plateau à la fois : deux rangées de nombres
diagram-fourth-label-row = une quatrième ligne de noms de cases
hint-label-rows-place = nommez les cases de la rangée du haut au-dessus d'elle, et celles de la rangée du bas en dessous
diagram-empty-cell = une cellule vide
hint-zero-for-empty = écrivez 0 pour une case vide
diagram-not-a-songo-house = `{ $text }` n'est pas une case du songo
hint-songo-houses = les cases du songo sont N0 à N6 et S0 à S6
count-not-whole = `{ $text }` n'est pas un nombre entier de graines
diagram-neither-count-nor-label = `{ $text }` n'est ni un nombre de graines ni un nom de case
hint-diagram-lines = une ligne de diagramme est une rangée de noms de cases (N0 à N6, ou a à f), une rangée de nombres de graines, ou une ligne comme `réserves : sud 3 nord 0`, `au trait : nord` ou `rules: awale` ; mettez tout autre texte après un `#`
diagram-count-among-labels = `{ $text }` est un nombre dans une rangée de noms de cases
hint-counts-own-line = mettez les nombres de graines sur une ligne à part
diagram-label-among-counts = `{ $text }` est un nom de case dans une rangée de nombres
hint-labels-own-line = mettez les noms de cases sur une ligne à part
diagram-label-other-camp = `{ $text }` est une case de { $owner ->
    [south] Sud
   *[north] Nord
} dans une rangée de cases de { $row ->
    [south] Sud
   *[north] Nord
}
hint-label-row-one-camp = une ligne de noms nomme les cases d'un seul camp : N0 à N6 ou S0 à S6
diagram-letter-case-mixed = `{ $text }` est une { $capital ->
    [yes] majuscule dans une rangée de minuscules
   *[no] minuscule dans une rangée de majuscules
}
hint-one-camp-in-capitals = un camp s'écrit en majuscules, l'autre en minuscules
diagram-labels-mixed = `{ $text }` mêle les lettres de l'awalé et les noms de cases du songo
hint-label-families = nommez les cases du songo N0 à N6 / S0 à S6 et celles de l'awalé par des lettres
diagram-label-twice = `{ $text }` deux fois dans cette rangée
hint-each-house-once = chaque case du camp est nommée une fois
diagram-ruleset-missing = la règle du jeu manque
hint-ruleset-after-colon = écrivez-la après les deux-points : `rules: awale`
diagram-side-missing = le camp au trait manque
hint-to-move-line = écrivez `au trait : sud` ou `au trait : nord`
not-a-side = `{ $text }` n'est pas un camp
hint-write-a-side = écrivez sud (ou S) ou nord (ou N)
hint-stores-line = écrivez `réserves : sud 3 nord 0`, ou `réserves : 3-0` avec la réserve de Sud d'abord
diagram-stores-missing = les réserves manquent
diagram-whose-store = `{ $text }` : la réserve de qui ?
diagram-store-twice = la réserve de { side-name } est donnée deux fois
diagram-store-no-count = la réserve de { side-name } n'a pas de nombre
hint-diagram-rows = un diagramme a la rangée de Nord au-dessus de celle de Sud, un nombre par case
diagram-no-row = aucune rangée de nombres de graines
diagram-one-row = une seule rangée de nombres
diagram-second-line = une deuxième ligne pour { $what ->
    [stores] les réserves
    [to-move] le camp au trait
   *[rules] la règle du jeu
}
hint-say-it-once = dites-le une fois
diagram-rules-disagree = le diagramme dit { $written }, mais { $asked } a été demandé
hint-drop-rules-line = retirez la ligne rules ou --rules
diagram-second-label-row = une deuxième ligne de noms pour la même rangée de nombres
diagram-label-row-between = une ligne de noms entre les deux rangées de nombres : laquelle nomme-t-elle ?
hint-labels-outside = mettez les noms au-dessus de la rangée du haut et sous la rangée du bas, comme le font les textes
diagram-third-label-row = une troisième ligne de noms de cases
diagram-label-families-differ = des noms du songo sur une rangée, des lettres de l'awalé sur l'autre
hint-label-both-rows-alike = nommez les deux rangées de la même façon
diagram-labels-other-game = ces noms sont ceux des cases { $named ->
    [songo] du songo
   *[awale] de l'awalé
}, mais la règle du jeu est { $rules }
hint-labels-of-the-ruleset = nommez les cases comme le fait la règle du jeu, ou changez de règle
diagram-six-wide = des rangées de 6 cases : un plateau d'awalé ou d'oware, mais le diagramme ne dit pas quelle règle
hint-six-wide = ajoutez une ligne `rules: awale` (ou `rules: oware-abapa`), passez --rules, ou nommez les cases f e d c b a / A B C D E F
diagram-not-rows = les positions de { $rules } ne se dessinent pas en rangées de cases
diagram-labels-same-camp = les deux lignes de noms nomment les cases de { side-name }
hint-rows-of-both-camps = une rangée est celle de Nord (N0 à N6), l'autre celle de Sud (S0 à S6)
diagram-south-on-top-unlabelled = ce plateau est dessiné Sud en haut, et cette rangée n'a pas de noms
hint-south-on-top = nommez les deux rangées quand Sud est en haut, ou dessinez Nord en haut
diagram-caption-disagrees = cette légende dit { $caption ->
    [south] Sud
   *[north] Nord
}, mais la rangée ici est celle de { side-name }
hint-north-on-top = la rangée de Nord se dessine en haut ; nommez les rangées N0 … / S0 … pour dessiner Sud en haut (songo)
diagram-both-rows-same-case = les deux lignes de noms sont en { $capitals ->
    [yes] majuscules
   *[no] minuscules
}
hint-counts-or-awale = écrivez { $count } nombres ; pour un plateau d'awalé, ajoutez une ligne `rules: awale`
hint-counts-one-per-house = écrivez { $count } nombres, un par case
diagram-label-count = cette ligne nomme { $count ->
    [one] { $count } case
   *[other] { $count } cases
}, { $rules } en a { $width } par camp
hint-label-every-house = nommez chaque case du camp, un nom par nombre

unknown-ruleset = règle du jeu inconnue `{ $name }` : choisissez songo, songo-ekang, awale, oware-abapa, seega, akong-cameroon ou akong-gabon
side-unknown = `{ $text }` n'est pas un camp : écrivez `south` (ou `S`, `sud`) ou `north` (ou `N`, `nord`)
json-count-negative = { $at } vaut { $value } : un nombre de graines ne peut pas être négatif
json-count-too-large = { $at } vaut { $value } : plus de graines que le moteur n'en compte (au plus { $most })

too-deep = les crochets s'imbriquent sur plus de { $limit } niveaux
hint-too-deep = une position imbrique les crochets sur 2 niveaux, une partie sur environ deux par niveau de variante : fermez les crochets avant d'en ouvrir { $limit }
position-of-another-ruleset = la position est une position de { $rules }, mais { $asked } a été demandé
hint-drop-rules = retirez --rules, ou donnez une position de cette règle du jeu
hint-json-shape = une position s'écrit {"{"}"rules": "songo", "north": [7 nombres], "south": [7 nombres], "stores": {"{"}"south": 0, "north": 0{"}"}, "to_move": "south"{"}"}
hint-seega-json-shape = une position de Seega s'écrit {"{"}"rules": "seega", "board": [5 rangées comme "NN.NN", la rangée 5 d'abord], "to_move": "south", "phase": "movement", "in_hand": {"{"}"south": 0, "north": 0{"}"}, "captured": {"{"}"south": 0, "north": 0{"}"}{"}"}

seega-movement-with-pieces-in-hand = la phase est celle des déplacements, mais des pions sont en main ({ $in_hand }) : la pose continue tant qu'il reste un pion en main
seega-placement-without-pieces = la phase est celle de la pose, mais aucun pion n'est en main : donnez les pions en main (comme 2-2) ou écrivez movement
seega-hand-derived = { $text } ; les pions en main, non donnés, ont été comptés comme 12 moins ceux du plateau ({ $in_hand }) : donnez-les
seega-board-missing = le plateau manque
hint-seega-ranks-after = écrivez les cinq rangées après `seega:`, comme dans { $example }
seega-not-a-board = `{ $text }` n'est pas un plateau de Seega
seega-rank-count = le plateau a { $count ->
    [one] { $count } rangée
   *[other] { $count } rangées
}, le Seega en a 5
hint-seega-compact-ranks = écrivez les rangées de 5 à 1, séparées par `/`, cinq cases chacune : NN.NN/NNNNN/SN.SS/SSSSS/SSSNS
seega-not-a-square-of-the-board = `{ $text }` n'est pas une case du plateau
hint-seega-square-letters = écrivez S pour un pion de Sud, N pour un pion de Nord, . pour une case vide
seega-rank-width = la rangée { $rank } a { $count ->
    [one] { $count } case
   *[other] { $count } cases
}, une rangée en a 5
hint-seega-files = écrivez les colonnes de a à e, chacune S, N ou .
seega-unexpected-field = champ inattendu `{ $text }`
hint-seega-fields = après le plateau viennent, dans cet ordre : le camp au trait, la phase, les pions en main et les pions pris (sud-nord), et `passed` quand un joueur a passé son tour : :S:movement:0-0:0-0
seega-not-a-pair = `{ $text }` n'est pas une paire de nombres
hint-seega-pair = écrivez le nombre de Sud, `-`, celui de Nord, comme 12-10
seega-diagram-rules = `{ $text }` : ce diagramme est un plateau de Seega
seega-unknown-line = ligne inconnue `{ $text }`
hint-seega-lines = après le plateau viennent les lignes au trait :, phase :, en main :, pris : et a passé :
seega-not-a-rank = `{ $text }` n'est pas une rangée du plateau
hint-seega-rank = une rangée est faite de cinq cases, chacune S (Sud), N (Nord) ou . (vide), précédées si l'on veut du numéro de la rangée : 3 S N . S S
seega-sixth-rank = une sixième rangée : le plateau en a 5
seega-rank-order = la rangée { $rank } là où la rangée { $expected } était attendue
hint-seega-rank-order = écrivez les rangées de 5 en haut à 1 en bas
seega-diagram-rank-count = le diagramme a { $count } rangées, le Seega en a 5
hint-seega-five-ranks = écrivez cinq rangées de cinq cases, la rangée 5 d'abord
seega-passed-and-to-move = { side-name } a passé mais est aussi au trait
hint-seega-passed = `a passé :` nomme le joueur qui vient de passer, celui qui n'est pas au trait
hint-seega-labelled-pair = écrivez sud 12 nord 10 (ou 12-10)
seega-json-count = { $at } vaut { $value } : un nombre de pions est compris entre 0 et { $most }
seega-json-rows = une position de { $rules } a des rangées de cases à graines, pas un plateau
seega-json-rank-count = board a { $count } rangées : le Seega en a 5, la rangée 5 d'abord
seega-json-rank = { $at } vaut `{ $text }` : une rangée est faite de cinq cases, chacune S, N ou .

## Les parties notées (notation/src/record/*.rs, notation/src/sowing/record.rs,
## notation/src/seega/record.rs)

record-too-many-errors = plus de { $most } erreurs de syntaxe dans cette partie : les autres ne sont pas signalées
hint-is-it-a-record = vérifiez que le fichier est bien une partie notée
hint-tag-pair = un en-tête s'écrit [Nom "valeur"]
record-expected-bracket = `[` attendu
record-expected-tag-name = nom d'en-tête attendu (lettres, chiffres, `_`)
record-expected-tag-value = la valeur de l'en-tête `{ $name }` est attendue entre guillemets droits
record-tag-value-not-closed = la valeur de l'en-tête `{ $name }` n'est pas fermée : il manque un `"` avant la fin de la ligne
hint-quote-in-value = écrivez \" pour un guillemet dans une valeur
record-expected-closing-bracket = `]` attendu pour fermer l'en-tête `{ $name }`
record-tag-in-moves = un en-tête au milieu des coups
hint-tags-before-moves = les en-têtes viennent avant les coups ; une nouvelle partie commence sur une nouvelle ligne, avec ses en-têtes
record-unexpected = `{ $text }` inattendu au milieu des coups
record-variation-not-closed = { $inside ->
    [0] cette variante n'est jamais fermée
    [one] cette variante et celle qui s'ouvre à l'intérieur ne sont jamais fermées
   *[other] cette variante et les { $inside } variantes ouvertes à l'intérieur ne sont jamais fermées
}
hint-close-variations = fermez chaque `(` par une `)`
record-comment-not-closed = ce commentaire n'est jamais fermé
hint-close-comment = fermez-le par `{"}"}` (un commentaire ne peut pas contenir `{"}"}`)
record-variation-first = une variante doit suivre le coup qu'elle remplace
hint-variation-after-move = écrivez la variante après un coup : S2 N4 (N3 S1) S5
record-variations-too-deep = variantes imbriquées sur plus de { $most } niveaux : celle-ci est ignorée
record-unopened-variation = `)` ne ferme aucune variante
hint-unopened-variation = retirez-la, ou ouvrez la variante par `(`
record-moves-after-result = des coups après le résultat
hint-result-ends-the-game = le résultat termine la partie ; commencez la partie suivante sur une nouvelle ligne, avec ses en-têtes
record-claim-without-number = `+` doit être suivi du nombre de graines prises
hint-capture-claim = écrivez une prise annoncée comme S5+11
record-claim-too-large = la prise annoncée { $text } est trop grande
record-result-two-numbers = un résultat est fait de deux nombres reliés par `-`
hint-result-score = écrivez le score final, celui de Sud d'abord, comme 41-29
record-result-in-variation = un résultat dans une variante
hint-result-main-line = seule la ligne principale se termine par le résultat
record-annotation-too-large = ${ $text } n'est pas une annotation : elles vont de $0 à $255
record-dollar-without-number = `$` doit être suivi d'un numéro d'annotation
hint-annotation-numbers = écrivez $1 … $255
record-annotation-first = une annotation doit suivre un coup
record-not-utf8 = le texte n'est pas en UTF-8 ici
hint-save-as-utf8 = enregistrez le fichier en UTF-8
record-game-too-large = cette partie dépasse { $mebibytes } Mio (au moins { $bytes } octets) : elle n'a pas été lue
hint-game-too-large = découpez-la, ou cherchez un commentaire ou une variante qui ne se ferme pas
record-no-game = aucune partie dans ce texte
hint-record-shape = une partie notée a des en-têtes comme [Rules "songo"] et des coups comme 1. S2 N4
record-second-game = une deuxième partie : une seule était attendue
hint-read-all = lisez plusieurs parties avec record::read_all
ogn-not-awale = l'OGN contient des parties d'awalé et d'oware, pas de { $rules }

setup-tag-unreadable = l'en-tête { $tag } est illisible : { $text }
setup-position-of-another-ruleset = l'en-tête Position est une position de { $written }, mais la partie se joue selon { $rules }
hint-rules-and-position-agree = accordez l'en-tête Rules et l'en-tête Position
setup-not-sowing = { $rules } n'est pas un jeu de semailles
setup-not-seega = { $rules } n'est pas le Seega
setup-capitals-not-a-side = `{ $text }` n'est pas un camp : l'en-tête Capitals dit quel camp s'écrit en majuscules
hint-capitals-tag = écrivez [Capitals "South"] ou [Capitals "North"]
setup-first-not-a-side = `{ $text }` n'est pas un camp : l'en-tête First dit qui joue le premier
setup-seega-first-not-a-side = `{ $text }` n'est pas un camp : l'en-tête First dit qui pose le premier
hint-first-tag = écrivez [First "South"] ou [First "North"]
setup-first-disagrees = l'en-tête First dit que { $first ->
    [south] Sud
   *[north] Nord
} joue le premier, mais dans la position de départ c'est à { $side ->
    [south] Sud
   *[north] Nord
} de jouer
setup-seega-first-disagrees = l'en-tête First dit que { $first ->
    [south] Sud
   *[north] Nord
} joue le premier, mais dans la position de départ c'est à { side-name } de jouer
hint-drop-first = retirez l'en-tête First : la position dit qui est au trait
setup-seed-total = la position de départ contient { $total ->
    [one] { $total } graine
   *[other] { $total } graines
}, réserves comprises ; une partie { $rules ->
    [songo] de songo
    [songo-ekang] de songo ekang
    [awale] d'awalé
    [oware-abapa] d'oware abapa
    [seega] de Seega
   *[other] de { $rules }
} en compte { $expected }
hint-fragment-seeds = pour un fragment d'enseignement avec moins de graines, ajoutez [SetUp "fragment"]
setup-seega-piece-total = { side-name } possède { $owned } pions dans la position de départ (sur le plateau, en main et pris) ; une partie de Seega en a { $expected } par camp
hint-fragment-pieces = pour un fragment d'enseignement avec moins de pions, ajoutez [SetUp "fragment"]

record-json-tag-name = `{ $name }` n'est pas un nom d'en-tête : utilisez des lettres, des chiffres et `_`
record-json-tag-line-break = la valeur de l'en-tête `{ $name }` contient un saut de ligne : une valeur tient sur une ligne
record-json-not-a-move = `{ $text }` n'est pas un coup
record-json-bad-token = `{ $text }` : { $why }
record-json-not-one-move = `{ $text }` n'est pas un seul coup (comme S5, S5+11 ou S5+11!)
record-json-unknown-field = champ inconnu `{ $name }` : un nœud a `move` (avec `claim`, `nags`), `comment` ou `variation`
record-json-move-alone = `move` est le coup seul (`{ $text }`) : donnez la prise annoncée et les annotations dans `claim` et `nags`
record-json-node = un nœud est l'un de {"{"}"move": …{"}"}, {"{"}"comment": …{"}"} ou {"{"}"variation": […]{"}"}
record-json-not-a-result = `{ $text }` n'est pas un résultat : écrivez un score comme 41-29, ou *

record-game-already-over = la partie est déjà finie ({ $rule }, { $score }) : aucun coup ne peut suivre
record-wrong-claim = { $move } annonce une prise de { $claim }, mais il prend { $captured }
record-move-number = numéro de coup { $number }, mais le coup qui suit est le coup { $expected } (demi-coup { $ply })
hint-move-number = manque-t-il un coup avant ? Sinon, écrivez { $right }
hint-claim = écrivez { $move }+{ $captured }
hint-claim-nothing = écrivez { $move } sans prise annoncée : il ne prend rien
hint-capitals-letter-case = si cette partie écrit en majuscules les cases { $side ->
    [south] de Sud
   *[north] de Nord
}, dites-le avec [Capitals "{ $side ->
    [south] South
   *[north] North
}"]
record-not-a-date = `{ $text }` n'est pas une date sous la forme des parties notées
hint-date-dots = écrivez-la année.mois.jour : { $date }
hint-date-form = écrivez-la année.mois.jour, comme 2025.04.04, avec ?? pour ce qui est inconnu
record-unknown-variant = Variant inconnu `{ $text }` : les variantes de l'OGN sont Oware Abapa et Awale
hint-variant-or-rules = ou nommez la règle du jeu avec un en-tête Rules
record-not-a-result = `{ $text }` n'est pas un résultat
hint-result-tag = écrivez le score final, celui de Sud d'abord (41-29), un forfait (+/- Sud gagne, -/+ Nord gagne, -/- aucun des deux), ou * s'il est inconnu
record-forfeit-with-moves = la partie annonce le forfait { $claimed }, une partie non jouée, mais elle a { $plies ->
    [one] un coup
   *[other] { $plies } coups
}
hint-forfeit-no-moves = un forfait n'a pas de coups : retirez-les, ou écrivez le score final (ou * avec un en-tête Termination pour une partie arrêtée avant la fin)
record-result-token-disagrees = les coups se terminent par { $token }, mais l'en-tête Result dit { $tag }
hint-result-token-and-tag = accordez le résultat qui suit les coups et l'en-tête Result
record-termination-does-not-hold = l'en-tête Termination déclare { $declared }, qui n'est pas vérifiée : { $why }
record-result-game-not-over = la partie annonce { $claimed }, mais elle n'est pas finie après le demi-coup { $ply }
hint-termination-tag = si elle s'est arrêtée d'un commun accord, par abandon ou par décision d'arbitre, dites-le avec un en-tête Termination
record-result-disagrees = la partie annonce { $claimed }, mais elle se termine sur { $score } ({ $rule })

validate-note = remarque
validate-omitted = la partie { $game } a encore { $count } { $count ->
    [one] problème
   *[other] problèmes
} : seuls les { $most } premiers d'une partie sont signalés
validate-place-game = partie { $game }
validate-place-ply = { $place }, demi-coup { $ply }
validate-place-variation = { $place }, dans une variante
validate-rule-note = règle { $rule }
validate-position-before = la position avant le coup :
validate-final-position = la position finale :
validate-valid = valide
validate-invalid = invalide
validate-status = partie { $game }{ $who } à { $file }:{ $line } : { $verdict }, { $plies } { $plies ->
    [one] demi-coup
   *[other] demi-coups
}
validate-violations = { $count } { $count ->
    [one] infraction
   *[other] infractions
} ({ $rules })
validate-count-valid = { $count } { $count ->
    [one] valide
   *[other] valides
}
validate-count-invalid = { $count } { $count ->
    [one] invalide
   *[other] invalides
}
validate-summary = { $games } { $games ->
    [one] partie
   *[other] parties
} ({ $plies } { $plies ->
    [one] demi-coup
   *[other] demi-coups
}) dans { $files } { $files ->
    [one] fichier
   *[other] fichiers
} : { $verdict } ; { $violations } { $violations ->
    [one] infraction
   *[other] infractions
}

## Plateaux et coups joués (notation/src/render.rs,
## notation/src/sowing/render/*.rs, notation/src/sowing/notation/diagram.rs,
## notation/src/seega/render.rs, notation/src/seega/notation.rs)
#
# Les lignes des diagrammes (réserves, au trait, phase …) sont relues par
# les lecteurs de diagrammes : leurs mots doivent être des mots qu'ils connaissent.

board-before = Avant
board-after-sowing = Après le semis
board-after-captures = Après les prises
board-after = Après
legend-text-changed = * modifiées
legend-text-captured = x prises
legend-changed = en gras : les { $places ->
    [houses] cases
   *[squares] cases
} que le coup a modifiées
legend-captured = barrées : les { $places ->
    [houses] cases
   *[squares] cases
} prises
play-text-after-marked = Après (cases modifiées marquées *) :
step-no-capture-no-emptying = aucune prise : prendre { $houses } ({ $count } { $count ->
    [one] graine
   *[other] graines
}) aurait laissé { opponent-name } sans graine
diagram-stores-line = réserves : sud { $south } nord { $north }
diagram-to-move-line = au trait : { $side ->
    [south] sud
   *[north] nord
}
markdown-stores-line = réserves : sud { $south }, nord { $north }
markdown-last-move = dernier coup : { $move }, entre crochets
play-text-sown = Après le semis :
play-text-before = Avant :
play-text-after = Après :
play-text-after-sowing = Après le semis (cases modifiées marquées *) :
play-text-after-captures = Après les prises :
play-text-after-captures-marked = Après les prises (cases prises marquées x) :
markdown-sowing-legend = (en gras : les cases que le coup a modifiées)
markdown-captures-legend = (barrées : les cases prises)
step-headline = { side-name } joue { $move }
step-no-capture = aucune prise
step-captured = { $count ->
    [one] { $count } graine prise
   *[other] { $count } graines prises
}
step-captured-from = { $count ->
    [one] { $count } graine prise
   *[other] { $count } graines prises
} en { $houses }
step-conceded = { $text }, { $count ->
    [one] { $count } graine cédée
   *[other] { $count } graines cédées
} à la réserve de { side-name }
step-rules = { $text } ; règles : { $rules }
game-over-line = Partie terminée ({ $rule }) : { $score }, { $winner ->
    [south] Sud gagne
    [north] Nord gagne
   *[none] partie nulle
}{ $victory }.
moves-to-move = Au trait : { side-name }.
moves-legal = Coups légaux : { $moves }
moves-forbidden = { $move } interdit : { $text } ({ $rule })
svg-heading = { $headline } : { $summary }
svg-to-move = { side-name } au trait
svg-store = réserve
svg-legend-played = case jouée
svg-legend-changed = modifiée par le coup
svg-legend-captured = prise

seega-phase-line = phase : { $phase ->
    [placement] pose
   *[movement] déplacement
}
seega-in-hand-line = en main : sud { $south } nord { $north }
seega-captured-line = pris : sud { $south } nord { $north }
seega-passed-line = a passé : { $side ->
    [south] sud
   *[north] nord
}
seega-markdown-in-hand = en main : sud { $south }, nord { $north }
seega-markdown-captured = pris : sud { $south }, nord { $north }
seega-markdown-last-move = dernier coup : { $move }
seega-markdown-last-move-taking = dernier coup : { $move }, qui prend { $squares }
seega-markdown-stronghold = place forte : c3, entre crochets ; un pion qui s'y trouve ne peut pas être pris
seega-step-took = prend { $squares }
seega-svg-moves-title = Seega : { $count ->
    [one] { $count } coup
   *[other] { $count } coups
}
seega-svg-to-move = { side-name } au trait, phase { $phase ->
    [placement] de pose
   *[movement] de déplacement
}.
seega-svg-to-move-after-pass = { side-name } au trait, { opponent-name } ayant passé son tour, phase { $phase ->
    [placement] de pose
   *[movement] de déplacement
}.
seega-svg-side-placing = { $mark } { side-name } : { $board } { $board ->
    [one] posé
   *[other] posés
}, { $hand } en main
seega-svg-side-moving = { $mark } { side-name } : { $board } sur le plateau, { $took } pris
seega-svg-stronghold = La case barrée c3 est une place forte.
seega-moves-head = Au trait : { side-name }, phase { $phase ->
    [placement] de pose
   *[movement] de déplacement
}.
seega-moves-head-passed = Au trait : { side-name }, phase { $phase ->
    [placement] de pose
   *[movement] de déplacement
} ; { opponent-name } vient de passer.
seega-moves-placement = Coups légaux : deux cases quelconques parmi ces { $count } ({ $placements } poses) : { $squares }

## La ligne de commande (cli/) : ce que dit songo autour des mots de la bibliothèque.

cli-error = erreur : { $text }
cli-warning = attention : { $text }
cli-hint = conseil : { $text }
cli-hint-to-move = dans la position, c'est à { $mover ->
    [south] Sud
   *[north] Nord
} de jouer ; si c'est à { $side ->
    [south] Sud
   *[north] Nord
}, ajoutez --to-move { $side }
cli-bad-to-move = --to-move { $side } : { $text }
cli-cannot-read = impossible de lire { $name } : { $error }
cli-empty-file-name = un nom de fichier vide a été donné (une variable du shell non définie ?) : donnez un fichier de parties, un dossier de parties, ou - pour l’entrée standard
cli-no-such-file = impossible de lire { $name } : ce fichier n'existe pas (donnez un fichier, une position, ou - pour l'entrée standard)
cli-input-too-large = { $name } dépasse { $most } octets : est-ce bien une position ?
cli-not-utf8 = { $name } n'est pas un texte UTF-8 (octet invalide à la position { $offset })
cli-cannot-read-position = { $origin } : impossible de lire la position : { $error }
cli-cannot-write = impossible d'écrire la sortie : { $error }

play-bad-move = coup { $index } : { $text }
play-illegal-move = coup { $index } ({ $move }) : { $text }

cli-bad-mark = { $option } : { $text }
cli-position-forms = compact, text, markdown, svg, json ou yaml
cli-position-forms-with-fen = compact, text, markdown, svg, json, yaml ou fen
cli-record-targets = --to record et --to ogn sont pour les parties notées ; une position se convertit en { $forms }
cli-no-fen = un FEN OGN est une position d'awale ou d'oware-abapa, pas de { $rules } : choisissez un autre --to
cli-cannot-read-record = { $origin } : impossible de lire la partie : { $error }
cli-cannot-write-ogn = { $origin } : impossible d'écrire l'OGN : { $error }
cli-record-forms = une partie notée se convertit avec --to record, ogn, json ou yaml
cli-record-forms-handout = une partie notée se convertit avec --to record, ogn, json ou yaml ; pour la dessiner avec ses plateaux et ses commentaires : songo lesson render --to markdown --out DOSSIER { $origin } (ou en HTML : songo lesson render { $origin } > fiche.html)
cli-idle-mark = { $flag } marque un plateau dessiné en { $forms } : --to { $to } ne dessine pas de plateau ; retirez { $flag } ou choisissez --to { $forms }
cli-idle-last-move-text = --last-move se dessine en markdown et en svg ; le diagramme texte ne marque que les cases modifiées (*) et prises (x)
cli-idle-no-coordinates = --no-coordinates est pour les plateaux de Seega : un plateau de semailles n'a pas de coordonnées à retirer

# `songo generate` : `rules` est la règle demandée.
cli-engine-sowing-only = --engine joue les jeux de semailles (songo, songo-ekang, awale, oware-abapa) : { $rules } n'a pas d'analyse ; retirez --engine pour des parties au hasard

# `songo move` : `rules` est la règle de la position.
cli-move-sowing-only = songo move joue les jeux de semailles (songo, songo-ekang, awale, oware-abapa, akong-cameroon, akong-gabon) : { $rules } n'a pas encore de joueur du moteur ; songo moves donne les coups légaux de la position

cli-cannot-read-directory = impossible de lire le dossier { $name } : { $error }
cli-pair-too-large = { $name } dépasse { $most } octets : est-ce un fichier de tournoi (TRF) ?
cli-pair-bad-trf = { $name }:{ $line }:{ $column } : pas un fichier de tournoi (TRF) : { $error }
cli-pair-cannot = { $name } : appariement impossible : { $error }
cli-pair-no-pairing = { $name } : la ronde { $round } ne peut pas être appariée : { $error }
cli-pair-differs = { $name } : la ronde { $round } diffère ; le système apparie :
cli-pair-differs-unpairable = { $name } : la ronde { $round } diffère ; le système ne peut pas l'apparier : { $error }
cli-pair-all-agree = { $name } : chaque ronde est celle du système
cli-pair-missing-number = le numéro d'appariement { $number } n'a pas de ligne de joueur (001)
cli-pair-no-round-count = il faut le nombre de rondes : ajoutez une ligne `XXR <rondes>`
cli-pair-all-rounds-played = toutes les rondes que donne la ligne XXR sont déjà jouées
cli-pair-no-initial-colour = il faut la couleur de la première ronde : ajoutez une ligne `XXC white1` ou `XXC black1`
cli-no-record-file = aucun fichier de partie (*.songo, *.ogn) dans le dossier { $name }
cli-no-game = aucune partie dans { $name }
cli-progress-of-total = validation : {"{"}binary_bytes{"}"}/{"{"}binary_total_bytes{"}"} ({"{"}percent{"}"} %), {"{"}msg{"}"}
cli-progress = validation : {"{"}binary_bytes{"}"}, {"{"}msg{"}"}
cli-progress-games = { $games } { $games ->
cli-annotate-progress = jugement de la partie {"{"}msg{"}"} : demi-coup {"{"}pos{"}"}/{"{"}len{"}"}
    [one] partie
   *[other] parties
}, { $invalid } { $invalid ->
    [one] invalide
   *[other] invalides
}

serve-bad-seconds = { $flag } doit être un nombre de secondes positif, au plus { $most } (un jour), pas { $value }
serve-body-limit = --body-limit doit valoir au moins 1 octet
serve-max-connections = --max-connections doit être compris entre 1 et { $most }, pas { $value }
serve-at-least-one = { $flag } doit valoir au moins 1
serve-bad-address = { $flag } { $text } n'est pas une adresse d'écoute : { $error } ; écrivez HÔTE:PORT, comme 127.0.0.1:8080 ou localhost:8080
serve-address-unknown = ce nom ne correspond à aucune adresse
serve-bad-origin = --cors-origin { $value } : écrivez une origine comme un navigateur l'envoie, par exemple https://club.example ou http://localhost:3000 (sans chemin), ou *

rules-records-heading = format des parties notées (tous les jeux)

## L'API HTTP (service/src/) : titres et détails des problèmes.

problem-not-found = Route inconnue
problem-method-not-allowed = Méthode non permise sur cette route
problem-unsupported-media-type = Type de contenu non pris en charge
problem-body-too-large = Corps de la requête trop grand
problem-request-timeout = Corps de la requête non reçu à temps
problem-bad-encoding = Le corps de la requête n'est pas en UTF-8
problem-bad-json = Corps de la requête mal formé
problem-bad-query = Paramètre de requête invalide
problem-bad-position = Position illisible
problem-bad-move = Ce n'est pas un coup
problem-bad-record = Partie notée illisible
problem-bad-lesson = Leçon illisible
problem-unknown-ruleset = Règle du jeu inconnue
problem-illegal-move = Coup illégal
problem-busy = Serveur occupé
problem-timeout = La requête a pris trop de temps
problem-internal = Erreur interne
problem-detail-method-not-allowed = { $path } ne répond pas à { $method } ; utilisez { $allow }
problem-detail-cors-refused = { $path } ne répond à aucune page de { $origin } : ce serveur n'accepte les requêtes d'autres sites que des origines données à songo serve --cors-origin, et { $origin } n'en fait pas partie
problem-detail-cors-none = { $path } ne répond à aucune page de { $origin } : ce serveur n'accepte aucune requête d'un autre site ; lancez-le avec songo serve --cors-origin { $origin } pour accepter les pages de ce site
problem-detail-busy = aucune place de { $what ->
    [job] calcul
    [engine] moteur
   *[validation] validation
} (sur { $slots }) ne s'est libérée dans le temps imparti ; réessayez plus tard
problem-detail-bad-lang = lang={ $value } n'est pas une langue que songo parle : utilisez en ou fr
problem-detail-bad-query-string = la chaîne de requête est illisible : { $error }
problem-detail-no-parameter = paramètre de requête inconnu `{ $name }` : cette route n'en prend aucun
problem-detail-unknown-parameter = paramètre de requête inconnu `{ $name }` : cette route prend { $known }
problem-detail-cannot-write = impossible d'écrire la réponse : { $error }
problem-detail-cannot-write-yaml = impossible d'écrire le YAML : { $error }
problem-detail-bug = le serveur a rencontré un bogue en répondant ; il est consigné, et le serveur continue
problem-detail-timeout = la réponse n'était pas prête dans le délai de { $limit } ; envoyez un corps plus petit ou augmentez songo serve --request-timeout
problem-detail-not-found = aucune route { $method } { $path } ; GET /openapi.json donne la liste des routes
problem-detail-too-large = le corps fait { $size } ; ce serveur accepte au plus { $limit } octets (songo serve --body-limit)
problem-detail-bytes = { $count } octets
problem-detail-larger-than-limit = plus que la limite
problem-detail-body-timeout = le corps n'était pas arrivé en entier à l'expiration du délai ({ $received } octets reçus) ; envoyez-le plus vite ou augmentez songo serve --request-timeout
problem-detail-body-unreadable = le corps est illisible : { $error }
problem-detail-not-utf8 = le corps n'est pas en UTF-8 : octet invalide à la position { $offset }
problem-detail-too-deep = le corps imbrique les crochets sur plus de { $limit } niveaux
problem-detail-media = cette route lit { $accepted }, pas { $media }
problem-detail-media-form = cette route lit { $accepted }, pas { $media } (curl -d envoie un formulaire : ajoutez -H 'Content-Type: application/json' ou le type de votre corps)
problem-detail-bad-render = render={ $value } n'est pas un rendu : utilisez { $known }
problem-detail-bad-letters = letters={ $value } n'est pas une casse de lettres : utilisez south-upper ou north-upper
problem-detail-bad-json = le corps n'est pas le JSON que lit cette route : { $error }
problem-detail-position-shape = `position` vaut { $value } : écrivez un objet position ({"{"}"north": [...], "south": [...]{"}"}) ou une chaîne dans une forme de position ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5")
problem-detail-position-string = la chaîne de la position est illisible : { $error }
problem-position-location = { $location } du texte de la position
problem-detail-too-many-moves = { $count } coups : une requête en joue au plus { $most } ; découpez la partie
problem-detail-bad-record = le corps n'est pas une partie notée en { $media } : { $error }
problem-detail-bad-keep-going = keep_going={ $value } n'est pas un booléen : utilisez true ou false
problem-detail-stream-timeout = le délai a expiré avant que toutes les parties soient validées ; envoyez moins de parties ou augmentez songo serve --request-timeout
problem-detail-validation-stopped = la validation s'est arrêtée avant de commencer
problem-detail-bad-to = to={ $value } n'est pas une forme de partie : utilisez record, ogn, json ou yaml
problem-detail-no-to = dites quelle forme écrire : to=record, to=ogn, to=json ou to=yaml
problem-detail-no-ogn = partie { $game } : impossible de l'écrire en OGN : { $error }
problem-detail-bad-hooks = hooks={ $value } n'est pas un choix : utilisez true ou false
problem-detail-image-query = `{ $name }` n'est pas un paramètre d'une image de plateau : elle prend lang=en|fr, highlight, arrow et last ; la position est tout le chemin
problem-detail-image-last-twice = last= est donné deux fois : une image de plateau montre un seul dernier coup
problem-detail-image-escape = le chemin n'est pas une position dans la notation compacte : un échappement `%` est cassé
problem-bad-request = En-tête de requête illisible
problem-uri-too-long = Cible de la requête trop longue
problem-head-too-large = En-tête de requête trop grand
problem-too-much-work = La requête demande trop de travail
problem-too-many-requests = Trop de requêtes de ce client
problem-incomplete-body = Corps de la requête tronqué
problem-detail-bad-head = l'en-tête de la requête n'est pas du HTTP/1.1 que ce serveur sait lire : écrivez une ligne de requête (MÉTHODE /chemin HTTP/1.1), puis les en-têtes (Nom: valeur), chaque ligne finie par CRLF
problem-detail-uri-too-long = la cible de la requête (chemin et paramètres) dépasse { $limit } octets ; envoyez les données dans un corps
problem-detail-head-too-large = l'en-tête de la requête dépasse { $limit } octets ou { $headers } en-têtes ; envoyez moins dans les en-têtes
problem-detail-connections-busy = chacune des { $max } connexions que ce serveur garde ouvertes a une requête en cours ; réessayez dans un instant, ou augmentez songo serve --max-connections
problem-detail-body-incomplete = le corps s'est arrêté après { $received } octets, avant sa fin : la connexion s'est fermée, ou le découpage chunked est cassé ({ $error })
problem-detail-connections-per-client = ce client ({ $client }) garde déjà { $most } connexions ouvertes, le plus qu'une adresse peut garder ; envoyez ses requêtes sur celles-ci (keep-alive) ou fermez-en une
problem-detail-engine-per-client = ce client ({ $client }) a déjà { $most } requêtes au moteur (analyse, annotation avec le moteur, exercices) en cours, le plus qu'une adresse peut avoir ; envoyez celle-ci quand l'une d'elles aura sa réponse
problem-detail-body-too-slow = le corps est arrivé à moins de { $rate } octets par seconde ({ $received } octets en { $seconds } s) ; envoyez-le plus vite
problem-detail-body-stalled = aucun octet du corps n'est arrivé pendant { $seconds } s ({ $received } octets reçus) ; envoyez le corps sans pause
problem-detail-too-many-marks = { $count } marques (highlight= et arrow= ensemble) : une requête en dessine au plus { $most }
problem-detail-too-many-boards = la réponse dessinerait { $count } plateaux : une requête en dessine au plus { $most } ; jouez moins de coups avec render=, ou retirez render=
problem-detail-too-many-marks-drawn = la réponse dessinerait { $count } marques ({ $marks } sur chacun des { $boards } plateaux) : une requête en dessine au plus { $most } ; demandez moins de marques ou jouez moins de coups
problem-detail-answer-too-large = la réponse dépasserait { $limit } octets ; demandez moins (moins de coups ou de parties, sans render=)
problem-detail-annotate-too-large = les parties font { $size } octets : une annotation en réécrit au plus { $most } octets (sa réponse est quelque 15 fois plus grande) ; envoyez moins de parties à la fois
problem-detail-answers-busy = les réponses que leurs clients n'ont pas encore lues remplissent les { $limit } octets que ce serveur leur réserve ; réessayez dans un instant
problem-detail-bodies-busy = les corps en cours de lecture remplissent les { $limit } octets que ce serveur leur réserve ; réessayez dans un instant

## Images : la légende des formes dessinées sur les plateaux (notation/src/render/svg.rs)

picture-key-seega-move = le coup joué
picture-key-seega-taken = pions pris
picture-key-path = chemin des graines semées
picture-key-harvest = graines prises dans la case
picture-key-threat = menace : les graines qu'elle prendrait
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
teach-seega-move-parries = il pare les menaces de { side-name } (pions en prise : { $before } avant, { $after } après)
teach-seega-move-ignores = il laisse subsister les menaces de { side-name } ({ pieces } en prise)
teach-seega-note-threat-created = { side-name } menace maintenant { $squares }.
teach-seega-note-blocked = { side-name } est bloqué : aucun pas légal.

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
    [one] { $count } graine prise ({ $houses }).
   *[other] { $count } graines prises ({ $houses }).
}
lesson-move-summary-kept = { $count ->
    [one] { $count } graine prise (gardée en fin de distribution).
   *[other] { $count } graines prises (gardées en fin de distribution).
}
lesson-refused = { $played } ne peut pas être joué ici : { $message }
lesson-explain-heading = Ce que montre le plateau
lesson-linked = { $played } ({ side-name }), { lesson-stage }
lesson-from-start = { $played } depuis la position de départ, { lesson-stage }
lesson-unreadable-board = Ce plateau ne se lit pas : songo lesson check dit pourquoi.
lesson-record-game = Partie { $number }
lesson-record-start = Position de départ
lesson-record-after = Après { $numbered }
lesson-record-captures = { $numbered } prend { seeds }
lesson-record-variation = Variante :
lesson-record-result = Résultat : { $result }
lesson-record-stopped = La relecture s'arrête au demi-coup { $ply } : { $played } ne peut pas être joué (songo lesson check dit pourquoi).
lesson-tag-value = { $tag } : { $value }
lesson-tag = { $name ->
    [Event] Événement
    [Site] Lieu
    [Date] Date
    [South] Sud
    [North] Nord
   *[Result] Résultat
}

lesson-summary = { $path } : { $diagrams ->
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
lesson-link-line = ligne { $from } → ligne { $to } : { side-name } joue { $played }, { lesson-stage }
lesson-start-line = ligne { $line } : { $played } depuis la position de départ, { lesson-stage }

lesson-problem-diagram = ce plateau ne se lit pas : { $message }
lesson-problem-unlinked = le texte présente ce plateau comme le résultat d'un coup, mais aucun coup légal d'aucun des deux camps n'y mène depuis le plateau de la ligne { $line }
lesson-house-differs = { $house } vaut { $here } ici, { $computed } selon les règles
lesson-problem-closest = le plus proche est { $played } ({ side-name }), { lesson-stage } : { $differences }
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
} ; il en capture { $count }
lesson-problem-claim-house = le texte dit que { $played } prend { $claimed ->
    [one] { $claimed } graine
   *[other] { $claimed } graines
} en { $house } ; il y en prend { $count }
lesson-problem-claim-not-taken = le texte dit que { $played } prend { $claimed ->
    [one] { $claimed } graine
   *[other] { $claimed } graines
} en { $house } ; il ne prend pas { $house }
lesson-problem-expectation = ceci n'est pas vrai : { $expected }

lesson-actual-captures = { $played } capture { seeds }
lesson-actual-captures-from = { $played } capture { seeds } ({ $houses })
lesson-actual-captures-nothing = { $played } ne capture rien
lesson-actual-refused-by = { $played } est interdit par { $rule }
lesson-actual-all-legal = tous les coups joués sont légaux
lesson-actual-legal = { $played } est légal
lesson-actual-no-threat-from = { $house } ne menace rien
lesson-actual-threat = { $house } menace { $houses } ({ seeds })
lesson-actual-defence-kind = { $played } est une défense d'une autre sorte : { $kind ->
    [yinda] un yinda
    [evasion] une esquive
   *[other] ni un yinda ni une esquive
}
lesson-actual-no-defence = { $played } n'est pas une défense
lesson-actual-not-grenier = { $house } contient { seeds }, trop peu pour un grenier
lesson-actual-bidoua = le bidoua est de { $south } pour Sud et { $north } pour Nord
lesson-actual-game-over = la partie se termine par { $rule }
lesson-actual-not-over = la partie n'est pas finie
lesson-actual-winner = { $side ->
    [south] Sud gagne
    [north] Nord gagne
   *[none] la partie est nulle
}
lesson-actual-not-sowing = cette affirmation porte sur les jeux de semailles

lesson-expect-unreadable = « { $text } » n'est pas une affirmation que songo sait vérifier
lesson-expect-forms = écrivez par exemple : S4 prend 11 [de N0 N1 …], S4 prend rien, [S0] interdit [songo.exit], S1 légal, N4 menace S3 S4 [6], aucune menace, N1 yinda, N2 esquive, N2 défense, grenier S4, bidoua sud 7 nord 4, fin de partie [règle], gagnant sud|nord|personne
lesson-expect-unknown-rule = « { $rule } » n'est pas un identifiant de règle
lesson-expect-rule-hint = les identifiants des règles sont dans docs/rules.md (songo.exit, songo.capture.chain, …)
lesson-error-twice = « { $key } » est donné deux fois dans ce bloc
lesson-error-twice-hint = donnez-le une fois, ou coupez le bloc en deux
lesson-error-record-and-board = un bloc montre un plateau ou une partie, pas les deux
lesson-error-record-and-board-hint = mettez la partie dans un bloc à elle, ou donnez sa position de départ dans une étiquette Position
lesson-error-plies-without-record = « plies: » choisit des coups d'une partie, et ce bloc n'en contient pas
lesson-error-plies-without-record-hint = mettez la partie après « plies: », en commençant par ses étiquettes ([Rules "songo"])
lesson-error-two-positions = ce bloc donne son plateau deux fois : une ligne « position: » et un diagramme
lesson-error-two-positions-hint = gardez l'un des deux
lesson-error-empty-block = ce bloc ne montre rien
lesson-error-empty-block-hint = donnez un plateau (un diagramme, ou position: sur une ligne), des coups à jouer (jouer:) ou une partie
lesson-error-move-hint = les coups sont des noms de cases (S2, N4 ; à l'awalé C, e) ou des coups de seega (a1,b2, b3-c3, pass), séparés par des espaces
lesson-error-too-many-moves = un bloc joue au plus { $count } coups
lesson-error-too-many-moves-hint = répartissez les coups sur plusieurs blocs, ou montrez-les comme une partie
lesson-error-plies = « { $text } » n'est pas une suite de demi-coups
lesson-error-plies-hint = écrivez demi-coups: 5-9 (ou un seul : demi-coups: 5), en comptant à partir de 1
lesson-error-too-many-boards = la fiche aurait plus de { $count } plateaux
lesson-error-too-many-parts = une leçon contient au plus { $count } plateaux et blocs
lesson-error-too-large = la leçon fait plus de { $count } octets
lesson-error-not-utf8 = la leçon n'est pas du texte UTF-8 (octet { $byte })
lesson-error-not-utf8-hint = enregistrez la leçon en UTF-8
lesson-error-split-hint = coupez la leçon en plusieurs

## La page web (service/page/ ; docs/page.md)

page-title = songo : plateau, coups et parties
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
page-copy-failed = La copie n'est pas permise ici : le texte est dans la zone d'export.
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
page-paste = Collez une position : un diagramme, la notation compacte, du JSON ou une FEN OGN
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
page-analysis-best = Meilleur coup : { $move }, { $value } graines pour le camp au trait ({ $text })
page-analysis-exact = valeur exacte
page-analysis-depth = recherche à { $count } demi-coups
page-analysis-line = Meilleure suite : { $text }
page-annotate-engine = et le jugement du moteur sur chaque coup (?!, ?, ??)
page-annotate-waiting = Le moteur juge le premier coup…
page-annotate-progress = Demi-coup { $value } sur { $count } jugé
page-annotate-progress-game = Partie { $game } : demi-coup { $value } sur { $count } jugé
page-annotate-stop = Arrêter
page-annotate-stopped = Arrêté au demi-coup { $value } sur { $count } : la partie notée n'a pas été modifiée.
page-annotate-marks = Les marques du moteur jusqu'ici
page-annotate-mark = Demi-coup { $value } : { $move } { $text }
page-exported = Texte exporté
page-embed = Intégrer ce plateau dans une autre page
page-footer = Le serveur ne garde rien : un plateau se partage par son lien.
page-error = Le serveur n'a pas pu répondre.
page-at = ligne { $line }, colonne { $column }
page-game-over = Partie terminée
page-game-won = Partie terminée : { $name } gagne, { $text }.
page-game-drawn = Partie terminée : nulle, { $text }.
page-export-south = Joueur du Sud
page-export-north = Joueur du Nord
page-south-moves = Sud au trait
page-north-moves = Nord au trait
page-seeds = { seeds }
page-house-label = { $house }, { seeds }
page-square-label = { $house }, { $text }
page-piece-south = pion de Sud
page-piece-north = pion de Nord
page-empty = vide
page-played-nothing = { $name } joue { $move } : pas de prise
page-played-captured = { $name } joue { $move } : { $count ->
    [one] { $count } graine prise
   *[other] { $count } graines prises
} en { $text }
page-go-to = Demi-coup { $count } : { $move }
page-placements = { $count ->
    [one] { $count } pose : choisissez ses deux cases sur le plateau
   *[other] { $count } poses : choisissez deux cases sur le plateau
}
page-download = Télécharger { $name }
page-record-summary = { $count ->
    [one] { $count } partie, { $text } non valide
   *[other] { $count } parties, { $text } non valides
}
page-game-heading = Partie { $game } : { $name } – { $text }
page-valid = { $count ->
    [one] Valide : { $count } demi-coup
   *[other] Valide : { $count } demi-coups
}
page-invalid = { $count ->
    [one] { $count } violation
   *[other] { $count } violations
}
page-open-game = Montrer cette partie sur le plateau

## Marques du moteur (songo annotate --engine ; docs/analysis.md)

# Un coup, le seul qui garde la valeur.
engine-only = Seul bon coup : tout autre coup perd des graines.
# Un coup qui perd `count` graines d'écart ; `move` était meilleur.
engine-loss = { $mark ->
    [inaccuracy] Imprécision
    [mistake] Erreur
   *[blunder] Bourde
} : { $count ->
    [one] { $count } graine perdue
   *[other] { $count } graines perdues
} ; { $move } valait mieux.
# Pourquoi le moteur n'a jugé qu'une partie de la partie.
engine-unjudged-seega = pas de marques du moteur : l'analyse ne joue que les jeux de semailles
engine-unjudged-time = le temps total du moteur est écoulé : les coups à partir du { $ply } ne sont pas jugés
engine-unjudged-seeds = coup { $ply } : la position compte trop de graines pour l'analyse ; les coups suivants ne sont pas jugés
# L'avis du moteur sur un joueur, dans le commentaire qui clôt une partie
# annotée (docs/analysis.md) : `lost` en graines d'écart, `accuracy` un
# pourcentage, `plies` les coups du joueur jugés.
engine-summary = { side-name } : { $lost ->
    [one] { $lost } graine perdue
   *[other] { $lost } graines perdues
}, { $blunders ->
    [one] { $blunders } bourde
   *[other] { $blunders } bourdes
}, { $mistakes ->
    [one] { $mistakes } erreur
   *[other] { $mistakes } erreurs
}, { $inaccuracies ->
    [one] { $inaccuracies } imprécision
   *[other] { $inaccuracies } imprécisions
}, { $only ->
    [one] { $only } seul bon coup
   *[other] { $only } seuls bons coups
} ; précision { $accuracy } % sur { $plies ->
    [one] { $plies } coup
   *[other] { $plies } coups
}.

analyse-exact = exacte
analyse-estimate = estimée
analyse-estimate-at = estimée à la profondeur { $depth }
analyse-best = Meilleur coup : { $move }, valeur { $value } pour { side-name } ({ $text }).
analyse-value-means = La valeur est le score final de { side-name } moins celui de { opponent-name }, réserves comprises.
analyse-final-value = Valeur pour { side-name } : { $value } (score final).
analyse-line = Suite : { $moves }
analyse-moves = Coups :
analyse-depth = Profondeur { $depth }, { $nodes } positions, { $hits ->
    [one] { $hits } lue
   *[other] { $hits } lues
} dans les tables de finales.
analyse-time = Temps { $seconds } s, { $speed } positions par seconde.

tables-not-sowing = { $rules } n'est pas un jeu de semailles : il n'a pas de tables
tables-too-many-seeds = --seeds { $seeds } : les tables contiennent au plus { $most } graines sur le plateau
tables-cannot-create = impossible de créer { $name } : { $error }
tables-nothing-to-split = toute position de { $rules } à { $seeds } graines est finie : il n'y a pas de table à découper
tables-none-needed = { $rules } { $seeds } { $count ->
    [one] graine
   *[other] graines
} : toute position est finie, pas besoin de table
tables-written = { $rules } { $seeds } { $count ->
    [one] graine
   *[other] graines
} : { $slices } tranche(s) × { $boards } plateaux = { $entries } entrées → { $file } ({ $seconds } s)
tables-no-part = aucune partie de la table de { $rules } à { $seeds } graines dans { $dir } (fichiers { $files })
tables-none = Aucune table { $rules } dans { $dir }.
tables-info-line = { $rules } { $seeds } { $count ->
    [one] graine
   *[other] graines
} : { $slices } tranche(s), { $entries } entrées ({ $file })

## The page, issue 26 (service/page/: lesson.js, app.js, record.js): the
## Lesson tab, a link's refused move, the engine's marks. Kept together,
## apart from the messages above, to ease merging.
page-tab-lesson = Leçon
page-lesson-hint = Collez un texte d'enseignement avec ses plateaux ; la vérification dit quels plateaux et quelles affirmations les règles ne donnent pas, à leur ligne.
page-lesson-paste = Le texte de la leçon
page-lesson-check = Vérifier la leçon
page-lesson-title = Titre du polycopié
page-lesson-handout = Télécharger le polycopié
page-lesson-ok = Aucun problème
page-lesson-problems = { $count ->
    [one] { $count } problème
   *[other] { $count } problèmes
}
page-lesson-boards = { $count ->
    [one] { $count } plateau
   *[other] { $count } plateaux
}
page-lesson-links = { $count ->
    [one] { $count } coup les reliant
   *[other] { $count } coups les reliant
}
page-lesson-note = remarque
page-lesson-unreadable = La leçon ne peut pas être lue
page-link-refused = Le coup { $count } du lien ({ $move }) est refusé : { $text }.
page-link-kept = { $count ->
    [one] Le coup précédent est affiché.
   *[other] Les { $count } coups précédents sont affichés.
}
page-eval = Évaluation { $text } pour Sud
page-eval-depth = Évaluation { $text } pour Sud (profondeur { $count })
page-eval-exact = Évaluation { $text } pour Sud (exacte)
page-glyph-good = bon coup
page-glyph-mistake = erreur
page-glyph-brilliant = très bon coup
page-glyph-blunder = gaffe
page-glyph-interesting = coup intéressant
page-glyph-dubious = coup douteux
page-legend-grenier = Case jaune : un grenier
page-legend-defence = Case verte : le coup d’une défense (yinda, esquive…)
page-defence-yinda = yinda
page-defence-evasion = esquive
page-defence-other = autre défense
# The Explain picture (notation/src/render/svg.rs): each side's threats in their own colour.
picture-key-threat-south = menace de Sud : les graines qu'elle prendrait
picture-key-threat-north = menace de Nord : les graines qu'elle prendrait
# The archive (`songo archive`, `songo explore`, the /v1/games routes).
archive-no-default = aucune archive indiquée, et pas de dossier personnel pour celle par défaut
hint-archive-flag = indiquez-en une avec --archive CHEMIN (un fichier SQLite) ou --archive postgres://…, ou la variable SONGO_ARCHIVE
archive-cannot-open = impossible d’ouvrir l’archive { $location } : { $cause }
archive-too-new = l’archive { $location } a le schéma version { $version }, plus récent que ce que ce songo connaît ({ $known })
hint-archive-too-new = utilisez un songo plus récent avec cette archive
archive-full = l’archive est pleine : { $cause } ; le lot en cours d’écriture a été annulé, les parties enregistrées avant lui sont conservées
hint-archive-full = libérez de la place (ou relevez la limite de taille de la base) et relancez le même import : il n’ajoute que ce qui manque
archive-bad-cursor = { $cursor } n’est pas un curseur donné par une page de résultats
hint-archive-cursor = continuez avec le `next` de la page précédente (JSON), ou le --after affiché après une liste
archive-bad-date = { $date } n’est pas une date
hint-archive-date = écrivez les dates AAAA, AAAA.MM ou AAAA.MM.JJ, avec un mois de 01 à 12 et un jour de 01 à 31
archive-too-many-to-replay = { $games } parties ont atteint cette position après le coup { $plies } : l’explorateur rejoue ces parties et s’arrête à { $limit }
hint-archive-too-many-to-replay = cherchez plutôt les parties passées par la position (songo archive search --position, ou GET /v1/games?position=…), ou explorez une position quelques coups plus tôt
archive-conflict = l’archive était occupée par la modification d’un autre auteur ({ $state } : { $cause }), encore après quelques essais ; rien n’a été enregistré : envoyez-la de nouveau
archive-database = la base de l’archive a échoué : { $cause }
archive-no-such-revision = la partie { $id } n’a pas de révision { $revision } : ses révisions vont de 1 à { $last }
archive-revision-line = révision { $revision } sur { $last }{ $deleted ->
    [yes] , supprimée
   *[no] {""}
}
archive-edit-nothing = rien à modifier : donnez --tag Nom=Valeur, --moves FICHIER, ou les deux
archive-changed = la partie { $id } en est maintenant à la révision { $revision }{ $deleted ->
    [yes] , supprimée
   *[no] {""}
}
archive-history-line = { $revision }  { $at }  { $action } par { $by }
live-no-such-game = aucune partie en direct n’a l’identifiant { $id }
live-wrong-key = ce n’est pas la clé de la partie en direct { $id } : ses coups demandent la clé que sa création a donnée
live-bad-name = `{ $field }` doit être un nom de 1 à { $limit } caractères, sans caractère de contrôle
live-gap = le demi-coup { $given } n’est pas le suivant de la partie en direct { $id } : le suivant est le { $next } (envoyez les coups dans l’ordre, depuis le premier qui manque au serveur)
live-taken = le demi-coup { $ply } de la partie en direct { $id } est déjà { $stored }, pas { $given } : relisez la partie (GET /v1/live/{ $id }) et reprenez à partir de ses coups
live-too-long = une partie en direct garde au plus { $limit } demi-coups
live-finished = la partie en direct { $id } est terminée : sa feuille est dans l’archive, où une erreur se corrige (PATCH /v1/games/…)
live-not-last = seul le dernier coup de la partie en direct { $id } peut être repris : le demi-coup { $last }, pas le { $given }
live-forfeit-with-moves = la partie en direct { $id } a des coups : une partie jouée se termine par abandon ou par accord, pas par forfait
live-resignation-winner = un abandon demande son `winner` : le joueur qui n’a pas abandonné (south ou north)
live-no-winner = { $end ->
    [agreement] un accord
   *[other] { $end }
} n’a pas de `winner` : la partie s’arrête où elle en est
archive-no-such-game = l’archive ne contient aucune partie { $id }
hint-archive-no-such-game = l’identifiant d’une partie est fait des 16 chiffres hexadécimaux que liste `songo archive search`
archive-stale = la partie { $id } en est maintenant à la révision { $current } : quelqu’un l’a modifiée depuis que vous l’avez lue
hint-archive-stale = relisez-la (songo archive show, ou GET avec son ETag) et faites votre modification sur ce qu’elle est maintenant
archive-unchanged = la partie { $id } reste telle quelle : { $why ->
    [deleted] elle est supprimée (restaurez-la d’abord)
    [not-deleted] elle n’est pas supprimée
   *[other] la modification donne le même texte
}
archive-duplicate = le texte modifié est celui de la partie { $other }, déjà enregistrée
archive-changed-not-a-game = le texte modifié n’est pas une partie : { $why }
archive-progress = import : {"{"}binary_bytes{"}"}/{"{"}binary_total_bytes{"}"} ({"{"}percent{"}"} %), {"{"}msg{"}"}
archive-progress-games = { $imported } importées, { $duplicates } doublons
archive-import-summary = { $imported ->
        [one] { $imported } partie importée
       *[other] { $imported } parties importées
    }, { $duplicates ->
        [one] { $duplicates } doublon
       *[other] { $duplicates } doublons
    }, { $invalid ->
        [one] { $invalid } invalide
       *[other] { $invalid } invalides
    }, dans { $location }
archive-correction-found = correction probable : une partie de { $file } a l’événement, la ronde et les joueurs de la partie { $id } avec un autre texte ; elle n’est pas enregistrée (importez-la avec --update pour en faire la révision suivante de cette partie)
archive-correction-stored = correction : une partie de { $file } est maintenant la révision { $revision } de la partie { $id }
archive-unreadable = illisible : { $file } : { $reason }
archive-not-a-game = { $line }:{ $column } : pas de partie ici : { $reason }
archive-invalid-mark = invalide
archive-no-match = Aucune partie ne correspond.
archive-next-page = d’autres parties : continuez avec --after { $cursor }
archive-exported = { $count ->
        [one] { $count } partie exportée
       *[other] { $count } parties exportées
    }
explore-summary = { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    } : Sud a gagné { $south }, Nord { $north }, { $draw ->
        [one] { $draw } nulle
       *[other] { $draw } nulles
    }
explore-col-move = coup
explore-col-games = parties
explore-col-south = Sud
explore-col-north = Nord
explore-col-draw = nulles
explore-col-average = Sud−Nord
explore-ended = { $games ->
        [one] { $games } partie s’est terminée ici.
       *[other] { $games } parties se sont terminées ici.
    }
explore-recent = Ajoutées le plus récemment :
standings-title = { $event } : { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }
standings-col-player = joueur
standings-col-points = points
standings-col-games = parties
standings-col-wins = gagnées
standings-col-draws = nulles
standings-col-losses = perdues
standings-col-seeds-won = graines gagnées
standings-col-seeds-lost = graines perdues
standings-points = Une victoire vaut 1 point, une nulle ½. Les colonnes numérotées donnent les points marqués contre le joueur classé à cette place.
standings-tiebreaks = Les joueurs à égalité de points sont départagés par { $list } (FIDE C.07), dans cet ordre, le tournoi compté comme { $system ->
        [round-robin] un toutes-rondes
       *[swiss] un système suisse
    }.
ratings-title = Classement Glicko-2, { $rules } : { $players ->
        [one] { $players } joueur
       *[other] { $players } joueurs
    }
ratings-as-of = À la fin de { $month }. Une période de classement est un mois civil de la date des parties.
ratings-col-player = joueur
ratings-col-rating = classement
ratings-col-rd = RD
ratings-col-volatility = volatilité
ratings-col-games = parties
ratings-left-out = Non classées : { $forfeits } forfaits, { $undated } parties sans mois dans leur date, { $unfinished } inachevées, { $unnamed } sans les deux joueurs nommés.
problem-no-archive = Pas d’archive
problem-unauthorized = Jeton absent ou faux
problem-forbidden = Archive en lecture seule
problem-archive-unavailable = Archive indisponible
problem-no-such-game = Partie inconnue
problem-detail-no-archive = ce serveur ne tient pas d’archive
hint-serve-archive = démarrez-le avec songo serve --archive CHEMIN|URL
problem-detail-read-only = l’archive est en lecture seule par HTTP : aucun jeton ne peut y écrire
hint-archive-token = créez un jeton d’écriture avec songo archive token add NOM --scope write --club CLUB (ou démarrez le serveur avec --archive-token-file FICHIER) et envoyez Authorization: Bearer JETON
problem-detail-bad-token = il faut l’en-tête Authorization: Bearer JETON, avec le jeton d’un des comptes de l’archive (ou celui du serveur)
problem-detail-no-game = pas de partie { $id } dans l’archive
problem-detail-bad-value = { $name }={ $value } n’est pas une valeur que ce paramètre accepte
problem-detail-export-no-pages = { $name } sert aux pages d’une recherche : avec format={ $format }, toutes les parties qui correspondent viennent en une seule réponse, sans pages
problem-detail-missing-parameter = le paramètre `{ $name }` est nécessaire
serve-empty-token = le fichier de jeton { $file } est vide
archive-no-game-in-file = aucune partie dans ce fichier
problem-precondition-required = If-Match nécessaire
problem-stale-revision = Révision dépassée
problem-conflict = Modification refusée
problem-not-a-game = Le texte modifié n’est pas une partie
problem-detail-if-match-needed = une modification de la partie { $id } demande l’en-tête If-Match avec l’ETag de la révision sur laquelle elle est faite
hint-if-match = lisez la partie (GET) : l’en-tête ETag de sa réponse est l’étiquette de cette révision, « ID-RÉVISION » ; renvoyez-la dans If-Match (« * » fait la modification sur la révision où en est la partie, quelle qu’elle soit)
problem-detail-reason-needed = une modification demande sa raison : `reason`, quelques mots, { $limit } caractères au plus
problem-detail-reason-too-long = la raison fait { $length } caractères ; { $limit } au plus sont gardés
problem-detail-reason-control = la raison contient un caractère de contrôle (un saut de ligne, une tabulation) : écrivez-la sur une ligne
problem-detail-reason-twice = la raison est donnée deux fois, dans le corps et dans la requête : donnez-la une fois
problem-detail-tag-name = `{ $name }` n’est pas un nom de balise : un nom de balise est fait de 1 à { $limit } lettres ASCII, chiffres ou _
problem-detail-tag-value = la valeur de { $name } dépasse { $limit } caractères ou contient un caractère de contrôle (un saut de ligne, une tabulation)
problem-detail-too-many-tags = la modification donne { $count } balises ; { $limit } au plus
problem-detail-empty-change = la modification ne nomme aucune balise et aucun coup : donnez `tags`, `moves` ou les deux

# Les comptes (`songo archive token`, les jetons de `songo serve`) :
# `name` est le nom d’un compte, `scope` et `needed` valent read, write ou
# admin (des identifiants, jamais traduits), `club` est le nom d’un club,
# `event` et `site` les balises d’un tournoi.
problem-insufficient-scope = Portée du jeton insuffisante
problem-other-clubs-event = Tournoi d’un autre club
problem-detail-scope = le jeton du compte { $name } a la portée { $scope } ; il faut { $needed }
problem-detail-revoked-token = le jeton du compte { $name } a été révoqué
problem-detail-other-club = le tournoi { $event } appartient au club { $club } : seuls ses jetons d’écriture, ou un jeton admin, peuvent y ajouter des parties
problem-detail-other-club-at = le tournoi { $event } à { $site } appartient au club { $club } : seuls ses jetons d’écriture, ou un jeton admin, peuvent y ajouter des parties
hint-token-add = le gardien de l’archive crée un jeton avec songo archive token add NOM --scope read|write|admin
account-bad-name = { $name } n’est pas un nom de compte : écrivez des lettres, des chiffres, ., _, - ou @, { $most } au plus
account-bad-club = { $club } n’est pas un nom de club : écrivez de 1 à { $most } caractères
account-exists = l’archive a déjà un compte { $name }
hint-account-exists = choisissez un autre nom : un compte révoqué garde son nom, pour que ce qu’il a écrit le nomme encore
account-unknown = l’archive n’a pas de compte { $name }
hint-account-list = songo archive token list donne la liste des comptes
account-club-needed = un jeton d’écriture demande --club CLUB : le club dont il écrit les tournois
account-club-not-for-scope = --club est pour les jetons d’écriture, pas pour les jetons { $scope }
account-no-randomness = le système n’a pas donné d’octets aléatoires pour un jeton : { $cause }
account-token-shown-once = Voici le jeton de { $name }, montré cette seule fois : gardez-le maintenant (l’archive n’en garde que l’empreinte). songo archive token revoke { $name } le révoque.
account-revoked = { $name } est révoqué : son jeton n’ouvre plus rien.
account-already-revoked = { $name } était déjà révoqué.
account-none = Aucun compte. songo archive token add NOM --scope read|write|admin en crée un.
account-col-name = nom
account-col-scope = portée
account-col-club = club
account-col-created = créé
account-col-last-used = dernier usage
account-col-revoked = révoqué
archive-damaged = l’archive { $location } est endommagée : { $report }
hint-archive-damaged = rien n’a été importé : restaurez l’archive depuis une copie, ou récupérez ce qu’elle contient dans un nouveau fichier (sqlite3 ANCIEN.sqlite .recover | sqlite3 NOUVEAU.sqlite) et importez-y
archive-export-side-needed = la position ne dit pas qui doit jouer : un export passe par une seule position, dites-le donc (une ligne qui nomme le camp au trait, ou ce camp à la fin de la notation compacte, comme :N)
archive-side-not-named = La position ne dit pas qui a le trait : cherchée avec Sud et avec Nord au trait ; { $found ->
        [south] des parties avec Sud au trait.
        [north] des parties avec Nord au trait.
        [both] des parties avec l’un et l’autre au trait.
       *[none] aucune partie, ni avec l’un ni avec l’autre au trait.
    }
archive-not-text = pas un fichier de parties (ligne { $line }, octet { $offset }) : { $reason } ; rien n’en a été importé
archive-invalid-game = invalide : { $file } : partie { $game } (ligne { $line }{ $players }) : { $at } { $rule } : { $reason }
archive-invalid-not-listed = … et { $count } autres parties invalides, non listées
archive-not-utf8 = ces octets ne sont pas du texte UTF-8 (un fichier binaire, ou un texte dans un autre codage) : enregistrez les parties en UTF-8
archive-binary = un octet NUL, qu’aucune partie ne contient : c’est un fichier binaire (une image, une archive, un programme), pas des parties
archive-too-many-tags = la partie a { $tags } balises, et l’archive prend des parties de { $most } balises au plus : gardez les balises qui disent qui, où et quand, et mettez les autres dans un commentaire
archive-refused-game = { $line }:{ $column } : partie non importée : { $reason }
archive-expected-date = une date AAAA, AAAA.MM ou AAAA.MM.JJ (un mois de 01 à 12, un jour de 01 à 31)
archive-expected-plies = un nombre de coups : un nombre entier, 0 ou plus
problem-detail-bad-value-expected = { $name }={ $value } n’est pas ce que ce paramètre accepte : { $expected }
archive-ambiguous-event = { $count } tournois s’appellent « { $name } » : { $events }
hint-archive-ambiguous-event = désignez-en un par son numéro (--event { $id }, event={ $id }) ; songo archive events les liste avec leurs lieux
archive-no-such-event = aucun tournoi ne s’appelle « { $name } »
archive-no-event-match = Aucun tournoi ne s’appelle « { $name } ».
hint-archive-events = songo archive events liste les tournois avec leurs numéros
archive-too-many-players = « { $name } » commence les noms de { $count } joueurs, plus que les { $limit } qu’une recherche prend
hint-archive-too-many-players = donnez une plus grande part du nom (songo archive players les liste)
archive-no-such-player = aucun joueur ne s’appelle « { $name } »
hint-archive-players = songo archive players liste les joueurs avec leurs numéros et leurs autres noms
archive-not-an-alias = « { $name } » est le nom propre d’un joueur, pas l’un de ses autres noms
hint-archive-not-an-alias = séparez plutôt l’un des autres noms que songo archive players liste pour lui
archive-event-too-large = le tournoi « { $name } » a { $games } parties : l’explorateur rejoue les parties d’un tournoi et s’arrête à { $limit }
hint-archive-event-too-large = explorez toute l’archive (sans --event), ou cherchez les parties du tournoi passées par la position (songo archive search --event … --position …)
archive-with-suggestions = { $text } ; vouliez-vous dire { $names } ?
archive-did-you-mean = Vouliez-vous dire { $names } ?
archive-no-players = Pas encore de joueur : les joueurs viennent avec les parties importées.
archive-no-events = Pas encore de tournoi : les tournois viennent avec les parties importées.
archive-next-list = la suite : continuez avec --after { $cursor }
players-col-id = n°
players-col-name = joueur
players-col-games = parties
players-col-aliases = autres noms
players-col-federation = n° de fédération
players-col-club = club
events-col-id = n°
events-col-name = tournoi
events-col-site = lieu
events-col-start = du
events-col-end = au
events-col-games = parties
archive-aliased = « { $name } » est un nom de { $player } (n° { $id }), qui a { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }.
archive-unaliased = « { $name } » est un joueur à part entière (n° { $id }), avec { $games ->
        [one] { $games } partie
       *[other] { $games } parties
    }.

# --- Issue 26 (enseignants et secrétaires de tournoi) : remarques des leçons, … ---
diagnostic-note = remarque
lesson-summary-notes = { $count ->
    [one] 1 remarque, qui ne fait pas échouer la vérification.
   *[other] { $count } remarques, qui ne font pas échouer la vérification.
}
lesson-note = Remarque : { $text }
lesson-note-capture-not-shown = ce plateau est celui d'après le semis de { $played } ; le coup prend ensuite { seeds } ({ $houses }), ce que le texte ne montre ni ne dit
lesson-note-capture-not-shown-hint = montrez aussi le plateau après les prises, ou dites ce que prend le coup
lesson-note-bidoua = le texte dit que { $claimed ->
    [south] Sud
   *[north] Nord
} a le bidoua supérieur ; selon sa définition (teach.bidoua), { $leader ->
    [south] c'est Sud
    [north] c'est Nord
   *[none] les deux bidouas sont égaux
} : Sud { $south }, Nord { $north }
lesson-note-bidoua-hint = le bidoua d'un camp compte les graines de ses cases dont le semis reste dans son camp ; docs/teaching.md dit pourquoi il peut différer d'un texte
lesson-error-boards = `{ $text }` n'est ni un demi-coup ni une suite de demi-coups
lesson-error-boards-hint = écrivez les demi-coups après lesquels dessiner un plateau, en comptant à partir de 1 : plateaux: 8 14 20-22 (ou plateaux: aucun)
lesson-error-boards-without-record = `plateaux:` choisit les plateaux d'une partie, mais ce bloc ne contient aucune partie
cli-lesson-markdown-needs-out = un polycopié en Markdown est un fichier et ses images : donnez un dossier avec --out DOSSIER
cli-cannot-create = impossible de créer { $name } : { $error }
cli-cannot-write-file = impossible d'écrire { $name } : { $error }
annotate-warning-unjudged = { $name }, partie { $game } : { $text }
annotate-warning-stopped = { $name }, partie { $game } : annotée jusqu'au demi-coup { $plies } ; le demi-coup { $ply }{ $played } ne peut pas être joué : { $message } ({ $rule }) ; songo validate en dit plus
analysis-error-too-many-seeds = la position compte { $seeds } graines : l'analyse en prend au plus { $most } (une partie en compte 70 ou 48)
tables-error-io = impossible d'utiliser { $name } : { $error }
tables-error-invalid = { $name } : ce n'est pas une table utilisable : { $problem }
tables-error-missing = il faut d'abord la table { $rules } de { $seeds } graines : construisez les tables par nombre de graines croissant
problem-detail-depth-zero = depth 0 : demandez de 1 à { $most } demi-coups (au-delà, la profondeur est ramenée à { $most })
problem-detail-movetime-zero = movetime_ms 0 : demandez de 1 à { $most } ms (au-delà, le temps est ramené à { $most })
problem-detail-analysis-not-seega = l'analyse ne porte que sur les jeux de semailles (songo, songo-ekang, awale, oware-abapa), pas sur le Seega
problem-detail-not-whole-number = { $name }={ $value } n'est pas un nombre entier
problem-detail-bad-engine = engine={ $value } : écrivez engine=true ou engine=false
problem-detail-engine-limits = depth et movetime_ms sont des limites du moteur : ajoutez engine=true
problem-detail-bad-progress = progress={ $value } : écrivez progress=true ou progress=false
problem-detail-progress-without-engine = progress=true suit les marques du moteur à mesure qu'elles viennent : ajoutez engine=true
problem-detail-annotation-stopped = l'annotation s'est arrêtée avant sa fin ; réessayez, ou annotez sans progress=true
analyse-warning-no-tables = { $dir } ne contient aucune table { $rules }{ $count ->
    [0] {""}
   *[other] {" "}(seulement des tables { $others })
} : la recherche se fait sans tables
annotate-warning-renumbered = { $name }:{ $line }:{ $column } : { $message } ; la partie réécrite numérote les coups tels qu'ils sont joués
analysis-error-no-analysis = l'analyse joue les jeux de semailles (songo, songo-ekang, awale, oware-abapa) ; le Seega n'a pas encore d'analyse
# ---- L’onglet Archives de la page (service/page/archive.js, index.html) ----
# L’archive de `songo serve --archive` : recherche, explorateur de la
# position montrée, classement d’un tournoi. Espace insécable avant : ; ? !
page-tab-archive = Archives
page-archive-none = Ce serveur ne tient pas d’archive de parties.
page-archive-how = Pour tenir une archive, démarrez le serveur en lui donnant un fichier, puis importez-y un dossier de parties :
page-explorer = Coups joués depuis cette position
page-explorer-move = Coup
page-explorer-games = Parties
page-explorer-results = Sud gagne · nulles · Nord gagne
page-explorer-average = Score moyen (Sud − Nord)
page-explorer-recent = Dernières parties passées par cette position
page-explorer-none = Aucune partie de l’archive n’est passée par cette position.
page-explorer-summary = { $count ->
    [one] { $count } partie est passée par cette position : Sud en a gagné { $south }, Nord { $north }, nulles : { $draw }.
   *[other] { $count } parties sont passées par cette position : Sud en a gagné { $south }, Nord { $north }, nulles : { $draw }.
}
page-explorer-ended = { $count ->
    [one] { $count } s’est terminée ici.
   *[other] { $count } se sont terminées ici.
}
page-explorer-play = { $count ->
    [one] Jouer { $move } ({ $count } partie)
   *[other] Jouer { $move } ({ $count } parties)
}
page-explorer-bar = Sud gagne { $south } %, nulles { $draw } %, Nord gagne { $north } %
page-search = Chercher des parties
page-search-player = Joueur (Sud ou Nord)
page-search-event = Tournoi
page-search-since = Du (date)
page-search-until = Au (date)
page-search-any = Tous
page-search-more-filters = Autres critères
page-search-site = Lieu
page-search-round = Ronde
page-search-result = Résultat (tel qu’écrit, le score de Sud d’abord)
page-search-valid = Validité
page-search-valid-only = Parties valides
page-search-invalid-only = Parties avec des fautes
page-search-min-plies = Au moins (demi-coups)
page-search-max-plies = Au plus (demi-coups)
page-search-through = Seulement les parties passées par la position montrée
page-search-button = Chercher
page-search-more = Plus de parties
page-search-none = Aucune partie trouvée.
page-search-some = { $count ->
    [one] { $count } partie affichée ; il y en a d’autres.
   *[other] { $count } parties affichées ; il y en a d’autres.
}
page-search-all = { $count ->
    [one] { $count } partie trouvée.
   *[other] { $count } parties trouvées.
}
page-archive-round = ronde { $text }
page-archive-plies = { $count ->
    [one] { $count } demi-coup
   *[other] { $count } demi-coups
}
page-archive-invalid = avec des fautes
page-archive-open = Ouvrir
page-archive-open-label = Ouvrir la partie { $name } sur le plateau
page-archive-opened = { $count ->
    [one] { $name } : { $count } demi-coup, depuis le début
   *[other] { $name } : { $count } demi-coups, depuis le début
}
page-standings = Classement d’un tournoi
page-standings-show = Voir le classement
page-standings-note = Une victoire vaut un point, une nulle un demi-point. Les colonnes numérotées donnent les points marqués contre le joueur classé à cette place.
page-standings-none = Aucune partie de « { $text } » ne compte : une partie compte quand ses deux joueurs sont nommés et son score final connu.
page-standings-caption = { $count ->
    [one] { $text } : { $count } partie
   *[other] { $text } : { $count } parties
}
page-standings-rank = Place
page-standings-player = Joueur
page-standings-points = Points
page-standings-games = Parties
page-standings-record = Gagnées, nulles, perdues
page-standings-seeds = Graines gagnées, perdues
page-standings-against = Points contre { $name }
page-keeping = Corriger une partie
page-keeping-id = Identifiant de la partie
page-keeping-show = Afficher
page-keeping-note = Ouvrir une partie trouvée l’affiche aussi ici, avec son historique.
page-keeping-state = Partie { $id }, révision { $revision }
page-keeping-deleted-note = Cette partie est supprimée : elle n’est dans aucune liste, aucun classement, aucun explorateur. Son historique reste ; restaurez-la pour la faire revenir.
page-keeping-tags = Balises
page-keeping-new-name = Nom d’une nouvelle balise
page-keeping-new-value = Valeur de la nouvelle balise
page-keeping-empty-removes = Une valeur vide retire la balise.
page-keeping-reason = Pourquoi (gardé dans l’historique)
page-keeping-token = Le jeton d’écriture de l’archive
page-keeping-token-hint = Modifier l’archive demande le jeton donné au serveur à son démarrage. La page le garde dans cet onglet jusqu’à sa fermeture, jamais dans l’adresse.
page-keeping-save = Enregistrer la correction
page-keeping-delete = Supprimer la partie
page-keeping-restore = Restaurer la partie
page-keeping-token-needed = Donnez le jeton d’écriture de l’archive, puis recommencez.
page-keeping-token-wrong = Le serveur a refusé ce jeton : donnez-le à nouveau.
page-keeping-saved = Correction enregistrée : révision { $revision }.
page-keeping-deleted = Supprimée : révision { $revision }. Elle peut être restaurée.
page-keeping-restored = Restaurée : révision { $revision }.
page-keeping-unchanged = Rien à enregistrer : aucune balise n’a changé.
page-keeping-reason-needed = Dites pourquoi en quelques mots : l’historique le garde.
page-keeping-stale = Quelqu’un a modifié cette partie entre-temps : elle est affichée de nouveau telle qu’elle est, à la révision { $revision }. Refaites votre modification sur celle-ci.
page-history = Historique
page-history-revision = Révision { $revision }
page-history-current = actuelle
page-history-by = par { $name }
page-history-import = importée
page-history-edit = corrigée
page-history-update = corrigée par un import
page-history-delete = supprimée
page-history-restore = restaurée
page-history-no-reason = sans raison donnée
page-history-show = Voir le texte
page-history-hide = Cacher le texte
page-history-show-label = Voir le texte de la révision { $revision }
page-history-hide-label = Cacher le texte de la révision { $revision }

## L'onglet Exercices de la page (service/page/exercises.js, docs/exercises.md)
page-tab-exercises = Exercices
page-exercises-load = Chercher des exercices dans des parties
page-exercises-hint = Le moteur cherche dans les parties les coups qu’un maître peut demander, et prouve chacun.
page-exercises-paste = Collez des parties, ou ouvrez un fichier
page-exercises-motif = Motif
page-exercises-find = Chercher les exercices
page-exercises-archive = Depuis l’archive
page-exercises-searching = Le moteur parcourt les parties…
page-exercises-no-archive = Ce serveur ne tient pas d’archive de parties.
page-exercises-found = { $count ->
    [one] { $count } exercice.
   *[other] { $count } exercices.
}
page-exercises-none = Aucun exercice dans ces parties.
page-exercises-counter = Exercice { $value } sur { $text }
# Les motifs, par leur id teach.* (comme exercises-motif).
page-exercises-motif-grenier = grenier (ndà)
page-exercises-motif-double-threat = menace double
page-exercises-motif-yinda = yinda
page-exercises-motif-defence = défense
page-exercises-motif-threat = menace simple
page-exercises-difficulty = difficulté { $value } sur 5
# Les questions en une ligne, par motif, avec la phrase d'exercises-question (exercises-ask-*) ; `name` est le camp qui joue.
page-exercises-question-grenier = { $name } joue. { exercises-ask-grenier }
page-exercises-question-double-threat = { $name } joue. { exercises-ask-double-threat }
page-exercises-question-yinda = { $name } joue. { exercises-ask-yinda }
page-exercises-question-defence = { $name } joue. { exercises-ask-defence }
page-exercises-question-threat = { $name } joue. { exercises-ask-threat }
page-exercises-tap = Jouez votre réponse : touchez une case du tablier.
page-exercises-not-legal = { $move } ne se joue pas ici : les coups possibles sont cerclés de vert.
page-exercises-right = Juste : le coup est { $move }.
page-exercises-solution = Le coup était { $move }.
page-exercises-proof-exact = { $count ->
    [one] Le moteur le prouve : { $count } graine d’écart de mieux que tout autre coup.
   *[other] Le moteur le prouve : { $count } graines d’écart de mieux que tout autre coup.
}
page-exercises-proof-depth = { $count ->
    [one] Le moteur le trouve à { $value } demi-coups de profondeur : { $count } graine d’écart de mieux que tout autre coup.
   *[other] Le moteur le trouve à { $value } demi-coups de profondeur : { $count } graines d’écart de mieux que tout autre coup.
}
page-exercises-line = La suite : { $text }.
page-exercises-step = Coup suivant de la suite
page-exercises-wrong = Pas { $move }.
page-exercises-wrong-takes = { $count ->
    [one] { $move } prend { $count } graine, mais cela ne suffit pas.
   *[other] { $move } prend { $count } graines, mais cela ne suffit pas.
}
page-exercises-refuted = { $count ->
    [one] Après { $move }, { $name } répond { $house }, et la suite { $text } gagne { $count } graine.
   *[other] Après { $move }, { $name } répond { $house }, et la suite { $text } gagne { $count } graines.
}
page-exercises-refuted-grenier = { $count ->
    [one] Après { $move }, { $name } répond { $house }, un grenier (ndà), et la suite { $text } gagne { $count } graine.
   *[other] Après { $move }, { $name } répond { $house }, un grenier (ndà), et la suite { $text } gagne { $count } graines.
}
page-exercises-refuted-double = { $count ->
    [one] Après { $move }, { $name } répond { $house }, une menace double, et la suite { $text } gagne { $count } graine.
   *[other] Après { $move }, { $name } répond { $house }, une menace double, et la suite { $text } gagne { $count } graines.
}
page-exercises-refuted-threat = { $count ->
    [one] Après { $move }, { $name } répond { $house }, une menace, et la suite { $text } gagne { $count } graine.
   *[other] Après { $move }, { $name } répond { $house }, une menace, et la suite { $text } gagne { $count } graines.
}
page-exercises-refuted-quiet = Après { $move }, { $name } répond { $house } et ne prend rien tout de suite, mais la partie tourne moins bien.
page-exercises-refuted-end = { $move } finit la partie.
page-exercises-worse-depth = { $count ->
    [one] { $move } est moins bon que { $house } de { $count } graine d’écart (le moteur, à { $value } demi-coups).
   *[other] { $move } est moins bon que { $house } de { $count } graines d’écart (le moteur, à { $value } demi-coups).
}
page-exercises-worse-exact = { $count ->
    [one] { $move } est moins bon que { $house } de { $count } graine d’écart (prouvé jusqu’à la fin).
   *[other] { $move } est moins bon que { $house } de { $count } graines d’écart (prouvé jusqu’à la fin).
}
page-exercises-gain = { $count ->
    [one] { $name } y gagne { $count } graine.
   *[other] { $name } y gagne { $count } graines.
}
page-exercises-motif-grenier-build = grenier (ndà) à bâtir
page-exercises-question-grenier-build = { $name } joue. { exercises-ask-grenier-build }
page-exercises-retry = Réessayer
page-exercises-show = Voir la solution
page-exercises-previous = Exercice précédent
page-exercises-next = Exercice suivant
page-exercises-score = { $count ->
    [one] Trouvés du premier coup : { $value } sur { $text } essayés ({ $count } exercice dans la série).
   *[other] Trouvés du premier coup : { $value } sur { $text } essayés ({ $count } exercices dans la série).
}
page-exercises-origin = Tiré de { $text }, avant le demi-coup { $value }.
page-exercises-from-game = Tiré de { $text }.
page-exercises-after-mistake = { $count ->
    [one] { $move } venait de perdre { $count } graine d’écart.
   *[other] { $move } venait de perdre { $count } graines d’écart.
}
page-exercises-share = Lien vers cette série
page-exercises-link = Lien vers cette série
page-exercises-link-cut = { $count ->
    [one] La série est trop longue pour un lien : il n’en garde que le premier exercice.
   *[other] La série est trop longue pour un lien : il n’en garde que les { $count } premiers exercices.
}

## songo exercises : des exercices tirés des parties (docs/exercises.md)
exercises-title = Exercices tirés de parties
exercises-intro = { $count ->
    [one] { $count } exercice, trouvé et vérifié par le moteur dans des parties réelles.
   *[other] { $count } exercices, trouvés et vérifiés par le moteur dans des parties réelles.
} { $solutions ->
    [inline] Chacun est suivi de sa solution.
    [none] {""}
   *[separate] Les solutions sont à la fin, sur des pages à part.
}
exercises-heading = Exercice { $number }
exercises-solutions = Solutions
exercises-solution-heading = Solution { $number }
# Le thème d'un exercice, par son id teach.*.
exercises-motif = { $id ->
    [grenier] grenier (ndà)
    [grenier-build] grenier (ndà) à bâtir
    [double-threat] menace double
    [yinda] yinda
    [defence] défense
   *[threat] menace simple
}
exercises-difficulty = difficulté { $level } sur 5
# La question d'un exercice, en une ligne ; `side` est le camp qui joue.
# Ce qu'un exercice demande, par motif : la question de l'exercice (exercises-question) et celle de la page (page-exercises-question-*) le disent ainsi.
exercises-ask-grenier = Un grenier peut récolter : quel coup gagne nettement plus que tous les autres ?
exercises-ask-grenier-build = Quel coup bâtit un grenier (une maison de { $value } graines ou plus) et gagne nettement plus que tous les autres ?
exercises-ask-double-threat = Quel coup laisse deux menaces qu'aucune réponse ne supprime à la fois ?
exercises-ask-yinda = Une maison est menacée : quel coup la renforce ?
exercises-ask-defence = Une prise menace : quel coup la limite le mieux ?
exercises-ask-threat = Quel coup gagne nettement plus que tous les autres ?
exercises-question = { $id ->
    [grenier] { side-name } joue. { exercises-ask-grenier }
    [grenier-build] { side-name } joue. { exercises-ask-grenier-build }
    [double-threat] { side-name } joue. { exercises-ask-double-threat }
    [yinda] { side-name } joue. { exercises-ask-yinda }
    [defence] { side-name } joue. { exercises-ask-defence }
   *[threat] { side-name } joue. { exercises-ask-threat }
}
# La preuve du moteur : `margin` graines d'écart de plus que le coup suivant.
exercises-proof = Le coup est { $move } : { $exact ->
    [yes] le moteur le prouve,
   *[no] le moteur le trouve à { $depth } demi-coups de profondeur,
} { $margin ->
    [one] { $margin } graine d'écart de mieux que tout autre coup.
   *[other] { $margin } graines d'écart de mieux que tout autre coup.
}
exercises-line = La suite : { $line }.
# Ce que la suite gagne (`gain` graines d'écart aux greniers), ou, pour une défense, ce que l'adversaire prend encore (`loss`) des `before` graines menacées.
exercises-gain = { $gain ->
    [one] { side-name } y gagne { $gain } graine.
   *[other] { side-name } y gagne { $gain } graines.
}
exercises-held = { $loss ->
    [0] { side-name } n'y perd rien des { $before } graines menacées.
    [one] { side-name } n'y perd que { $loss } graine des { $before } menacées.
   *[other] { side-name } n'y perd que { $loss } graines des { $before } menacées.
}
# Pourquoi un autre coup est mauvais : la meilleure réponse de l'adversaire (`term` : la clé teach.* qu'elle illustre, ou none), ce que sa suite gagne, et de combien de graines d'écart le coup est moins bon que la solution.
exercises-refutation = Et { $move } ? { $reply } répond{ $term ->
    [grenier] {" "}avec son grenier (ndà)
    [double-threat] {" "}par une menace double
    [threat] {" "}par une menace
   *[none] {""}
}, { $wins ->
    [0] et ne prend rien tout de suite
    [one] et sa suite { $line } gagne { $wins } graine
   *[other] et sa suite { $line } gagne { $wins } graines
} : { $move } est moins bon que { $solution } de { $worse ->
    [one] { $worse } graine
   *[other] { $worse } graines
} d'écart.
exercises-refutation-end = { $move } finit la partie : il est moins bon que { $solution } de { $worse ->
    [one] { $worse } graine
   *[other] { $worse } graines
} d'écart.
exercises-source = Tiré de { $source }, partie { $game }, avant le demi-coup { $ply }.
exercises-after-mistake = { $move } venait de perdre { $loss ->
    [one] { $loss } graine
   *[other] { $loss } graines
} d'écart.

exercises-summary = { $games ->
        [one] 1 partie
       *[other] { $games } parties
    } ({ $seega } de Seega laissées, { $broken } avec un coup injouable, { $unreadable } illisibles), { $positions } positions analysées à la profondeur { $depth }, { $checked } vérifiées à nouveau à la profondeur { $proof_depth } : { $found ->
        [one] 1 exercice trouvé
       *[other] { $found } exercices trouvés
    }, { $written ->
        [one] 1 écrit
       *[other] { $written } écrits
    }
exercises-handout-check = vérification de la fiche, ligne { $line } : { $problem }
exercises-no-games = aucune partie où chercher : donnez des fichiers ou des dossiers de parties, - pour l’entrée standard, ou --archive
exercises-file-too-large = { $name } dépasse { $mebibytes } Mio : coupez-le en fichiers plus petits
# Une correction que `songo validate --fix` applique : `before` le texte remplacé, `after` le texte écrit.
fix-replace = écrire `{ $after }` au lieu de `{ $before }`
fix-insert = ajouter `{ $after }`
# songo validate --fix : par fichier, ce qui a changé (`before` → `after`) et ce qui reste.
fix-file-fixed = { $file } : { $fixes } { $fixes ->
    [one] correction appliquée
   *[other] corrections appliquées
}, { $left } { $left ->
    [one] infraction restante
   *[other] infractions restantes
}
fix-file-would-fix = { $file } : { $fixes } { $fixes ->
    [one] correction à appliquer
   *[other] corrections à appliquer
}, { $left } { $left ->
    [one] infraction resterait
   *[other] infractions resteraient
}
fix-applied = {"  "}{ $line }:{ $column } { $rule } : `{ $before }` → `{ $after }`
fix-inserted = {"  "}{ $line }:{ $column } { $rule } : ajouté `{ $after }`
fix-left = {"  "}{ $line }:{ $column } { $rule } : non corrigé : { $message }
fix-left-omitted = {"  "}et { $count } autres non corrigées
fix-undone = {"  "}des corrections n'ont pas été gardées : la partie avait plus d'infractions après elles
fix-total = { $files } { $files ->
    [one] fichier
   *[other] fichiers
}, { $fixes } { $fixes ->
    [one] correction
   *[other] corrections
}, { $left } { $left ->
    [one] infraction restante
   *[other] infractions restantes
}
fix-total-would = { $files } { $files ->
    [one] fichier
   *[other] fichiers
}, { $fixes } { $fixes ->
    [one] correction à appliquer
   *[other] corrections à appliquer
}, { $left } { $left ->
    [one] infraction resterait
   *[other] infractions resteraient
}
fix-too-large = { $name } dépasse { $most } Mio : --fix lit une partie en entier ; découpez-la
fix-not-utf8 = { $name } n'est pas en UTF-8 : --fix ne le réécrit pas ; enregistrez-le d'abord en UTF-8
fix-cannot-write = impossible d'écrire { $name } corrigé : { $error } (le fichier n'a pas changé)

## The page's Score sheet tab (service/page/sheet.js, docs/live.md)
page-tab-live = Feuille de partie
page-live-link = Lien d’une partie
page-live-open = Ouvrir
page-live-new = Commencer une partie
page-live-event = Compétition (facultatif)
page-live-round = Ronde (facultatif)
page-live-token = Jeton d’écriture du serveur
page-live-start = Commencer la partie
page-live-undo = Reprendre le dernier coup
page-live-result = Résultat donné par l’arbitre
page-live-north-resigns = Nord abandonne
page-live-south-resigns = Sud abandonne
page-live-agreement = Arrêtée d’un commun accord
page-live-forfeit-north = Nord perd par forfait
page-live-forfeit-south = Sud perd par forfait
page-live-forfeit-both = Forfait des deux joueurs
page-live-end = Enregistrer le résultat
page-live-follow-link = Lien pour suivre la partie
page-live-keeper-link = Lien pour continuer sur un autre téléphone (il contient la clé : ne le donnez à personne d’autre)
page-live-leave = Quitter cette partie
page-live-bad-link = Ce n’est pas le lien d’une partie : il se termine par #live= et 16 lettres et chiffres.
page-live-spectator = Vous suivez cette partie : seul un téléphone qui a sa clé enregistre les coups.
page-live-over = La partie est terminée.
page-live-refused = { $move } refusé : { $text }
page-live-dropped = Non enregistré : { $text }. Coups retirés de la feuille : { $moves }. La feuille montre les coups du serveur : reprenez à partir de là.
page-live-needs-network = Il faut le réseau : réessayez quand il sera revenu.
page-live-recorded = enregistré
page-live-waiting = en attente d’envoi
page-live-role-keeper = Vous tenez la feuille de cette partie : touchez chaque case au moment où elle est jouée.
page-live-role-spectator = Vous suivez cette partie en direct.
page-live-count = { $count ->
    [one] { $count } coup enregistré
   *[other] { $count } coups enregistrés
}
page-live-pending = { $count ->
    [one] { $count } en attente d’envoi
   *[other] { $count } en attente d’envoi
}
page-live-offline = pas de réseau : les coups sont gardés et seront envoyés
page-live-archived = dans l’archive sous { $text }
page-live-end-resignation = { $name } gagne par abandon ({ $text })
page-live-end-agreement = Arrêtée d’un commun accord ({ $text })
page-live-end-forfeit = { $name } gagne par forfait ({ $text })
page-live-end-forfeit-both = Forfait des deux joueurs ({ $text })

event-no-such = aucun tournoi ne s’appelle { $name } : `songo event create` en organise un, `songo archive events` liste ceux de l’archive
event-not-run = le tournoi { $name } est enregistré, pas organisé : il n’a pas de système d’appariement (`songo event create` l’organise)
event-already-run = le tournoi { $name } est déjà organisé
event-bad-name = `{ $field }` doit être un nom de 1 à { $limit } caractères avec une lettre ou un chiffre, sans caractère de contrôle
event-no-rounds = le nombre de rondes doit aller de 1 à { $most } (le système suisse néerlandais en a besoin : `--rounds N`)
event-registered = { $name } est déjà inscrit
event-closed = la ronde 1 est appariée : les inscriptions sont closes
event-full = un tournoi inscrit au plus { $most } joueurs
event-too-few-players = il faut deux joueurs pour apparier un tournoi
event-unfinished = la table { $board } de la ronde { $round } n’a pas encore de résultat : saisissez-le avant d’apparier la ronde suivante
event-all-paired = toutes les rondes prévues sont appariées
event-cannot-pair = la ronde ne peut pas être appariée : { $error }
event-no-such-board = la ronde { $round } n’a pas de table { $board }
event-bye-result = une exemption ne prend pas de résultat : son point est donné par l’appariement
event-bad-result = `{ $result }` n’est pas un résultat : donnez un score final (`41-29`, les graines de celui qui joue en premier d’abord), `1/2-1/2`, ou un forfait `+/-`, `-/+`, `-/-`
event-not-paired = { $names } ne sont pas appariés à une table du tournoi (de la ronde de la partie)
event-not-a-game = pas une partie : { $error }
event-bad-tiebreaks = `{ $list }` n’est pas une liste de départages (direct, wins, sb, buchholz, buchholz-cut1, buchholz-median1, seed-diff)
class-no-such = aucune classe n’a le code { $code } : vérifiez-le avec votre professeur
class-bad-name = `{ $field }` doit avoir de 1 à { $most } caractères dont une lettre ou un chiffre, sans caractère de contrôle
class-nickname-taken = le pseudo { $name } est déjà pris dans cette classe : choisissez-en un autre
class-too-many-classes = un professeur a au plus { $most } classes
class-full = une classe accueille au plus { $most } élèves
class-too-many-sets = une classe reçoit au plus { $most } séries
class-set-size = une série contient de 1 à { $most } exercices
class-bad-exercise = l’exercice { $index } de la série n’en est pas un : { $why }
class-no-such-exercise = la classe n’a pas d’exercice { $exercise } dans la série { $set }
class-wrong-key = aucun élève de cette classe n’a cette clé : rejoignez la classe à nouveau avec son code
class-too-many-attempts = un élève donne au plus { $most } réponses
class-bad-move = `{ $text }` n’est pas une case (comme S3 ou N0)
class-no-such-student = la classe n’a pas d’élève au pseudo { $name } : vérifiez-le dans les résultats de la classe
problem-detail-class-joins = trop d’essais de code sans classe depuis { $client } : réessayez dans { $seconds } secondes
event-col-board = Table
event-col-white = Premier à jouer
event-col-black = Second
event-col-result = Résultat
event-col-place = Place
event-col-number = N°
event-col-points = Points
event-bye = exempt
event-round = Ronde { $round }
event-no-boards = aucune table
event-standings = Classement
event-heading = { $name } : { $system }, { $rounds } rondes, { $players } joueurs
cli-event-created = Le tournoi { $name } (id { $id }) est organisé : { $system }, { $rounds } rondes. Inscrivez ses joueurs avec `songo event register`.
cli-event-registered = { $name } est le joueur { $number } du tournoi.
cli-event-imported = { $name } (id { $id }) : { $players } joueurs, { $rounds } rondes lues.
cli-event-result-needs = donnez le résultat avec --round et --board, ou une partie avec --game
cli-event-no-game = { $name } ne contient aucune partie
cli-event-not-a-game = { $name }:{ $line }:{ $column } : pas une partie : { $error }
event-col-name = Nom
problem-detail-event-system = `{ $system }` n’est pas un système d’appariement : dutch, round-robin ou double-round-robin
page-tab-tournament = Tournoi
page-tournament-token = Jeton d’écriture
page-tournament-token-needed = Écrire dans l’archive demande son jeton d’écriture : tapez-le ci-dessus, puis recommencez.
page-tab-class = Classe
page-class-code = Code de la classe
page-class-nickname = Pseudo
page-class-join = Rejoindre
page-class-join-hint = Ni e-mail ni mot de passe : ce téléphone garde votre place dans la classe.
page-class-joined = Vous avez rejoint { $text } sous le pseudo { $name }.
page-class-who = { $name }, code de la classe { $value }
page-class-review = { $count ->
    [one] À revoir maintenant : { $count } exercice
   *[other] À revoir maintenant : { $count } exercices
}
page-class-review-title = Révision
page-class-set-progress = résolus : { $value } sur { $count }
page-class-solve = Résoudre
page-class-solving = { $text } : vos réponses sont gardées pour votre professeur.
page-class-no-sets = Votre professeur n’a pas encore donné de série.
page-class-leave = Quitter cette classe
page-class-teacher = Pour le professeur
page-class-name = Nom de la classe
page-class-create = Créer une classe
page-class-mine = Mes classes
page-class-none = Vous n’avez pas encore de classe.
page-class-created = Classe { $text } créée : son code est { $value }.
page-class-join-link = Les élèves rejoignent la classe avec ce code, ou à { $text }
page-class-sets-heading = Séries
page-class-set-title = Titre de la série
page-class-set-default = Série { $value }
page-class-assign = Donner la série de l’onglet Exercices
page-class-no-exercises = Chargez d’abord une série dans l’onglet Exercices : depuis des parties, l’archive ou un lien.
page-class-assigned = { $count ->
    [one] Série { $text } donnée : { $count } exercice.
   *[other] Série { $text } donnée : { $count } exercices.
}
page-class-set-line = { $count ->
    [one] { $text } ({ $count } exercice)
   *[other] { $text } ({ $count } exercices)
}
page-class-results = Résultats
page-class-refresh = Actualiser
page-class-no-students = Aucun élève n’a encore rejoint la classe : donnez-leur le code.
page-class-student = Élève
page-class-first-tries = Du premier coup
page-class-legend = ✓ résolu du premier coup · ↻ résolu après une erreur · ✗ manqué, pas encore résolu · – pas essayé
page-class-cell-first = résolu du premier coup
page-class-cell-after = { $count ->
    [one] résolu après une erreur ({ $count } réponse)
   *[other] résolu après une erreur ({ $count } réponses)
}
page-class-cell-missed = { $count ->
    [one] manqué, pas encore résolu ({ $count } réponse)
   *[other] manqué, pas encore résolu ({ $count } réponses)
}
page-class-cell-new = pas essayé
page-class-remove = Retirer { $name } de la classe
page-class-remove-confirm = Retirer ?
page-class-removed = { $name } n’est plus dans la classe ; ses réponses sont effacées.
page-class-delete = Supprimer cette classe
page-class-delete-confirm = Supprimer la classe, ses élèves et leurs réponses ?
page-class-deleted = La classe { $text } est supprimée.
page-tournament-new = Créer un tournoi
page-tournament-name = Nom
page-tournament-site = Lieu
page-tournament-system = Système
page-tournament-system-dutch = Suisse (néerlandais)
page-tournament-system-round-robin = Toutes rondes
page-tournament-system-double-round-robin = Double toutes rondes
page-tournament-rounds = Rondes
page-tournament-create = Créer
page-tournament-id = Numéro du tournoi
page-tournament-open = Ouvrir
page-tournament-player = Joueur
page-tournament-rating = Cote
page-tournament-register = Inscrire
page-tournament-pair = Apparier la ronde suivante
page-tournament-print = Imprimer
page-tournament-standings = Classement
page-tournament-link = Le classement pour tous
page-tournament-created = { $name } est créé : inscrivez ses joueurs.
page-tournament-registered = { $name } est le joueur { $number }.
page-tournament-paired = La ronde { $round } est appariée.
page-tournament-entered = Résultat de la ronde { $round }, table { $board } enregistré.
page-tournament-state = { $system } : { $paired } rondes appariées sur { $rounds }, { $count ->
    [one] un joueur
   *[other] { $count } joueurs
}
page-tournament-round = Ronde { $round }
page-tournament-bye = exempt
page-tournament-score = Score, les graines du premier à jouer d’abord
page-tournament-save = Enregistrer
page-tournament-correct = Corriger
page-tournament-place = Place
page-tournament-points = Points
page-tournament-field = Joueurs

## Players of every strength, issue 40 (service/src/player.rs): `POST /v1/move`.
problem-detail-bad-level = level={ $value } n'est pas un niveau : écrivez de 1 (un débutant peut le battre) à 8 (le moteur complet)
problem-detail-bad-seed = seed={ $value } n'est pas un germe : écrivez un nombre entier de 0 à 18446744073709551615

# L'onglet Jouer contre l'ordinateur (computer.js).
page-tab-computer = Jouer contre l'ordinateur
page-computer-hint = Choisissez le jeu, le niveau de l'ordinateur et votre camp, puis touchez une case pour jouer.
page-computer-level = Niveau de l'ordinateur
page-computer-side = Votre camp
page-computer-nickname = Votre nom ou pseudonyme
page-computer-student = Élève
page-computer-name = Ordinateur niveau { $number }
page-computer-new = Nouvelle partie
page-computer-take-back = Reprendre mon coup
page-computer-your-turn = À vous de jouer, { $name }.
page-computer-thinking = L'ordinateur réfléchit…
page-computer-played = L'ordinateur a joué { $move }.
page-computer-wait = Attendez le coup de l'ordinateur.
page-computer-saved = La partie est gardée dans les archives (partie { $id }).
page-computer-not-kept = Ce serveur ne tient pas d'archive, ou cet onglet n'a pas de jeton d'écriture : téléchargez le relevé pour garder la partie.
page-computer-save-failed = Les archives n'ont pas gardé la partie : { $text }
page-computer-marks = Les coups notés de la partie
page-computer-marking = Le moteur juge chaque coup…
page-computer-summary = { $name } : précision { $number } %, { $text }
page-computer-mark = { $move } : { $value } était meilleur
page-computer-no-marks = Selon le moteur, aucun coup n'a perdu de graines.
page-computer-unjudged = Certains coups n'ont pas été jugés dans le temps donné.
# Le lecteur de leçon de l'onglet Leçon.
page-lesson-read = Lire la leçon plateau par plateau
page-lesson-step = Plateau { $number } sur { $count }
page-lesson-previous = Plateau précédent
page-lesson-next = Plateau suivant
page-lesson-teacher = Enseignant : montrer les remarques pour l'enseignant
page-lesson-teacher-note = Pour l'enseignant
page-lesson-no-boards = La leçon n'a aucun plateau à parcourir.
