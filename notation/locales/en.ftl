# songo's words in English.
#
# Every message here exists in fr.ftl with the same arguments (a test checks
# it). Arguments that name a thing of the game are ids, not words: `side` is
# `south` or `north`, `rule` a rule id; the catalogue chooses the words.
# Rule ids, teach.* ids, JSON keys and record syntax are never translated.
# How to add a language: docs/i18n.md.

## Shared words

# A number, written the language's way.
number = { $value }

# A count of seeds.
seeds = { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
}

# A count of pieces (Seega).
pieces = { $count ->
    [one] { $count } piece
   *[other] { $count } pieces
}

# A count of houses.
houses = { $count ->
    [one] { $count } house
   *[other] { $count } houses
}

# A player, named after his camp: `side` is south or north.
side-name = { $side ->
    [south] South
   *[north] North
}

# The day of a record's date.
date-day = { DAY($date) }

# A record's date (`2025.04.04`) in words; unknown parts leave it as written.
date = { MONTH($date) ->
    [1] { date-day } January { YEAR($date) }
    [2] { date-day } February { YEAR($date) }
    [3] { date-day } March { YEAR($date) }
    [4] { date-day } April { YEAR($date) }
    [5] { date-day } May { YEAR($date) }
    [6] { date-day } June { YEAR($date) }
    [7] { date-day } July { YEAR($date) }
    [8] { date-day } August { YEAR($date) }
    [9] { date-day } September { YEAR($date) }
    [10] { date-day } October { YEAR($date) }
    [11] { date-day } November { YEAR($date) }
    [12] { date-day } December { YEAR($date) }
   *[other] { $date }
}

# The language's own name, for a language menu.
lang-name = English

## Teaching vocabulary (notation/src/teach/words.rs; docs/teaching.md)
#
# `side` is the side a sentence is about (south or north), `opponent` the
# other one; `house`, `houses`, `move`, `moves` and `square` are names, never
# translated (`houses` is already a list: teach-list-and joins it); `count`
# is a count of seeds or steps.

# Two or more names: all but the last joined by commas, then the last.
teach-list-and = { $rest } and { $last }
teach-list-or = { $rest } or { $last }

# Two clauses of one sentence, and the end of a sentence.
teach-clauses = { $first }; { $second }
teach-sentence = { $text }.

teach-heading-threats = Threats
teach-heading-double-threats = Double threats
teach-heading-defences = Defences ({ side-name } to move)
teach-heading-greniers = Greniers
teach-heading-bidoua = Bidoua
teach-heading-mobility = Mobility
teach-heading-moves = Moves ({ side-name } to move)
teach-heading-annotations = Annotations

teach-threat = { side-name }'s { $house } threatens { $houses } ({ seeds }).
teach-no-threat = No house threatens a capture.
teach-double-threat = { side-name }'s { $houses } make a double threat (up to { seeds }); { $opponent ->
    [south] South
   *[north] North
}'s best limitation is { $move }, after which { side-name } takes at most { $after ->
    [one] { $after } seed
   *[other] { $after } seeds
}.
teach-no-double-threat = None.
# `side` threatens.
teach-no-defence-needed = { side-name } threatens nothing: no defence is needed.
teach-no-defence = No move lowers { side-name }'s largest capture ({ seeds }).
teach-defence-yinda = { $move } is a yinda: it reinforces { $houses }, and { side-name }'s largest capture drops from { $before } to { $after }.
teach-defence-evasion = { $move } is an evasion: it empties the threatened house, and { side-name }'s largest capture drops from { $before } to { $after }.
teach-defence-capture = { $move } takes { seeds } ({ $houses }), and { side-name }'s largest capture drops from { $before } to { $after }.
teach-defence-other = { $move }: { side-name }'s largest capture drops from { $before } to { $after }.
teach-grenier = { side-name }'s { $house } is a grenier of { $seeds } seeds; played now it takes { $count ->
    [0] nothing
   *[other] { seeds } ({ $houses })
}.
teach-no-grenier = No house holds { $count } seeds or more.
teach-bidoua-side = { side-name } { $count } ({ $houses })
teach-bidoua-side-none = { side-name } 0
# `leader` is south, north or none (equal bidouas).
teach-bidoua = Seeds each side can move without feeding the other: { $south }, { $north }; { $leader ->
    [south] South has the better bidoua
    [north] North has the better bidoua
   *[none] the bidouas are equal
}.

# Seega: `side` would take the piece of `opponent` on `square`.
teach-seega-threat = { $opponent ->
    [south] South
   *[north] North
}'s piece on { $square } can be taken by { side-name } with { $moves }.
teach-no-seega-threat = No piece can be taken.
teach-mobility = { side-name }: { $count ->
    [0] blocked, no legal step
    [one] { $count } legal step
   *[other] { $count } legal steps
}.
teach-mobility-placing = { side-name }: no step while pieces are being placed.

# What a move does; the clauses are joined by teach-clauses. `side`
# threatens the mover; `kind` is yinda, evasion or other.
teach-move-takes = { $move } takes { seeds } ({ $houses })
teach-move-takes-nothing = { $move } takes nothing
teach-move-creates = { $house } then threatens { $houses } ({ seeds })
teach-move-parries = it parries { side-name }'s threat ({ $kind ->
    [yinda] a yinda
    [evasion] an evasion
   *[other] a defence
}: { side-name }'s largest capture drops from { $before } to { $after })
teach-move-ignores = it ignores { side-name }'s threat ({ side-name } can still take { seeds })
teach-no-move = No legal move.

# Annotations of a played line: `side` played the move, `ply` counts from 1.
teach-note-line = Ply { $ply }, { $move }: { $text }
teach-no-note = Nothing to point out.
teach-note-threat-created = { side-name }'s { $house } now threatens { $houses } ({ seeds }).
teach-note-double-threat = { side-name }'s { $houses } now make a double threat (up to { seeds }); { $opponent ->
    [south] South
   *[north] North
}'s best limitation is { $move }, after which { side-name } takes at most { $after ->
    [one] { $after } seed
   *[other] { $after } seeds
}.
teach-note-threat-ignored = { side-name } leaves { $opponent ->
    [south] South
   *[north] North
}'s threat from { $house } ({ seeds }) standing; { $opponent ->
    [south] South
   *[north] North
} carries it out at ply { $at }.
teach-note-threat-executed = { side-name } carries out the threat { $opponent ->
    [south] South
   *[north] North
} left standing at ply { $at }: { $house } takes { $houses } ({ seeds }).
teach-note-yinda = Yinda: { $move } reinforces { $houses }; { $opponent ->
    [south] South
   *[north] North
}'s largest capture drops from { $before } to { $after }.
teach-note-evasion = Evasion: { side-name } empties { $move }, which { $opponent ->
    [south] South
   *[north] North
} threatened; { $opponent ->
    [south] South
   *[north] North
}'s largest capture drops from { $before } to { $after }.
teach-note-grenier-built = { side-name }'s { $house } becomes a grenier ({ $seeds } seeds); { $count ->
    [0] it takes nothing yet
   *[other] played now it would take { seeds }
}.
teach-note-grenier-played = { side-name } plays the grenier { $house } ({ $seeds } seeds) and harvests { $count ->
    [0] nothing
   *[other] { seeds } ({ $houses })
}.
teach-note-bidoua-turned = The bidoua turns: { side-name } now has the better bidoua ({ $ahead } to { $behind }).

## Pictures: the legend of the shapes drawn over boards (notation/src/render/svg.rs)

picture-key-seega-move = the move
picture-key-seega-taken = pieces taken
picture-key-path = path of the sowing
picture-key-harvest = seeds taken from the house
picture-key-threat = threat: the seeds it would take
picture-key-double-threat = double threat
picture-key-seega-threat = a piece one step would take
picture-key-grenier = grenier and its seeds
picture-key-yinda = seed of a yinda

## Seega: what each step does (notation/src/teach/words.rs, songo moves)
#
# `squares` is a list of squares (teach-list-and joins it); `side` threatens
# the mover.

teach-seega-move-takes = { $move } takes { $squares }
teach-seega-move-takes-nothing = { $move } takes nothing
teach-seega-move-creates = then threatens { $squares }
teach-seega-move-parries = it parries { side-name }'s threats (pieces open to capture: { $before } before, { $after } after)
teach-seega-move-ignores = it leaves { side-name }'s threats standing ({ pieces } open to capture)
teach-seega-note-threat-created = { side-name } now threatens { $squares }.
teach-seega-note-blocked = { side-name } is blocked: no legal step.
