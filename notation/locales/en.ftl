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

## The web page (service/page/; docs/page.md)
#
# The page receives these messages from GET /v1/messages with `$house`,
# `$move`, `$name`, `$text`, `$game`, `$line` and `$column` left as
# placeholders it fills in, and one form per plural category of `$count`.
# They hold no digit of their own (the plural forms are told apart by the
# count they are written with).

page-title = songo: board, moves and records
page-skip = Skip to the houses
page-tagline = Set up a board, play it move by move, check a recorded game
page-language = Language
page-board = Board
page-houses = Houses
page-navigation = Moves
page-first = First
page-undo = Undo
page-redo = Redo
page-last = Last
page-compact = Compact notation
page-copy = Copy
page-copy-link = Copy link
page-copied = Copied.
page-copy-failed = Copying is not allowed here: the text is in the export box.
page-tools = Tools
page-tab-edit = Set up
page-tab-play = Play
page-tab-record = Records
page-tab-explain = Explain
page-tab-export = Export
page-edit-hint = Choose a house, then change its seeds with − and + or type the number. In Seega, choose a square to put a piece on it or take it off.
page-game = Game
page-start = Start position
page-less = One seed less
page-more = One seed more
page-seeds-in-house = Seeds in the house
page-to-move = Side to move
page-south = South
page-north = North
page-stores = Stores
page-paste = Paste a position: a diagram, the compact notation, JSON or an OGN FEN
page-read = Read the position
page-play-hint = Choose a house to play it. Legal moves are ringed in green. In Seega, choose two squares.
page-animate = Show the sowing seed by seed
page-legal = Legal moves
page-illegal = Moves the rules forbid
page-move = Move
page-play = Play
page-line = Moves played
page-record-paste = Paste a game record, or open a file
page-open-file = Open a file
page-check = Check the record
page-record-keys = Step through a game with the arrow keys, Home and End.
page-explain-hint = What the position holds for each side, in the words of the teaching texts.
page-explain-show = Show
page-threats = Threats
page-double-threats = Double threats
page-greniers = Greniers
page-defences = Yinda and other defences
page-bidoua = Bidoua
page-explain-missing = This server cannot explain positions yet.
page-export-svg = SVG picture
page-export-png = PNG picture
page-export-moves-svg = Moves as an SVG figure
page-export-markdown = Markdown
page-export-compact = Compact notation
page-export-record = Game record
page-export-handout = Lesson handout
page-exported = Exported text
page-embed = Embed this board in another page
page-footer = The server keeps nothing: a board is shared by its link.
page-error = The server could not answer.
page-at = line { $line }, column { $column }
page-game-over = Game over
page-south-moves = South to move
page-north-moves = North to move
page-seeds = { seeds }
page-house-label = { $house }, { seeds }
page-square-label = { $house }, { $text }
page-piece-south = South's piece
page-piece-north = North's piece
page-empty = empty
page-played-nothing = { $name } plays { $move }: no capture
page-played-captured = { $name } plays { $move }: { seeds } captured from { $text }
page-go-to = Ply { $count }: { $move }
page-placements = { $count ->
    [one] { $count } placement: choose its two squares on the board
   *[other] { $count } placements: choose two squares on the board
}
page-download = Download { $name }
page-record-summary = { $count ->
    [one] { $count } game, { $text } invalid
   *[other] { $count } games, { $text } invalid
}
page-game-heading = Game { $game }: { $name } – { $text }
page-valid = { $count ->
    [one] Valid: { $count } ply
   *[other] Valid: { $count } plies
}
page-invalid = { $count ->
    [one] { $count } violation
   *[other] { $count } violations
}
page-open-game = Show this game on the board
