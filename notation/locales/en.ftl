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

## Lessons and handouts (notation/src/lesson/; docs/lessons.md)
#
# `played` and `house` are move and house names, `rule` a rule id, `stage`
# is sown (the board after sowing) or after (after captures), `side` south
# or north, `count` a count of seeds unless said otherwise.

lesson-title = Lesson
lesson-stage = { $stage ->
    [sown] the board after sowing
   *[after] the board after captures
}
lesson-caption-before = Before
lesson-caption-sown = After sowing
lesson-caption-after = After captures
lesson-caption-after-move = After the move
lesson-move-headline = { side-name } plays { $played }
lesson-move-summary = { $count ->
    [0] No capture.
   *[other] { seeds } captured ({ $houses }).
}
lesson-refused = { $played } cannot be played here: { $message }
lesson-explain-heading = What the board shows
lesson-linked = { $played } ({ side-name }), { lesson-stage }
lesson-from-start = { $played } from the start position, { lesson-stage }
lesson-unreadable-board = This board cannot be read: songo lesson check says why.
lesson-record-game = Game { $number }
lesson-record-start = Start position
lesson-record-after = After { $numbered }
lesson-record-captures = { $numbered } takes { seeds }
lesson-record-variation = Variation:
lesson-record-result = Result: { $result }
lesson-record-stopped = The replay stops at ply { $ply }: { $played } cannot be played (songo lesson check says why).
lesson-tag = { $name ->
    [Event] Event
    [Site] Place
    [Date] Date
    [South] South
    [North] North
   *[Result] Result
}

# songo lesson check, for people.
lesson-summary = { $path }: { $diagrams ->
    [one] { $diagrams } board
   *[other] { $diagrams } boards
}, { $links ->
    [one] { $links } move linking two boards
   *[other] { $links } moves linking two boards
}, { $problems ->
    [0] no problem
    [one] { $problems } problem
   *[other] { $problems } problems
}.
lesson-link-line = line { $from } → line { $to }: { side-name } plays { $played }, { lesson-stage }
lesson-start-line = line { $line }: { $played } from the start position, { lesson-stage }

# Problems: each message says what the text says; the hint what is true.
lesson-problem-diagram = this board cannot be read: { $message }
lesson-problem-unlinked = the text shows this board as the result of a move, but no legal move of either side leads to it from the board at line { $line }
lesson-house-differs = { $house } is { $here } here, { $computed } by the rules
lesson-problem-closest = the nearest is { $played } ({ side-name }), { lesson-stage }: { $differences }
lesson-problem-stage = the caption names { $said ->
    [sown] the board after sowing
   *[after] the board after captures
}, but this is { $shown ->
    [sown] the board after sowing
   *[after] the board after captures
} of { $played }
lesson-problem-claim-total = the text says { $played } captures { $claimed ->
    [one] { $claimed } seed
   *[other] { $claimed } seeds
}; it captures { $count }
lesson-problem-claim-house = the text says { $played } takes { $claimed ->
    [one] { $claimed } seed
   *[other] { $claimed } seeds
} from { $house }; it takes { $count } there
lesson-problem-claim-not-taken = the text says { $played } takes { $claimed ->
    [one] { $claimed } seed
   *[other] { $claimed } seeds
} from { $house }; it does not take { $house }
lesson-problem-expectation = this does not hold: { $expected }

# What is true instead of an expectation.
lesson-actual-captures = { $played } captures { seeds }
lesson-actual-captures-from = { $played } captures { seeds } ({ $houses })
lesson-actual-captures-nothing = { $played } captures nothing
lesson-actual-refused-by = { $played } is refused by { $rule }
lesson-actual-all-legal = every move played is legal
lesson-actual-legal = { $played } is legal
lesson-actual-no-threat-from = { $house } threatens nothing
lesson-actual-threat = { $house } threatens { $houses } ({ seeds })
lesson-actual-defence-kind = { $played } is a defence of another kind ({ $kind })
lesson-actual-no-defence = { $played } is no defence
lesson-actual-not-grenier = { $house } holds { seeds }, too few for a grenier
lesson-actual-bidoua = the bidoua is south { $south }, north { $north }
lesson-actual-game-over = the game is over by { $rule }
lesson-actual-not-over = the game is not over
lesson-actual-winner = { $side ->
    [south] South wins
    [north] North wins
   *[none] it is a draw
}
lesson-actual-not-sowing = this claim is about the sowing games

# A lesson that cannot be read (exit 2).
lesson-expect-unreadable = `{ $text }` is no claim songo can check
lesson-expect-forms = write one of: S4 captures 11 [from N0 N1 …], S4 captures nothing, [S0] illegal [songo.exit], S1 legal, N4 threatens S3 S4 [6], no threat, N1 yinda, N2 evasion, N2 defence, grenier S4, bidoua south 7 north 4, game over [rule], winner south|north|none
lesson-expect-unknown-rule = `{ $rule }` is not a rule id
lesson-expect-rule-hint = rule ids are listed in docs/rules.md (songo.exit, songo.capture.chain, …)
lesson-error-twice = `{ $key }` is given twice in this block
lesson-error-twice-hint = give it once, or split the block in two
lesson-error-record-and-board = a block holds a board or a game record, not both
lesson-error-record-and-board-hint = put the record in a block of its own, or give its start in a Position tag
lesson-error-plies-without-record = `plies:` chooses moves of a game record, and this block holds none
lesson-error-plies-without-record-hint = put the record after `plies:`, starting with its tags ([Rules "songo"])
lesson-error-two-positions = this block gives its board twice: a `position:` line and a diagram
lesson-error-two-positions-hint = keep one of them
lesson-error-empty-block = this block shows nothing
lesson-error-empty-block-hint = give a board (a diagram, or position: on one line), moves to play (play:), or a record
lesson-error-move-hint = moves are house names (S2, N4; Awale C, e) or Seega moves (a1,b2, b3-c3, pass), separated by spaces
lesson-error-too-many-moves = a block plays at most { $count } moves
lesson-error-too-many-moves-hint = split the moves over several blocks, or show them as a record
lesson-error-plies = `{ $text }` is no range of plies
lesson-error-plies-hint = write plies: 5-9 (or one ply: plies: 5), counting from 1
lesson-error-too-many-boards = the handout would hold more than { $count } boards
lesson-error-too-many-parts = a lesson holds at most { $count } boards and blocks
lesson-error-too-large = the lesson is larger than { $count } bytes
lesson-error-not-utf8 = the lesson is not UTF-8 text (byte { $byte })
lesson-error-not-utf8-hint = save the lesson as UTF-8
lesson-error-split-hint = split the lesson into several

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
page-annotate = Add the teaching comments
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
page-handout-title = A board from songo
page-analyse = Find the best move
page-analysis-best = Best move: { $move }, { $value } seeds for the side to move ({ $text })
page-analysis-exact = exact
page-analysis-depth = searched { $count } plies deep
page-analysis-line = Best line: { $text }
page-annotate-engine = and the engine's judgement of each move (?!, ?, ??)
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

## Engine marks (songo annotate --engine; docs/analysis.md)

# A ply whose move was the only one that keeps the value.
engine-only = The only move that keeps the value.
# A ply that lost `count` seeds of score difference; `move` was better.
engine-loss = { $mark ->
    [inaccuracy] Inaccuracy
    [mistake] Mistake
   *[blunder] Blunder
}: { seeds } lost; { $move } was better.
# Why the engine judged only part of a game.
engine-unjudged-seega = no engine marks: the analysis plays the sowing games only
engine-unjudged-time = the total time for the engine ran out: plies from { $ply } on are not judged
engine-unjudged-seeds = ply { $ply }: the position holds too many seeds for the analysis; plies from there on are not judged
