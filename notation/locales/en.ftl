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

# A text that is the same in every language (what another program said).
verbatim = { $text }
# A message between words that came with it (a path that serde puts before it).
framed = { $before }{ $text }{ $after }
# serde's place of an error, after its message.
serde-at-line-column = { $text } at line { $line } column { $column }

# The language's own name, for a language menu.
lang-name = English

## Rulesets (notation/src/ruleset.rs): one line each, for help texts and GET /v1/rules.

ruleset-songo = Songo, 2x7 houses, as in the escale-a-jeux text (default)
ruleset-songo-ekang = Songo, 2x7 houses, as played in the Ekang area
ruleset-awale = Awale, 2x6 houses, as in the two French sources
ruleset-oware-abapa = Oware with the international abapa tournament rules
ruleset-seega = Seega, a 5x5 board, placement then custodian captures
ruleset-akong-cameroon = Songo, 2x7 houses, as the akong-online platform plays its Cameroon variant (40 seeds win)
ruleset-akong-gabon = Songo, 2x7 houses, as the akong-online platform plays its Gabon variant (36 seeds win)

## Rule summaries (notation/src/rule.rs; docs/rules.md): one line per rule id.

rule-songo-sow = take every seed of one of your non-empty houses and sow them one by one clockwise
rule-songo-sow-lap = 14 or more seeds: one in each other house, then the rest only in the opponent's camp
rule-songo-sow-lone-seed = after a lap, a last seed bound for the opponent's entry house is kept as a capture
rule-songo-capture-chain = last seed makes 2, 3 or 4 in an opponent house: take it and the houses before it while they hold 2-4
rule-songo-capture-entry = a last seed in the opponent's entry house captures nothing
rule-songo-capture-no-emptying = a capture that would leave the opponent no seed takes nothing
rule-songo-exit = your exit house may not be played with 1 seed (songo-ekang: 1 or 2; songo: 2 only if it captures)
rule-songo-exit-forced = a banned exit move is forced when nothing else is playable; its seeds go to a store
rule-songo-solidarity = when the opponent's camp is empty you must feed it
rule-songo-end-forty = a player with 40 seeds or more in store ends the game and wins
rule-songo-end-few-seeds = fewer than 10 seeds on the board end the game
rule-songo-end-no-move = the player to move has no legal move: the game ends
rule-songo-end-remaining = when the game ends for lack of seeds or moves, each camp's seeds go to its owner
rule-akong-exit = your exit house may be played with 1 seed only when it is your camp's last seed, which then goes to your store
rule-akong-solidarity = when the opponent's camp is empty, you must play a house that reaches it if one does (the exit house always does)
rule-akong-capture-grand-slam = a capture of all seven opponent houses takes nothing; any other capture is taken, even the camp's last seeds
rule-akong-end-starved = the player to move has no seed: the game ends, the other player's camp goes to him
rule-akong-end-store = a player with 40 seeds in store (36 in the Gabon variant) ends the game; otherwise the larger score wins
rule-awale-sow = take every seed of one of your non-empty houses and sow them one by one counter-clockwise
rule-awale-sow-skip-origin = with 12 seeds or more the emptied house is skipped on every lap
rule-awale-capture-chain = last seed makes 2 or 3 in an opponent house: take it and the houses before it while they hold 2 or 3
rule-awale-feed = a move must leave the opponent's camp at least one seed, captures included
rule-awale-end-no-move = the player to move has no legal move: the game ends, captured seeds count
rule-awale-end-agreement = the players agree to stop when too few seeds remain for a capture
rule-abapa-grand-slam = a capture that would empty the opponent's camp takes nothing
rule-abapa-feed = when the opponent's camp is empty, only moves that reach it are legal
rule-abapa-end = more than 24 captured, 24 each, no legal move, or a repeated position: camps go to their owners
rule-seega-place = in the first phase each turn places two pieces from hand on empty squares
rule-seega-place-centre = no piece may be placed on c3
rule-seega-place-last-moves-first = the player who placed the last two pieces makes the first move
rule-seega-move = move one of your pieces one square orthogonally to an empty square
rule-seega-capture = an enemy piece next to the moved piece with your piece right behind it is captured
rule-seega-capture-stronghold = a piece on c3 cannot be captured
rule-seega-capture-active = only the moving player captures; moving between two enemies is safe
rule-seega-blocked = a player with no move passes
rule-seega-blocked-unblock = after a pass the opponent must open a move for the blocked player if possible
rule-seega-end-wipeout = a player with no piece left loses (total victory)
rule-seega-end-no-capture = declared: no capture is possible; more pieces wins (grande victoire)
rule-seega-end-barrier = declared: a barrier walls off the opponent; more pieces wins (petite victoire)
rule-seega-end-blocked = a blocked player cannot be unblocked: more pieces wins
rule-syntax = the text does not follow the grammar of the notation
rule-record-setup = a game's start position must be a full game's position
rule-record-capture-claim = a move's claimed capture (+N) must match what the move captures
rule-record-move-number = a move number must be the number of the move it precedes (a missing move shows here)
rule-record-after-end = no move may follow the end of the game
rule-record-result = the Result tag must match the final score computed by replaying the game
rule-record-termination = a declared end of game must hold in the final position

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

## The engine's refusals (notation/src/game.rs, notation/src/sowing/rules/mod.rs,
## notation/src/seega/rules.rs)
#
# `side` is the side to move, `opponent` the other one; `house`, `square`,
# `move` and `moves` are names, never translated; `rule` is a rule id.

# The other side, named.
opponent-name = { $opponent ->
    [south] South
   *[north] North
}

refusal-with-rule = { $text } ({ $rule })
refusal-legal-moves = { $text }; legal moves: { $moves }
illegal-other-game = `{ $move }` is not a move of { $rules }
illegal-no-such-house = { $house } is not a house of { $rules }
illegal-wrong-side = { $house } is { opponent-name }'s house, but { side-name } is to move
illegal-empty-house = { $house } is empty: there is nothing to sow
illegal-game-over = the game is over ({ $rule }): no move may follow; final score { $score }
illegal-exit-two-seeds = { $house } is { side-name }'s exit house and holds 2 seeds: it may be played only when it captures, and here it does not
# `banned` is 1 (songo) or 2 (songo-ekang): the most seeds the exit house may not be played with.
illegal-exit = { $house } is { side-name }'s exit house and holds { seeds }: { $rules } forbids playing it with { $banned ->
    [2] 1 or 2 seeds
   *[other] 1 seed
}
illegal-solidarity-most-seeds = { opponent-name }'s camp is empty: { side-name } must feed it from one of the houses holding the most seeds
illegal-solidarity-seven-seeds = { opponent-name }'s camp is empty: { side-name } must give it at least 7 seeds, or else as many as possible, and { $house } gives fewer
illegal-akong-exit = { $house } is { side-name }'s exit house and holds 1 seed: it may be played only when it is the camp's last seed
illegal-akong-solidarity = { opponent-name }'s camp is empty and { $house } does not reach it: { side-name } must play a house that does
illegal-abapa-feed = { opponent-name }'s camp is empty and { $house } does not reach it: the opponent must be fed
illegal-awale-feed = { $house } would leave { opponent-name } without a seed: a move must leave the opponent at least one

# A record's declared end (Termination tag) that does not hold.
end-by-another-rule = the game ended by { $actual }, not by { $declared }
end-does-not-hold = { $rule } does not hold: the game is not over after the last move
end-not-of-the-game = it is not how a { $rules } game ends: the end rules are { $ends }
# Seega's refusals: `loser` is the side left without a piece, `owner` the
# side whose piece stands on `square`.
seega-over-wipeout = the game is over, { $loser ->
    [south] South
   *[north] North
} has no piece left: no move may follow
seega-over-blocked = the game is over, { opponent-name } passed and no move of { side-name } can free { opponent-name }: no move may follow
seega-over = the game is over, it has ended: no move may follow
seega-not-placement = { $move } is not a placement: while pieces are in hand, each turn places two of them
seega-same-square = both pieces placed on { $square }: a placement takes two different empty squares
seega-on-centre = a piece placed on c3: nothing is ever placed on the centre
seega-occupied = { $square } is occupied: pieces are placed on empty squares
seega-placement-over = a placement, but every piece is placed: move a piece one square
seega-not-your-piece = { $square } holds a { $owner ->
    [south] South
   *[north] North
} piece, not one of { side-name }'s
seega-no-piece = { $square } is empty: there is no piece to move
seega-not-one-step = { $move } is not one square up, down, left or right: a piece moves one square orthogonally
seega-destination-occupied = { $square } is occupied: a piece moves to an empty square
seega-not-blocked = { side-name } can move, so { side-name } may not pass: only a blocked player passes
seega-must-unblock = { opponent-name } has just passed and { $move } leaves { opponent-name } blocked: { side-name } must play a move that lets { opponent-name } move
seega-legal-placement = { $text }; legal: any two of the empty squares but c3 ({ $squares })

# A Seega record's declared end that does not hold.
seega-end-not-an-end = { $rule } is not an end of a Seega game
seega-end-in-placement = { $rule } is declared while pieces are still in hand: the game ends only in the movement phase
seega-end-otherwise = { $declared } is declared, but the game ended by { $actual }
seega-end-wipeout-not-over = seega.end.wipeout is declared, but both players still have pieces
seega-end-not-blocked = { $rule } is declared, but the game is not blocked: the player to move can play (after a pass, a move that frees the passer)
seega-end-no-barrier = seega.end.barrier is declared, but no player's pieces wall off a region of empty squares from every opponent piece

## Texts that are not what they should be: house names, moves, squares,
## positions (notation/src/sowing/position.rs, notation/src/seega/*.rs)
#
# `text` is what was written, quoted as it is.

house-not-songo = `{ $text }` is not a Songo house: write S0..S6 or N0..N6
house-not-awale = `{ $text }` is not an Awale house: write A..F for South and a..f for North
house-in-seega = `{ $text }`: Seega has squares, not houses
seega-not-a-move = `{ $text }` is not a Seega move: write a placement such as a1,b2, a step such as b3-c3, or pass
seega-not-a-phase = `{ $text }` is not a phase: write placement or movement
seega-not-a-square = `{ $text }` is not a square: write a file a-e and a rank 1-5, such as c3
# `side` is the row's side; `found` and `needed` count houses.
position-row-length = the { $side } row has { $found } houses, { $rules } needs { $needed }
position-too-many-seeds = { $total } seeds in all: the engine counts at most { $most } seeds, houses and stores together
position-not-sowing = { $rules } is not a sowing game: it has no houses
seega-position-overlap = { $square } holds a South and a North piece
seega-position-too-many-pieces = { side-name } has { $total } pieces on the board, in hand and taken by { opponent-name }: a player owns { $most }
seega-position-odd-hand = { side-name } holds an odd number of pieces in hand: they are placed two at a time (seega.place)
seega-position-empty-hand = { side-name } is to move in the placement phase but has no piece in hand (seega.place)
seega-position-capture-in-placement = pieces are taken while some are still in hand: nothing is captured in the placement phase (seega.place)
seega-position-pass-in-placement = a pass in the placement phase: only a blocked player passes (seega.blocked)

## Reading positions (notation/src/error.rs, span.rs, input.rs, read.rs,
## notation/src/sowing/notation/*.rs, notation/src/seega/notation.rs)

# The name of a diagnostic's level, before its rule id: error[songo.exit].
diagnostic-error = error
# Where an error is: `text` is what is wrong.
at-line-column = { $text } at line { $line }, column { $column }
location = line { $line }, column { $column }
# The name of the note that says how to fix an error.
note-hint = hint
empty-position = empty position
hint-write-a-position-such-as = write a position such as { $example }
compact-one-line = the compact notation is one line
hint-diagram-docs = for a diagram over several lines, see docs/notation.md
hint-counts-per-row = write { $count } counts a row
hint-smaller-counts = give smaller counts: a board holds at most { $most } seeds in all
hint-sowing-position = give a position of songo, songo-ekang, awale or oware-abapa

# The compact notation (notation/src/sowing/notation/compact.rs).
position-rules-disagree = the position says { $written } but { $asked } was asked for
hint-drop-a-ruleset = drop the ruleset from the position or from --rules
# A text with no field, row or count: `text` is what was given.
not-a-position = `{ $text }` is no position: songo reads the compact notation, an OGN FEN, a diagram, JSON or YAML
hint-position-forms = write a position such as songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5 (or start), give a file, or - to read standard input
compact-own-form = { $rules } positions have their own compact form
hint-compact-sowing-games = the compact notation writes the sowing games: songo, songo-ekang, awale, oware-abapa
compact-third-row = a third row
hint-two-rows = a position has two rows: north/south
not-a-side-to-move = `{ $text }` is not a side to move
hint-write-s-or-n = write S (south) or N (north)
compact-stores-before-side = the stores come before the side to move
compact-empty-field = an empty field
compact-field-too-many = one field too many
hint-compact-after-rows = after the rows come the stores (south-north) and the side to move: :0-0:S
compact-expected-two-rows = expected two rows separated by `/`
hint-compact-two-rows = write the north row, `/`, then the south row, { $count } counts each
count-missing = a house count is missing
hint-number-between-commas = write a number between two commas
count-negative = negative count { $text }
hint-count-not-negative = a house holds 0 seeds or more
count-not-a-number = `{ $text }` is not a number of seeds
hint-whole-numbers = counts are whole numbers such as 0, 5 or 14
count-too-large = { $text } seeds is more than the engine counts
hint-house-at-most = a house holds at most { $most } seeds
hint-counts-separated-by-commas = write { $count } counts separated by commas
compact-stores-two-counts = stores are two counts, south-north
hint-compact-stores = write them as 3-0 (south's store first)
fen-not-awale = an OGN FEN is an awale position, not { $rules }
hint-fen-rules = read it with --rules awale (or oware-abapa), or write the position in the compact notation
fen-field-count = an OGN FEN has 15 fields, this one { $count }
hint-fen-fields = 12 houses, 2 stores and the side to move, joined by `-`
hint-fen-side = end the FEN with S or N

# Diagrams (notation/src/sowing/notation/diagram.rs).
diagram-too-many-lines = too many lines for one board
hint-one-board-at-a-time = give one board at a time
diagram-third-row = a third row of counts
hint-two-rows-of-counts = give one board at a time: two rows of counts
diagram-fourth-label-row = a fourth label row
hint-label-rows-place = label the top row above it and the bottom row below it
diagram-empty-cell = an empty cell
hint-zero-for-empty = write 0 for an empty house
diagram-not-a-songo-house = `{ $text }` is not a Songo house
hint-songo-houses = Songo's houses are N0 .. N6 and S0 .. S6
count-not-whole = `{ $text }` is not a whole number of seeds
diagram-neither-count-nor-label = `{ $text }` is neither a seed count nor a house label
hint-diagram-lines = a diagram line is a row of house labels (N0 .. N6, or a .. f), a row of seed counts, or a line such as `stores: south 3 north 0`, `to move: north` or `rules: awale`; put other text after a `#`
diagram-count-among-labels = `{ $text }` is a count in a row of labels
hint-counts-own-line = put the seed counts on a line of their own
diagram-label-among-counts = `{ $text }` is a label in a row of counts
hint-labels-own-line = put the house labels on a line of their own
# `owner` owns the house labelled `text`; `row` is the side the row's other labels name.
diagram-label-other-camp = `{ $text }` is { $owner ->
    [south] South
   *[north] North
}'s house in a row of { $row ->
    [south] South
   *[north] North
}'s labels
hint-label-row-one-camp = a label row names the houses of one camp: N0 .. N6 or S0 .. S6
# `capital` is yes when the letter `text` is a capital (and the row's others small letters).
diagram-letter-case-mixed = `{ $text }` is a { $capital ->
    [yes] capital
   *[no] small letter
} in a row of { $capital ->
    [yes] small letters
   *[no] capitals
}
hint-one-camp-in-capitals = one camp is lettered in capitals, the other in small letters
diagram-labels-mixed = `{ $text }` mixes Awale letters and Songo house names
hint-label-families = label Songo houses N0 .. N6 / S0 .. S6 and Awale houses with letters
diagram-label-twice = `{ $text }` twice in this row
hint-each-house-once = each house of the camp is named once
diagram-ruleset-missing = the ruleset is missing
hint-ruleset-after-colon = write it after the colon: `rules: awale`
diagram-side-missing = the side to move is missing
hint-to-move-line = write `to move: south` or `to move: north`
not-a-side = `{ $text }` is not a side
hint-write-a-side = write south (or S) or north (or N)
hint-stores-line = write `stores: south 3 north 0`, or `stores: 3-0` with South's store first
diagram-stores-missing = the stores are missing
diagram-whose-store = `{ $text }`: whose store is it?
diagram-store-twice = { side-name }'s store is given twice
diagram-store-no-count = { side-name }'s store has no count
hint-diagram-rows = a diagram has North's row of counts above South's, one number per house
diagram-no-row = no row of seed counts
diagram-one-row = only one row of counts
# `what` is stores, to-move or rules.
diagram-second-line = a second line for the { $what ->
    [stores] stores
    [to-move] side to move
   *[rules] ruleset
}
hint-say-it-once = say it once
diagram-rules-disagree = the diagram says { $written } but { $asked } was asked for
hint-drop-rules-line = drop the rules line or --rules
diagram-second-label-row = a second label row for the same row of counts
diagram-label-row-between = a label row between the two rows of counts: which row does it name?
hint-labels-outside = put the labels above the top row and below the bottom row, as the sources do
diagram-third-label-row = a third label row
diagram-label-families-differ = Songo labels on one row, Awale letters on the other
hint-label-both-rows-alike = label both rows the same way
# `named` is songo or awale.
diagram-labels-other-game = these labels name { $named ->
    [songo] Songo houses
   *[awale] Awale houses
}, but the ruleset is { $rules }
hint-labels-of-the-ruleset = label the houses the way the ruleset names them, or change the ruleset
diagram-six-wide = rows of 6 houses: an awale or oware board, but the diagram does not say which ruleset
hint-six-wide = add a line `rules: awale` (or `rules: oware-abapa`), pass --rules, or label the houses f e d c b a / A B C D E F
diagram-not-rows = { $rules } positions are not drawn as rows of houses
diagram-labels-same-camp = both label rows name { side-name }'s houses
hint-rows-of-both-camps = one row is North's (N0 .. N6), the other South's (S0 .. S6)
diagram-south-on-top-unlabelled = this board is drawn South on top, and this row has no labels
hint-south-on-top = label both rows when South is on top, or draw North on top
# `caption` is the side the caption names, `side` the side whose row is there.
diagram-caption-disagrees = this caption says { $caption ->
    [south] South
   *[north] North
} but the row here is { side-name }'s
hint-north-on-top = North's row is drawn on top; label the rows N0 .. / S0 .. to draw South on top (Songo)
diagram-both-rows-same-case = both label rows are in { $capitals ->
    [yes] capitals
   *[no] small letters
}
hint-counts-or-awale = write { $count } counts; for an awale board add a line `rules: awale`
hint-counts-one-per-house = write { $count } counts, one per house
diagram-label-count = this label row names { $count } houses, { $rules } has { $width } a camp
hint-label-every-house = name every house of the camp, one label per count

unknown-ruleset = unknown ruleset `{ $name }`: use one of songo, songo-ekang, awale, oware-abapa, seega, akong-cameroon, akong-gabon
side-unknown = `{ $text }` is not a side: write `south` (or `S`) or `north` (or `N`)
# JSON and YAML positions: `at` names the value (north[3]).
json-count-negative = { $at } is { $value }: a count cannot be negative
json-count-too-large = { $at } is { $value }: more seeds than the engine counts (at most { $most })

# Any form (notation/src/input.rs, read.rs).
too-deep = brackets nest more than { $limit } deep
hint-too-deep = a position nests brackets 2 deep and a record about two per level of variation: close the brackets before { $limit } are open
position-of-another-ruleset = the position is a { $rules } position but { $asked } was asked for
hint-drop-rules = drop --rules, or give a position of that ruleset
hint-json-shape = a position is {"{"}"rules": "songo", "north": [7 counts], "south": [7 counts], "stores": {"{"}"south": 0, "north": 0{"}"}, "to_move": "south"{"}"}
hint-seega-json-shape = a Seega position is {"{"}"rules": "seega", "board": [5 ranks such as "NN.NN", rank 5 first], "to_move": "south", "phase": "movement", "in_hand": {"{"}"south": 0, "north": 0{"}"}, "captured": {"{"}"south": 0, "north": 0{"}"}{"}"}

# Seega positions (notation/src/seega/notation.rs).
seega-movement-with-pieces-in-hand = the phase is movement but pieces are in hand ({ $in_hand }): placement goes on while any piece is in hand
seega-placement-without-pieces = the phase is placement but no piece is in hand: give the pieces in hand (such as 2-2) or write movement
seega-hand-derived = { $text }; the pieces in hand, not given, were counted as 12 minus those on the board ({ $in_hand }): give them
seega-board-missing = the board is missing
hint-seega-ranks-after = write the five ranks after `seega:`, as in { $example }
seega-not-a-board = `{ $text }` is not a Seega board
seega-rank-count = the board has { $count } ranks, Seega has 5
hint-seega-compact-ranks = write ranks 5 down to 1 separated by `/`, five squares each: NN.NN/NNNNN/SN.SS/SSSSS/SSSNS
seega-not-a-square-of-the-board = `{ $text }` is not a square of the board
hint-seega-square-letters = write S for a South piece, N for a North piece, . for an empty square
seega-rank-width = rank { $rank } has { $count } squares, a rank has 5
hint-seega-files = write files a to e, each S, N or .
seega-unexpected-field = unexpected field `{ $text }`
hint-seega-fields = after the board come, in this order: the side to move, the phase, the pieces in hand and the pieces taken (south-north), and `passed` after a pass: :S:movement:0-0:0-0
seega-not-a-pair = `{ $text }` is not a pair of counts
hint-seega-pair = write south's count, `-`, north's count, such as 12-10
seega-diagram-rules = `{ $text }`: this diagram is a Seega board
seega-unknown-line = unknown line `{ $text }`
hint-seega-lines = after the board come the lines to move:, phase:, in hand:, captured: and passed:
seega-not-a-rank = `{ $text }` is not a rank of the board
hint-seega-rank = a rank is five squares, each S (South), N (North) or . (empty), rank number first if you like: 3 S N . S S
seega-sixth-rank = a sixth rank: the board has 5
seega-rank-order = rank { $rank } where rank { $expected } was expected
hint-seega-rank-order = write the ranks from 5 at the top down to 1
seega-diagram-rank-count = the diagram has { $count } ranks, Seega has 5
hint-seega-five-ranks = write five ranks of five squares, rank 5 first
seega-passed-and-to-move = { side-name } passed but is also to move
hint-seega-passed = `passed:` names the player who has just passed, the one not to move
hint-seega-labelled-pair = write south 12 north 10 (or 12-10)
seega-json-count = { $at } is { $value }: a count is between 0 and { $most }
seega-json-rows = a { $rules } position has rows of houses, not a board
seega-json-rank-count = board has { $count } ranks: Seega has 5, rank 5 first
seega-json-rank = { $at } is `{ $text }`: a rank is five squares, each S, N or .

## Game records (notation/src/record/*.rs, notation/src/sowing/record.rs,
## notation/src/seega/record.rs)

record-too-many-errors = more than { $most } syntax errors in this game: the others are not reported
hint-is-it-a-record = check that the file is a game record
hint-tag-pair = a tag pair is written [Name "value"]
record-expected-bracket = expected `[`
record-expected-tag-name = expected a tag name (letters, digits, `_`)
record-expected-tag-value = expected the value of tag `{ $name }` in double quotes
record-tag-value-not-closed = the value of tag `{ $name }` is not closed: a `"` is missing before the end of the line
hint-quote-in-value = write \" for a quote inside a value
record-expected-closing-bracket = expected `]` to close tag `{ $name }`
record-tag-in-moves = a tag pair inside the move text
hint-tags-before-moves = tags come before the moves; a new game starts on a new line with its tags
record-unexpected = unexpected `{ $text }` in the move text
# `inside` counts the variations opened inside the first one left open.
record-variation-not-closed = { $inside ->
    [0] this variation is never closed
   *[other] this variation and { $inside } inside it are never closed
}
hint-close-variations = close each `(` with a `)`
record-comment-not-closed = this comment is never closed
hint-close-comment = close it with `{"}"}` (a comment cannot contain `{"}"}`)
record-variation-first = a variation must follow the move it replaces
hint-variation-after-move = write the variation after a move: S2 N4 (N3 S1) S5
record-variations-too-deep = variations nested deeper than { $most }: this one is skipped
record-unopened-variation = `)` closes no variation
hint-unopened-variation = remove it, or open the variation with `(`
record-moves-after-result = moves after the result token
hint-result-ends-the-game = the result ends the game; start the next game on a new line with its tags
record-claim-without-number = `+` must be followed by the number of seeds captured
hint-capture-claim = write a capture claim as S5+11
record-claim-too-large = capture claim { $text } is too large
record-result-two-numbers = a result is two numbers joined by `-`
hint-result-score = write the final score south first, as 41-29
record-result-in-variation = a result token inside a variation
hint-result-main-line = only the main line ends with the result
record-annotation-too-large = ${ $text } is not an annotation: they go from $0 to $255
record-dollar-without-number = `$` must be followed by an annotation number
hint-annotation-numbers = write $1 … $255
record-annotation-first = an annotation must follow a move
record-not-utf8 = the text is not UTF-8 here
hint-save-as-utf8 = save the file as UTF-8
record-game-too-large = this game is larger than { $mebibytes } MiB ({ $bytes } bytes at least): it was not read
hint-game-too-large = split it, or check for a runaway comment or variation
record-no-game = no game in this text
hint-record-shape = a record has tags such as [Rules "songo"] and moves such as 1. S2 N4
record-second-game = a second game: one game was expected
hint-read-all = read several games with record::read_all
ogn-not-awale = OGN holds awale and oware games, not { $rules }

# Setting a game up from its tags: `tag` is a tag's name, never translated.
setup-tag-unreadable = the { $tag } tag cannot be read: { $text }
setup-position-of-another-ruleset = the Position tag is a { $written } position, but the game is played by { $rules }
hint-rules-and-position-agree = make the Rules tag and the Position tag agree
setup-not-sowing = { $rules } is not a sowing game
setup-not-seega = { $rules } is not seega
setup-capitals-not-a-side = `{ $text }` is not a side: the Capitals tag says whose houses are in capitals
hint-capitals-tag = write [Capitals "South"] or [Capitals "North"]
setup-first-not-a-side = `{ $text }` is not a side: the First tag says who moves first
setup-seega-first-not-a-side = `{ $text }` is not a side: the First tag says who places first
hint-first-tag = write [First "South"] or [First "North"]
# `first` is the side the First tag names, `side` the side to move.
setup-first-disagrees = the First tag says { $first } moves first, but the start position has { $side } to move
setup-seega-first-disagrees = the First tag says { $first ->
    [south] South
   *[north] North
} plays first, but the start position has { side-name } to move
hint-drop-first = drop the First tag: the position says who is to move
setup-seed-total = the start position holds { $total ->
    [one] { $total } seed
   *[other] { $total } seeds
}, stores included; a { $rules } game has { $expected }
hint-fragment-seeds = for a teaching fragment with fewer seeds, add [SetUp "fragment"]
setup-seega-piece-total = { side-name } owns { $owned } pieces in the start position (on the board, in hand and taken); a seega game has { $expected } a side
hint-fragment-pieces = for a teaching fragment with fewer pieces, add [SetUp "fragment"]

# Records as JSON and YAML (notation/src/record/serde.rs).
record-json-tag-name = `{ $name }` is not a tag name: use letters, digits and `_`
record-json-tag-line-break = the value of tag `{ $name }` holds a line break: a tag value is one line
record-json-not-a-move = `{ $text }` is not a move token
record-json-bad-token = `{ $text }`: { $why }
record-json-not-one-move = `{ $text }` is not one move token (such as S5, S5+11 or S5+11!)
record-json-unknown-field = unknown field `{ $name }`: a node has `move` (with `claim`, `nags`), `comment` or `variation`
record-json-move-alone = `move` is the move alone (`{ $text }`): give the claim and the annotations as `claim` and `nags`
record-json-node = a node is one of {"{"}"move": …{"}"}, {"{"}"comment": …{"}"} or {"{"}"variation": […]{"}"}
record-json-not-a-result = `{ $text }` is not a result: write a score such as 41-29, or *

# The validator (notation/src/validate/).
record-game-already-over = the game is already over ({ $rule }, { $score }): no move may follow
record-wrong-claim = { $move } claims a capture of { $claim }, but it captures { $captured }
record-move-number = move number { $number }, but the move that follows is move { $expected } (ply { $ply })
# `right` is the number as it should be written (12. or 12...).
hint-move-number = is a move missing before it? If not, write { $right }
hint-claim = write { $move }+{ $captured }
hint-claim-nothing = write { $move } without a claim: it captures nothing
# `side` is the camp the other reading writes in capitals.
hint-capitals-letter-case = if this record writes { $side ->
    [south] South
   *[north] North
}'s houses in capitals, say so with [Capitals "{ $side ->
    [south] South
   *[north] North
}"]
record-not-a-date = `{ $text }` is not a date in the record form
hint-date-dots = write it year.month.day: { $date }
hint-date-form = write it year.month.day, such as 2025.04.04, with ?? for what is unknown
record-unknown-variant = unknown Variant `{ $text }`: the OGN variants are Oware Abapa and Awale
hint-variant-or-rules = or name the ruleset with a Rules tag
record-not-a-result = `{ $text }` is not a result
hint-result-tag = write the final score south first (41-29), a forfeit (+/- South wins, -/+ North wins, -/- neither), or * when it is unknown
record-forfeit-with-moves = the record claims the forfeit { $claimed }, a game not played, but it has { $plies ->
    [one] a move
   *[other] { $plies } moves
}
hint-forfeit-no-moves = a forfeit has no moves: remove them, or write the final score (or * with a Termination tag for a game stopped early)
record-result-token-disagrees = the move text ends with { $token }, but the Result tag says { $tag }
hint-result-token-and-tag = make the result token and the Result tag agree
record-termination-does-not-hold = the Termination tag declares { $declared }, which does not hold: { $why }
record-result-game-not-over = the record claims { $claimed }, but the game is not over after ply { $ply }
hint-termination-tag = if it ended by agreement, resignation or adjudication, say so with a Termination tag
record-result-disagrees = the record claims { $claimed }, but the game ends { $score } ({ $rule })

# The validator's diagnostics and summaries (notation/src/validate/render.rs).
validate-note = note
validate-omitted = game { $game } has { $count } more { $count ->
    [one] problem
   *[other] problems
}: only the first { $most } of a game are reported
validate-place-game = game { $game }
validate-place-ply = { $place }, ply { $ply }
validate-place-variation = { $place }, in a variation
validate-rule-note = rule { $rule }
validate-position-before = the position before the move:
validate-final-position = the final position:
validate-valid = valid
validate-invalid = invalid
# `who` is empty or the players and event in brackets, after a space; `verdict` is validate-valid or validate-invalid.
validate-status = game { $game }{ $who } at { $file }:{ $line }: { $verdict }, { $plies } { $plies ->
    [one] ply
   *[other] plies
}
validate-violations = { $count } { $count ->
    [one] violation
   *[other] violations
} ({ $rules })
validate-count-valid = { $count } valid
validate-count-invalid = { $count } invalid
validate-summary = { $games } { $games ->
    [one] game
   *[other] games
} ({ $plies } { $plies ->
    [one] ply
   *[other] plies
}) in { $files } { $files ->
    [one] file
   *[other] files
}: { $verdict }; { $violations } { $violations ->
    [one] violation
   *[other] violations
}

## Boards and played moves for people (notation/src/render.rs,
## notation/src/sowing/render/*.rs, notation/src/sowing/notation/diagram.rs,
## notation/src/seega/render.rs, notation/src/seega/notation.rs)
#
# The diagrams' own lines (stores, to move, phase …) are read back by the
# diagram readers: a language's words there must be words the readers know.

board-before = Before
board-after-sowing = After sowing
board-after-captures = After captures
board-after = After
# The legends of a stage's caption: `places` is houses or squares.
legend-text-changed = * changed
legend-text-captured = x captured
legend-changed = in bold: the { $places } the move changed
legend-captured = struck out: the { $places } captured
play-text-after-marked = After (* changed):
step-no-capture-no-emptying = no capture: taking { $houses } ({ $count } seeds) would have left { opponent-name } no seed
diagram-stores-line = stores: south { $south } north { $north }
# `side` is south or north, written as the readers read it.
diagram-to-move-line = to move: { $side }
markdown-stores-line = stores: south { $south }, north { $north }
markdown-last-move = last move: { $move }, in brackets
play-text-sown = After sowing:
play-text-before = Before:
play-text-after = After:
play-text-after-sowing = After sowing (* changed):
play-text-after-captures = After captures:
play-text-after-captures-marked = After captures (x captured):
markdown-sowing-legend = (in bold: the houses the move changed)
markdown-captures-legend = (struck out: the houses captured)
# `side` plays `move`.
step-headline = { side-name } plays { $move }
step-no-capture = no capture
# `count` seeds captured.
step-captured = { $count } captured
step-captured-from = { $count } captured from { $houses }
# `text` is what the move captured; `side` receives `count` seeds.
step-conceded = { $text }, { $count } conceded to { side-name }'s store
step-rules = { $text }; rules: { $rules }
# `winner` is south, north or none; `victory` is empty or Seega's kind of victory in brackets.
game-over-line = Game over ({ $rule }): { $score }, { $winner ->
    [south] south wins
    [north] north wins
   *[none] a draw
}{ $victory }.
moves-to-move = { side-name } to move.
moves-legal = Legal: { $moves }
moves-forbidden = Not { $move }: { $text } ({ $rule })
# A row of boards under its heading: the move, then what it did.
svg-heading = { $headline }: { $summary }
svg-to-move = { side-name } to move
svg-store = store
svg-legend-played = house played
svg-legend-changed = changed by the move
svg-legend-captured = captured

# Seega: `phase` is placement or movement.
seega-phase-line = phase: { $phase }
seega-in-hand-line = in hand: south { $south } north { $north }
seega-captured-line = captured: south { $south } north { $north }
seega-passed-line = passed: { $side }
seega-markdown-in-hand = in hand: south { $south }, north { $north }
seega-markdown-captured = captured: south { $south }, north { $north }
seega-markdown-last-move = last move: { $move }
seega-markdown-last-move-taking = last move: { $move }, taking { $squares }
seega-markdown-stronghold = stronghold: c3, in brackets; a piece there cannot be captured
seega-step-took = took { $squares }
seega-svg-moves-title = Seega: { $count } moves
seega-svg-to-move = { side-name } to move, { $phase } phase.
seega-svg-to-move-after-pass = { side-name } to move after { opponent-name }'s pass, { $phase } phase.
# `mark` is the piece's symbol (○ South, ● North).
seega-svg-side-placing = { $mark } { side-name }: { $board } placed, { $hand } in hand
seega-svg-side-moving = { $mark } { side-name }: { $board } on the board, took { $took }
seega-svg-stronghold = The crossed square c3 is a stronghold.
seega-moves-head = { side-name } to move, { $phase } phase.
seega-moves-head-passed = { side-name } to move, { $phase } phase; { opponent-name } has just passed.
seega-moves-placement = Legal: any two of these { $count } squares ({ $placements } placements): { $squares }

## The command line (cli/): what songo says around the library's words.

# `text` is what went wrong.
cli-error = error: { $text }
cli-warning = warning: { $text }
cli-hint = hint: { $text }
# `side` made the first move, `mover` is to move in the position.
cli-hint-to-move = the position has { $mover ->
    [south] South
   *[north] North
} to move; if { $side ->
    [south] South
   *[north] North
} is, add --to-move { $side }
cli-bad-to-move = --to-move { $side }: { $text }
# `error` is the system's reason, in its own words.
cli-cannot-read = cannot read { $name }: { $error }
cli-no-such-file = cannot read { $name }: no such file (give a file, a position, or - for stdin)
cli-empty-file-name = an empty file name was given (an unset shell variable?): give a record file, a directory of records, or - for stdin
cli-input-too-large = { $name } is larger than { $most } bytes: is it a position?
cli-not-utf8 = { $name } is not UTF-8 text (invalid byte at offset { $offset })
cli-cannot-read-position = { $origin }: cannot read the position: { $error }
cli-cannot-write = cannot write the output: { $error }

# `songo play` (notation/src/report.rs): `index` counts the moves from 1.
play-bad-move = move { $index }: { $text }
play-illegal-move = move { $index } ({ $move }): { $text }

# `songo convert`: `option` is the flag (--changed …).
cli-bad-mark = { $option }: { $text }
cli-position-forms = compact, text, markdown, svg, json or yaml
cli-position-forms-with-fen = compact, text, markdown, svg, json, yaml or fen
cli-record-targets = --to record and --to ogn are for game records; a position converts to { $forms }
cli-no-fen = an OGN FEN is an awale or oware-abapa position, not { $rules }: choose another --to
cli-cannot-read-record = { $origin }: cannot read the record: { $error }
cli-cannot-write-ogn = { $origin }: cannot write OGN: { $error }
cli-record-forms = a game record converts to --to record, ogn, json or yaml
cli-record-forms-handout = a game record converts to --to record, ogn, json or yaml; to draw it with its boards and comments, use: songo lesson render --to markdown --out DIR { $origin } (or HTML: songo lesson render { $origin } > handout.html)
# A flag whose mark the form asked for does not draw.
cli-idle-mark = { $flag } marks a board drawn as { $forms }: --to { $to } draws no board; drop { $flag } or choose --to { $forms }
cli-idle-last-move-text = --last-move is drawn in markdown and svg; the text diagram marks only changed (*) and captured (x) houses
cli-idle-no-coordinates = --no-coordinates is for Seega boards: a sowing board has no coordinates to leave out

# `songo generate`: `rules` is the ruleset asked for.
cli-engine-sowing-only = --engine plays the sowing games (songo, songo-ekang, awale, oware-abapa): { $rules } has no analysis; leave out --engine for random games

# `songo move`: `rules` is the position's ruleset.
cli-move-sowing-only = songo move plays the sowing games (songo, songo-ekang, awale, oware-abapa, akong-cameroon, akong-gabon): { $rules } has no engine player yet; songo moves lists the position's legal moves

# `songo validate`: the progress line's {…} are indicatif's placeholders, kept as they are.
cli-cannot-read-directory = cannot read directory { $name }: { $error }
cli-pair-too-large = { $name } is larger than { $most } bytes: is it a tournament report file?
cli-pair-bad-trf = { $name }:{ $line }:{ $column }: not a tournament report file (TRF): { $error }
cli-pair-cannot = { $name }: cannot pair: { $error }
cli-pair-no-pairing = { $name }: round { $round } cannot be paired: { $error }
cli-pair-differs = { $name }: round { $round } differs; the system pairs:
cli-pair-differs-unpairable = { $name }: round { $round } differs; the system cannot pair it: { $error }
cli-pair-all-agree = { $name }: every round is the system's
cli-pair-missing-number = pairing number { $number } has no player's line (001)
cli-pair-no-round-count = the number of rounds is needed: add a line `XXR <rounds>`
cli-pair-all-rounds-played = every round the line XXR gives is already played
cli-pair-no-initial-colour = the first round's colour is needed: add a line `XXC white1` or `XXC black1`
cli-no-record-file = no record file (*.songo, *.ogn) in directory { $name }
cli-no-game = no game in { $name }
cli-progress-of-total = validating: {"{"}binary_bytes{"}"}/{"{"}binary_total_bytes{"}"} ({"{"}percent{"}"}%), {"{"}msg{"}"}
cli-progress = validating: {"{"}binary_bytes{"}"}, {"{"}msg{"}"}
cli-progress-games = { $games } games, { $invalid } invalid
cli-annotate-progress = judging game {"{"}msg{"}"}: ply {"{"}pos{"}"}/{"{"}len{"}"}

# `songo serve`: `flag` is the flag at fault.
serve-bad-seconds = { $flag } must be a positive number of seconds, at most { $most } (a day), not { $value }
serve-body-limit = --body-limit must be at least 1 byte
serve-max-connections = --max-connections must be between 1 and { $most }, not { $value }
serve-at-least-one = { $flag } must be at least 1
# `text` is the address given, `error` why it is none.
serve-bad-address = { $flag } { $text } is no address to listen on: { $error }; write HOST:PORT, such as 127.0.0.1:8080 or localhost:8080
serve-address-unknown = the name resolves to no address
serve-bad-origin = --cors-origin { $value }: write an origin as a browser sends it, such as https://club.example or http://localhost:3000 (no path), or *

# `songo rules` (notation/src/ruleset.rs): the heading of the record format's rules.
rules-records-heading = record format (every game)

## The HTTP API (service/src/): problem titles and details.
#
# `path`, `method`, `media`, `value` and `name` are what the request sent.

problem-not-found = No such route
problem-method-not-allowed = Method not allowed on this route
problem-unsupported-media-type = Unsupported content type
problem-body-too-large = Request body too large
problem-request-timeout = Request body not received in time
problem-bad-encoding = Request body is not UTF-8
problem-bad-json = Malformed request body
problem-bad-query = Bad query parameter
problem-bad-position = Unreadable position
problem-bad-move = Not a move
problem-bad-record = Unreadable game record
problem-bad-lesson = Unreadable lesson
problem-unknown-ruleset = Unknown ruleset
problem-illegal-move = Illegal move
problem-busy = Server busy
problem-timeout = Request took too long
problem-internal = Internal error
problem-detail-method-not-allowed = { $path } does not answer { $method }; use { $allow }
# A browser's CORS preflight (OPTIONS) from a site the server does not allow.
problem-detail-cors-refused = { $path } answers no page of { $origin }: this server allows cross-origin requests only from the sites given to songo serve --cors-origin, and { $origin } is not one of them
problem-detail-cors-none = { $path } answers no page of { $origin }: this server allows no cross-origin request; start it with songo serve --cors-origin { $origin } to allow that site's pages
# `what` is job, validation or engine.
problem-detail-busy = no { $what } slot (of { $slots }) became free within the time limit; retry later
problem-detail-bad-lang = lang={ $value } is not a language songo speaks: use en or fr
problem-detail-bad-query-string = the query string cannot be read: { $error }
problem-detail-no-parameter = unknown query parameter `{ $name }`: this route takes none
problem-detail-unknown-parameter = unknown query parameter `{ $name }`: this route takes { $known }
problem-detail-cannot-write = cannot write the answer: { $error }
problem-detail-cannot-write-yaml = cannot write YAML: { $error }
problem-detail-bug = the server hit a bug while answering; it is logged, and the server goes on
problem-detail-timeout = the answer was not ready within the time limit of { $limit }; send a smaller body or raise songo serve --request-timeout
problem-detail-not-found = no route { $method } { $path }; GET /openapi.json lists the routes
# `size` is problem-detail-bytes or problem-detail-larger-than-limit.
problem-detail-too-large = the body is { $size }; this server accepts at most { $limit } bytes (songo serve --body-limit)
problem-detail-bytes = { $count } bytes
problem-detail-larger-than-limit = larger than the limit
problem-detail-body-timeout = the body had not fully arrived when the time limit expired ({ $received } bytes received); send it faster or raise songo serve --request-timeout
problem-detail-body-unreadable = the body could not be read: { $error }
problem-detail-not-utf8 = the body is not UTF-8: invalid byte at offset { $offset }
problem-detail-too-deep = the body nests brackets more than { $limit } deep
problem-detail-media = this route reads { $accepted }, not { $media }
problem-detail-media-form = this route reads { $accepted }, not { $media } (curl -d sends a form: add -H 'Content-Type: application/json' or the type of your body)
problem-detail-bad-render = render={ $value } is not a rendering: use { $known }
problem-detail-bad-letters = letters={ $value } is not a letter case: use south-upper or north-upper
problem-detail-bad-json = the body is not the JSON this route reads: { $error }
problem-detail-position-shape = `position` is { $value }: write a position object ({"{"}"north": [...], "south": [...]{"}"}) or a string in a position form ("songo:5,5,5,5,5,5,5/5,5,5,5,5,5,5")
problem-detail-position-string = the position string cannot be read: { $error }
problem-position-location = { $location } of the position text
problem-detail-too-many-moves = { $count } moves: one request plays at most { $most }; split the game
problem-detail-bad-record = the body is not a record in { $media }: { $error }
problem-detail-bad-keep-going = keep_going={ $value } is not a boolean: use true or false
problem-detail-stream-timeout = the time limit expired before every game was validated; send fewer games or raise songo serve --request-timeout
problem-detail-validation-stopped = the validation stopped before it started
problem-detail-bad-to = to={ $value } is not a record form: use record, ogn, json or yaml
problem-detail-no-to = say which form to write: to=record, to=ogn, to=json or to=yaml
problem-detail-no-ogn = game { $game }: cannot be written as OGN: { $error }
problem-detail-bad-hooks = hooks={ $value } is not a choice: use true or false
problem-detail-image-query = `{ $name }` is not a parameter of a board picture: it takes lang=en|fr, highlight, arrow and last; the position is the whole path
problem-detail-image-last-twice = last= is given twice: a board picture shows one last move
problem-detail-image-escape = the path is not a position in the compact notation: a `%` escape is broken
problem-bad-request = Unreadable request head
problem-uri-too-long = Request target too long
problem-head-too-large = Request head too large
problem-too-much-work = Request asks for too much work
problem-too-many-requests = Too many requests from this client
problem-incomplete-body = Request body cut short
problem-detail-bad-head = the request head is not HTTP/1.1 this server can read: write a request line (METHOD /path HTTP/1.1), then headers (Name: value), each line ending in CRLF
problem-detail-uri-too-long = the request target (path and query) is longer than { $limit } bytes; send the data in a body
problem-detail-head-too-large = the request head is over { $limit } bytes or { $headers } headers; send less in the headers
problem-detail-connections-busy = every one of the { $max } connections this server keeps open has a request in flight; retry in a moment, or raise songo serve --max-connections
problem-detail-body-incomplete = the body ended after { $received } bytes, before its end: the connection closed, or the chunked encoding is broken ({ $error })
problem-detail-connections-per-client = this client ({ $client }) already keeps { $most } connections open, the most one address may; send its requests on them (keep-alive) or close one
problem-detail-engine-per-client = this client ({ $client }) already has { $most } engine requests (analyse, annotate with the engine, exercises) in flight, the most one address may; send this one when one of them is answered
problem-detail-body-too-slow = the body arrived at less than { $rate } bytes a second ({ $received } bytes in { $seconds } s); send it faster
problem-detail-body-stalled = no byte of the body arrived for { $seconds } s ({ $received } bytes received); send the body without pausing
problem-detail-too-many-marks = { $count } marks (highlight= and arrow= together): one request draws at most { $most }
problem-detail-too-many-boards = the answer would draw { $count } boards: one request draws at most { $most }; play fewer moves with render=, or leave render= out
problem-detail-too-many-marks-drawn = the answer would draw { $count } marks ({ $marks } on each of { $boards } boards): one request draws at most { $most }; ask for fewer marks or play fewer moves
problem-detail-answer-too-large = the answer would be larger than { $limit } bytes; ask for less (fewer moves or games, no render=)
problem-detail-annotate-too-large = the records are { $size } bytes: one annotation writes back at most { $most } bytes of records (its answer is some 15 times larger); send fewer games at once
problem-detail-answers-busy = answers not yet read by their clients fill the { $limit } bytes this server keeps for them; retry in a moment
problem-detail-bodies-busy = bodies being read fill the { $limit } bytes this server keeps for them; retry in a moment

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
lesson-move-summary-kept = { $count ->
   *[other] { seeds } captured (kept at the end of the sowing).
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
# A record tag shown in a handout: `tag` is lesson-tag, `value` what the record says.
lesson-tag-value = { $tag }: { $value }
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
page-annotate-waiting = The engine is judging the first move…
page-annotate-progress = Ply { $value } of { $count } judged
page-annotate-progress-game = Game { $game }: ply { $value } of { $count } judged
page-annotate-stop = Stop
page-annotate-stopped = Stopped at ply { $value } of { $count }: the record was not changed.
page-annotate-marks = The engine's marks so far
page-annotate-mark = Ply { $value }: { $move } { $text }
page-exported = Exported text
page-embed = Embed this board in another page
page-footer = The server keeps nothing: a board is shared by its link.
page-error = The server could not answer.
page-at = line { $line }, column { $column }
page-game-over = Game over
page-game-won = Game over: { $name } wins, { $text }.
page-game-drawn = Game over: a draw, { $text }.
page-export-south = South's player
page-export-north = North's player
page-south-moves = South to move
page-north-moves = North to move
page-seeds = { seeds }
page-house-label = { $house }, { seeds }
page-square-label = { $house }, { $text }
page-piece-south = South's piece
page-piece-north = North's piece
page-empty = empty
page-played-nothing = { $name } plays { $move }: no capture
page-played-captured = { $name } plays { $move }: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} captured from { $text }
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
}: { $count ->
    [one] { $count } seed
   *[other] { $count } seeds
} lost; { $move } was better.
# Why the engine judged only part of a game.
engine-unjudged-seega = no engine marks: the analysis plays the sowing games only
engine-unjudged-time = the total time for the engine ran out: plies from { $ply } on are not judged
engine-unjudged-seeds = ply { $ply }: the position holds too many seeds for the analysis; plies from there on are not judged
# The engine's word on one player, in the comment that ends an annotated game
# (docs/analysis.md): `lost` in seeds of score difference, `accuracy` a
# percentage, `plies` the player's moves judged.
engine-summary = { side-name }: { $lost ->
    [one] { $lost } seed lost
   *[other] { $lost } seeds lost
}, { $blunders ->
    [one] { $blunders } blunder
   *[other] { $blunders } blunders
}, { $mistakes ->
    [one] { $mistakes } mistake
   *[other] { $mistakes } mistakes
}, { $inaccuracies ->
    [one] { $inaccuracies } inaccuracy
   *[other] { $inaccuracies } inaccuracies
}, { $only ->
    [one] { $only } only move
   *[other] { $only } only moves
}; accuracy { $accuracy }% over { $plies ->
    [one] { $plies } move
   *[other] { $plies } moves
}.

## `songo analyse` (cli/analyse.rs): `value` is signed (+11, -3); `side` is to move.
analyse-exact = exact
analyse-estimate = estimate
analyse-estimate-at = estimate at depth { $depth }
analyse-best = Best move: { $move }, value { $value } for { side-name } ({ $text }).
analyse-value-means = The value is { side-name }'s final score minus { opponent-name }'s, stores included.
analyse-final-value = Value for { side-name }: { $value } (final score).
analyse-line = Line: { $moves }
analyse-moves = Moves:
analyse-depth = Depth { $depth }, { $nodes } positions, { $hits } from endgame tables.
analyse-time = Time { $seconds } s, { $speed } positions per second.

## `songo tables info` (cli/tables.rs)
tables-not-sowing = { $rules } is not a sowing game: it has no tables
tables-too-many-seeds = --seeds { $seeds }: tables hold at most { $most } seeds on the board
tables-cannot-create = cannot create { $name }: { $error }
tables-nothing-to-split = every { $rules } position of { $seeds } seeds is over: there is no table to split
# `seeds` is right-aligned on two columns.
tables-none-needed = { $rules } { $seeds } { $count ->
    [one] seed
   *[other] seeds
}: every position is over, no table needed
tables-written = { $rules } { $seeds } { $count ->
    [one] seed
   *[other] seeds
}: { $slices } slice(s) x { $boards } boards = { $entries } entries -> { $file } ({ $seconds } s)
tables-no-part = no part of the { $rules } table of { $seeds } seeds in { $dir } (files { $files })
tables-none = No { $rules } table in { $dir }.
tables-info-line = { $rules } { $seeds } { $count ->
    [one] seed
   *[other] seeds
}: { $slices } slice(s), { $entries } entries ({ $file })

## The page, issue 26 (service/page/: lesson.js, app.js, record.js): the
## Lesson tab, a link's refused move, the engine's marks. Kept together,
## apart from the messages above, to ease merging.
page-tab-lesson = Lesson
page-lesson-hint = Paste a teaching text with its boards; the check says which boards and claims the rules do not give, at their lines.
page-lesson-paste = The lesson's text
page-lesson-check = Check the lesson
page-lesson-title = Title of the handout
page-lesson-handout = Download the handout
page-lesson-ok = No problem found
page-lesson-problems = { $count ->
    [one] { $count } problem
   *[other] { $count } problems
}
page-lesson-boards = { $count ->
    [one] { $count } board
   *[other] { $count } boards
}
page-lesson-links = { $count ->
    [one] { $count } move linking them
   *[other] { $count } moves linking them
}
page-lesson-note = note
page-lesson-unreadable = The lesson cannot be read
page-link-refused = Move { $count } of the link ({ $move }) was refused: { $text }.
page-link-kept = { $count ->
    [one] The move before it is shown.
   *[other] The { $count } moves before it are shown.
}
page-eval = Evaluation { $text } for South
page-eval-depth = Evaluation { $text } for South (depth { $count })
page-eval-exact = Evaluation { $text } for South (exact)
page-glyph-good = good move
page-glyph-mistake = mistake
page-glyph-brilliant = very good move
page-glyph-blunder = blunder
page-glyph-interesting = interesting move
page-glyph-dubious = dubious move
page-legend-grenier = Yellow house: a grenier
page-legend-defence = Green house: the move of a defence (yinda, evasion…)
page-defence-yinda = yinda
page-defence-evasion = evasion
page-defence-other = other defence
# The Explain picture (notation/src/render/svg.rs): each side's threats in their own colour.
picture-key-threat-south = South's threat: the seeds it would take
picture-key-threat-north = North's threat: the seeds it would take
# The archive (`songo archive`, `songo explore`, the /v1/games routes).
archive-no-default = no archive given, and no home directory for the default one
hint-archive-flag = give one with --archive PATH (a SQLite file) or --archive postgres://…, or set SONGO_ARCHIVE
archive-cannot-open = cannot open the archive { $location }: { $cause }
archive-too-new = the archive { $location } has schema version { $version }, newer than this songo knows ({ $known })
hint-archive-too-new = use a newer songo with this archive
archive-full = the archive is full: { $cause }; the batch being written was rolled back, the games stored before it are kept
hint-archive-full = free some space (or raise the database's size limit) and run the same import again: it adds only what is missing
archive-bad-cursor = { $cursor } is not a cursor a page of results gave
hint-archive-cursor = continue with the `next` of the previous page (JSON), or the --after printed after a list
archive-bad-date = { $date } is not a date
hint-archive-date = write dates as YYYY, YYYY.MM or YYYY.MM.DD, with a month from 01 to 12 and a day from 01 to 31
archive-too-many-to-replay = { $games } games reached this position after ply { $plies }: the explorer replays such games and stops at { $limit }
hint-archive-too-many-to-replay = search the games through the position instead (songo archive search --position, or GET /v1/games?position=…), or explore a position a few plies earlier
archive-conflict = the archive was busy with another writer's change ({ $state }: { $cause }), and still after a few tries; nothing was stored: send it again
archive-database = the archive's database failed: { $cause }
archive-no-such-revision = game { $id } has no revision { $revision }: its revisions are 1 to { $last }
archive-revision-line = revision { $revision } of { $last }{ $deleted ->
    [yes] , deleted
   *[no] {""}
}
archive-edit-nothing = nothing to change: give --tag Name=Value, --moves FILE, or both
archive-changed = game { $id } is now at revision { $revision }{ $deleted ->
    [yes] , deleted
   *[no] {""}
}
archive-history-line = { $revision }  { $at }  { $action } by { $by }
live-no-such-game = no live game has the id { $id }
live-wrong-key = this is not the key of live game { $id }: its moves need the key its creation answered
live-bad-name = `{ $field }` must be a name of 1 to { $limit } characters, without control characters
live-gap = ply { $given } is not the next one of live game { $id }: the next is { $next } (send the moves in order, from the first the server lacks)
live-taken = ply { $ply } of live game { $id } is { $stored } already, not { $given }: read the game again (GET /v1/live/{ $id }) and carry on from its moves
live-too-long = a live game stores { $limit } plies at most
live-finished = live game { $id } has ended: its record is in the archive, where a mistake is corrected (PATCH /v1/games/…)
live-not-last = only the last move of live game { $id } can be taken back: ply { $last }, not { $given }
live-forfeit-with-moves = live game { $id } has moves: a game that was played ends by resignation or agreement, not by forfeit
live-resignation-winner = a resignation needs its `winner`: the player who did not resign (south or north)
live-no-winner = an { $end } has no `winner`: the game ends where it stands
archive-no-such-game = the archive holds no game { $id }
hint-archive-no-such-game = a game's id is the 16 hexadecimal digits `songo archive search` lists
archive-stale = game { $id } is at revision { $current } now: someone changed it since you read it
hint-archive-stale = read it again (songo archive show, or GET with its ETag) and make your change on what it is now
archive-unchanged = game { $id } is left as it is: { $why ->
    [deleted] it is deleted (restore it first)
    [not-deleted] it is not deleted
   *[other] the change gives the same text
}
archive-duplicate = the changed text is that of game { $other }, already stored
archive-changed-not-a-game = the changed text is no game: { $why }
archive-progress = importing: {"{"}binary_bytes{"}"}/{"{"}binary_total_bytes{"}"} ({"{"}percent{"}"}%), {"{"}msg{"}"}
archive-progress-games = { $imported } imported, { $duplicates } duplicates
archive-import-summary = { $imported ->
        [one] { $imported } game imported
       *[other] { $imported } games imported
    }, { $duplicates ->
        [one] { $duplicates } duplicate
       *[other] { $duplicates } duplicates
    }, { $invalid } invalid, into { $location }
archive-correction-found = likely correction: a game of { $file } has the event, round and players of game { $id } and another text; not stored (import it with --update to store it as that game's next revision)
archive-correction-stored = correction: a game of { $file } is now revision { $revision } of game { $id }
archive-unreadable = unreadable: { $file }: { $reason }
archive-not-a-game = { $line }:{ $column }: no game here: { $reason }
archive-invalid-mark = invalid
archive-no-match = No game matches.
archive-next-page = more games: continue with --after { $cursor }
archive-exported = exported { $count ->
        [one] { $count } game
       *[other] { $count } games
    }
explore-summary = { $games ->
        [one] { $games } game
       *[other] { $games } games
    }: South won { $south }, North won { $north }, { $draw } drawn
explore-col-move = move
explore-col-games = games
explore-col-south = South
explore-col-north = North
explore-col-draw = drawn
explore-col-average = South−North
explore-ended = { $games ->
        [one] { $games } game ended here.
       *[other] { $games } games ended here.
    }
explore-recent = Most recently added:
standings-title = { $event }: { $games ->
        [one] { $games } game
       *[other] { $games } games
    }
standings-col-player = player
standings-col-points = points
standings-col-games = games
standings-col-wins = won
standings-col-draws = drawn
standings-col-losses = lost
standings-col-seeds-won = seeds won
standings-col-seeds-lost = seeds lost
standings-points = A win is worth 1 point, a draw ½. The numbered columns give the points scored against the player of that place.
standings-tiebreaks = Players level on points are ranked by { $list } (FIDE C.07), in that order, the event counted as { $system ->
        [round-robin] a round robin
       *[swiss] a Swiss
    }.
ratings-title = Glicko-2 ratings, { $rules }: { $players ->
        [one] { $players } player
       *[other] { $players } players
    }
ratings-as-of = As of the end of { $month }. A rating period is a calendar month of the games’ Date.
ratings-col-player = player
ratings-col-rating = rating
ratings-col-rd = RD
ratings-col-volatility = volatility
ratings-col-games = games
ratings-left-out = Not rated: { $forfeits } forfeits, { $undated } games without a month in their date, { $unfinished } unfinished, { $unnamed } without both players named.
problem-no-archive = No archive
problem-unauthorized = Missing or wrong token
problem-forbidden = Archive read-only
problem-archive-unavailable = Archive unavailable
problem-no-such-game = No such game
problem-detail-no-archive = this server keeps no archive
hint-serve-archive = start it with songo serve --archive PATH|URL
problem-detail-read-only = the archive is read-only over HTTP: no token may write it
hint-archive-token = make a write token with songo archive token add NAME --scope write --club CLUB (or start the server with --archive-token-file FILE) and send Authorization: Bearer TOKEN
problem-detail-bad-token = this needs the header Authorization: Bearer TOKEN, with the token of one of the archive's accounts (or the server's)
problem-detail-no-game = no game { $id } in the archive
problem-detail-bad-value = { $name }={ $value } is not a value this parameter takes
problem-detail-export-no-pages = { $name } is for the pages of a search: with format={ $format } every game that matches comes in one answer, without pages
problem-detail-missing-parameter = the query parameter `{ $name }` is needed
serve-empty-token = the token file { $file } is empty
archive-no-game-in-file = no game in this file
problem-precondition-required = If-Match needed
problem-stale-revision = Stale revision
problem-conflict = Change refused
problem-not-a-game = The changed text is no game
problem-detail-if-match-needed = a change to game { $id } needs the header If-Match with the ETag of the revision it is made on
hint-if-match = GET the game: its answer's ETag header is that revision's tag, "ID-REVISION"; send it back as If-Match ("*" makes the change on whatever revision the game is at)
problem-detail-reason-needed = a change needs its reason: `reason`, a few words of at most { $limit } characters
problem-detail-reason-too-long = the reason is { $length } characters long; at most { $limit } are kept
problem-detail-reason-control = the reason holds a control character (a line break, a tab): write it on one line
problem-detail-reason-twice = the reason is given twice, in the body and in the query: give it once
problem-detail-tag-name = `{ $name }` is not a tag name: a tag name is 1 to { $limit } ASCII letters, digits or _
problem-detail-tag-value = the value of { $name } is over { $limit } characters or holds a control character (a line break, a tab)
problem-detail-too-many-tags = the change sets { $count } tags; at most { $limit }
problem-detail-empty-change = the change names no tag and no moves: give `tags`, `moves` or both

# Accounts (`songo archive token`, the bearer tokens of `songo serve`):
# `name` is an account's name, `scope` and `needed` are read, write or
# admin (ids, never translated), `club` a club's name, `event` and `site`
# an event's tags.
problem-insufficient-scope = Token's scope too narrow
problem-other-clubs-event = Event of another club
problem-detail-scope = the token of the account { $name } has the scope { $scope }; this needs { $needed }
problem-detail-revoked-token = the token of the account { $name } was revoked
problem-detail-other-club = the event { $event } belongs to the club { $club }: only its write tokens, or an admin token, may add games to it
problem-detail-other-club-at = the event { $event } at { $site } belongs to the club { $club }: only its write tokens, or an admin token, may add games to it
hint-token-add = the archive's keeper makes a token with songo archive token add NAME --scope read|write|admin
account-bad-name = { $name } is no account name: write letters, digits, ., _, - or @, at most { $most } of them
account-bad-club = { $club } is no club name: write between 1 and { $most } characters
account-exists = the archive has an account { $name } already
hint-account-exists = choose another name: a revoked account keeps its name, so that what it wrote still names it
account-unknown = the archive has no account { $name }
hint-account-list = songo archive token list lists the accounts
account-club-needed = a write token needs --club CLUB: the club whose events it writes
account-club-not-for-scope = --club is for write tokens, not for { $scope } ones
account-no-randomness = the system gave no random bytes for a token: { $cause }
account-token-shown-once = This is the token of { $name }, shown this once: keep it now (the archive keeps only its hash). songo archive token revoke { $name } revokes it.
account-revoked = { $name } is revoked: its token opens nothing any more.
account-already-revoked = { $name } was revoked already.
account-none = No account. songo archive token add NAME --scope read|write|admin makes one.
account-col-name = name
account-col-scope = scope
account-col-club = club
account-col-created = created
account-col-last-used = last used
account-col-revoked = revoked
archive-damaged = the archive { $location } is damaged: { $report }
hint-archive-damaged = nothing was imported: restore the archive from a copy, or recover what it holds into a new file (sqlite3 OLD.sqlite .recover | sqlite3 NEW.sqlite) and import into that
archive-export-side-needed = the position does not say who is to move: an export goes through one position, so say it (a `to move` line, or the side at the end of the compact notation, such as :N)
archive-side-not-named = The position does not say who is to move: searched with South and with North to move; { $found ->
        [south] games found with South to move.
        [north] games found with North to move.
        [both] games found with either side to move.
       *[none] no game with either side to move.
    }
archive-not-text = not a record file (line { $line }, byte { $offset }): { $reason }; nothing of it was imported
archive-invalid-game = invalid: { $file }: game { $game } (line { $line }{ $players }): { $at } { $rule }: { $reason }
archive-invalid-not-listed = … and { $count } more invalid games, not listed
archive-not-utf8 = these bytes are not UTF-8 text (a binary file, or text in another encoding): save the records as UTF-8
archive-binary = a NUL byte, which no record holds: this is a binary file (a picture, an archive, a program), not records
archive-too-many-tags = the game has { $tags } tags, and the archive takes games of { $most } tags at most: keep the tags that say who, where and when, and move the others into a comment
archive-refused-game = { $line }:{ $column }: game not imported: { $reason }
archive-expected-date = a date YYYY, YYYY.MM or YYYY.MM.DD (a month from 01 to 12, a day from 01 to 31)
archive-expected-plies = a number of plies: a whole number, 0 or more
problem-detail-bad-value-expected = { $name }={ $value } is not what this parameter takes: { $expected }
archive-ambiguous-event = { $count } events are named “{ $name }”: { $events }
hint-archive-ambiguous-event = name one by its id (--event { $id }, event={ $id }); songo archive events lists them with their sites
archive-no-such-event = no event is named “{ $name }”
archive-no-event-match = No event is named “{ $name }”.
hint-archive-events = songo archive events lists the events with their ids
archive-too-many-players = “{ $name }” begins the names of { $count } players, more than the { $limit } a search takes
hint-archive-too-many-players = give more of the name (songo archive players lists them)
archive-no-such-player = no player is named “{ $name }”
hint-archive-players = songo archive players lists the players with their ids and other names
archive-not-an-alias = “{ $name }” is a player’s own name, not one of his other names
hint-archive-not-an-alias = unalias one of the other names songo archive players lists for him
archive-event-too-large = the event “{ $name }” has { $games } games: the explorer replays an event’s games and stops at { $limit }
hint-archive-event-too-large = explore the whole archive (without --event), or search the event's games through the position (songo archive search --event … --position …)
archive-with-suggestions = { $text }; did you mean { $names }?
archive-did-you-mean = Did you mean { $names }?
archive-no-players = No player yet: players come with the games imported.
archive-no-events = No event yet: events come with the games imported.
archive-next-list = more: continue with --after { $cursor }
players-col-id = id
players-col-name = player
players-col-games = games
players-col-aliases = other names
players-col-federation = federation id
players-col-club = club
events-col-id = id
events-col-name = event
events-col-site = site
events-col-start = from
events-col-end = to
events-col-games = games
archive-aliased = “{ $name }” is a name of { $player } (#{ $id }), who has { $games ->
        [one] { $games } game
       *[other] { $games } games
    }.
archive-unaliased = “{ $name }” is a player of his own (#{ $id }), with { $games ->
        [one] { $games } game
       *[other] { $games } games
    }.

# --- Issue 26 (teachers and record keepers): lesson notes, … ---
diagnostic-note = note
# Said under the counts of `songo lesson check` when notes were found.
lesson-summary-notes = { $count ->
    [one] 1 note, which does not fail the check.
   *[other] { $count } notes, which do not fail the check.
}
# A note of the check, in a handout, under the board it is about.
lesson-note = Note: { $text }
lesson-note-capture-not-shown = this is the board after { $played }'s sowing; the move then captures { seeds } ({ $houses }), which the text neither shows nor mentions
lesson-note-capture-not-shown-hint = show the board after the captures too, or say what the move takes
lesson-note-bidoua = the text gives { $claimed ->
    [south] South
   *[north] North
} the better bidoua; by its definition (teach.bidoua) { $leader ->
    [south] South has the better one
    [north] North has the better one
   *[none] the two are equal
}: South { $south }, North { $north }
lesson-note-bidoua-hint = a side's bidoua counts the seeds of its houses whose sowing stays in its own camp; docs/teaching.md says why it may disagree with a text
lesson-error-boards = `{ $text }` is no ply nor range of plies
lesson-error-boards-hint = write the plies after which to draw a board, counting from 1: boards: 8 14 20-22 (or boards: none)
lesson-error-boards-without-record = `boards:` chooses the boards of a game record, and this block holds none
cli-lesson-markdown-needs-out = a Markdown handout is a file and its pictures: give a directory with --out DIR
cli-cannot-create = cannot create { $name }: { $error }
cli-cannot-write-file = cannot write { $name }: { $error }
annotate-warning-unjudged = { $name }: game { $game }: { $text }
annotate-warning-stopped = { $name }: game { $game }: annotated up to ply { $plies }; ply { $ply }{ $played } cannot be played: { $message } ({ $rule }); songo validate says more
analysis-error-too-many-seeds = the position holds { $seeds } seeds: the analysis takes at most { $most } (a game holds 70 or 48)
tables-error-io = cannot use { $name }: { $error }
tables-error-invalid = { $name }: not a usable table: { $problem }
tables-error-missing = the { $rules } table of { $seeds } seeds is needed first: build the tables in order of seeds
problem-detail-depth-zero = depth 0: ask for 1 to { $most } plies (deeper is lowered to { $most })
problem-detail-movetime-zero = movetime_ms 0: ask for 1 to { $most } ms (longer is lowered to { $most })
problem-detail-analysis-not-seega = the analysis plays the sowing games (songo, songo-ekang, awale, oware-abapa), not Seega
problem-detail-not-whole-number = { $name }={ $value } is not a whole number
problem-detail-bad-engine = engine={ $value }: write engine=true or engine=false
problem-detail-engine-limits = depth and movetime_ms are limits of the engine: add engine=true
problem-detail-bad-progress = progress={ $value }: write progress=true or progress=false
problem-detail-progress-without-engine = progress=true follows the engine's marks as they come: add engine=true
problem-detail-annotation-stopped = the annotation stopped before its end; try again, or annotate without progress=true
analyse-warning-no-tables = { $dir } holds no { $rules } table{ $count ->
    [0] {""}
   *[other] {" "}(only { $others } tables)
}: the search runs without tables
annotate-warning-renumbered = { $name }:{ $line }:{ $column }: { $message }; the record written back numbers the moves as they are played
analysis-error-no-analysis = analyse works on the sowing games (songo, songo-ekang, awale, oware-abapa); Seega has no analysis yet
# ---- The page's Archive tab (service/page/archive.js, index.html) ----
# The archive of `songo serve --archive`: search, the explorer of the board
# shown, an event's standings. `count` chooses the plural form.
page-tab-archive = Archive
page-archive-none = This server keeps no archive of games.
page-archive-how = To keep an archive, start the server with a file for it, then import a folder of records into it:
page-explorer = Moves played from this position
page-explorer-move = Move
page-explorer-games = Games
page-explorer-results = South wins · draws · North wins
page-explorer-average = Average score (South − North)
page-explorer-recent = Latest games through this position
page-explorer-none = No game of the archive went through this position.
page-explorer-summary = { $count ->
    [one] { $count } game went through this position: South won { $south }, North { $north }, draws { $draw }.
   *[other] { $count } games went through this position: South won { $south }, North { $north }, draws { $draw }.
}
page-explorer-ended = { $count ->
    [one] { $count } ended here.
   *[other] { $count } ended here.
}
page-explorer-play = { $count ->
    [one] Play { $move } ({ $count } game)
   *[other] Play { $move } ({ $count } games)
}
page-explorer-bar = South wins { $south }%, draws { $draw }%, North wins { $north }%
page-search = Find games
page-search-player = Player (either side)
page-search-event = Event
page-search-since = From (date)
page-search-until = To (date)
page-search-any = Any
page-search-more-filters = More filters
page-search-site = Site
page-search-round = Round
page-search-result = Result (as recorded, South’s score first)
page-search-valid = Validity
page-search-valid-only = Valid games
page-search-invalid-only = Games with violations
page-search-min-plies = At least (plies)
page-search-max-plies = At most (plies)
page-search-through = Only the games through the board shown
page-search-button = Search
page-search-more = More games
page-search-none = No game found.
page-search-some = { $count ->
    [one] { $count } game shown; there are more.
   *[other] { $count } games shown; there are more.
}
page-search-all = { $count ->
    [one] { $count } game found.
   *[other] { $count } games found.
}
page-archive-round = round { $text }
page-archive-plies = { $count ->
    [one] { $count } ply
   *[other] { $count } plies
}
page-archive-invalid = has violations
page-archive-open = Open
page-archive-open-label = Open the game { $name } on the board
page-archive-opened = { $count ->
    [one] { $name }: { $count } ply, from the start
   *[other] { $name }: { $count } plies, from the start
}
page-standings = Standings of an event
page-standings-show = Show the standings
page-standings-note = A win is worth a point, a draw half a point. The numbered columns give the points scored against the player at that place.
page-standings-none = No game of “{ $text }” counts: an event's games count when both players are named and the final score is known.
page-standings-caption = { $count ->
    [one] { $text }: { $count } game
   *[other] { $text }: { $count } games
}
page-standings-rank = Rank
page-standings-player = Player
page-standings-points = Points
page-standings-games = Games
page-standings-record = Won, drawn, lost
page-standings-seeds = Seeds won, lost
page-standings-against = Points against { $name }
page-keeping = Correct a game
page-keeping-id = Game id
page-keeping-show = Show
page-keeping-note = Opening a game found shows it here too, with its history.
page-keeping-state = Game { $id }, revision { $revision }
page-keeping-deleted-note = This game is deleted: it is in no list, no standings and no explorer. Its history stays; restore it to bring it back.
page-keeping-tags = Tags
page-keeping-new-name = New tag's name
page-keeping-new-value = New tag's value
page-keeping-empty-removes = An empty value removes the tag.
page-keeping-reason = Why (kept in the history)
page-keeping-token = The archive's write token
page-keeping-token-hint = Changing the archive needs the token the server was started with. The page keeps it in this tab until the tab is closed, never in the address.
page-keeping-save = Save the correction
page-keeping-delete = Delete the game
page-keeping-restore = Restore the game
page-keeping-token-needed = Give the archive's write token, then try again.
page-keeping-token-wrong = The server refused this token: give it again.
page-keeping-saved = Saved: revision { $revision }.
page-keeping-deleted = Deleted: revision { $revision }. It can be restored.
page-keeping-restored = Restored: revision { $revision }.
page-keeping-unchanged = Nothing to save: no tag was changed.
page-keeping-reason-needed = Say why in a few words: the history keeps it.
page-keeping-stale = Someone changed this game meanwhile: it is shown again as it is now, at revision { $revision }. Make your change again on it.
page-history = History
page-history-revision = Revision { $revision }
page-history-current = current
page-history-by = by { $name }
page-history-import = imported
page-history-edit = corrected
page-history-update = corrected by an import
page-history-delete = deleted
page-history-restore = restored
page-history-no-reason = no reason given
page-history-show = Show the text
page-history-hide = Hide the text
page-history-show-label = Show the text of revision { $revision }
page-history-hide-label = Hide the text of revision { $revision }

## The page's Exercises tab (service/page/exercises.js, docs/exercises.md)
page-tab-exercises = Exercises
page-exercises-load = Find exercises in games
page-exercises-hint = The engine looks through the games for the moves a teacher can ask for, and proves them.
page-exercises-paste = Paste game records, or open a file
page-exercises-motif = Motif
page-exercises-find = Find the exercises
page-exercises-archive = From the archive
page-exercises-searching = The engine is looking through the games…
page-exercises-no-archive = This server keeps no archive of games.
page-exercises-found = { $count ->
    [one] { $count } exercise.
   *[other] { $count } exercises.
}
page-exercises-none = No exercise in these games.
page-exercises-counter = Exercise { $value } of { $text }
# The motifs, by their teach.* id (as exercises-motif).
page-exercises-motif-grenier = grenier
page-exercises-motif-double-threat = double threat
page-exercises-motif-yinda = yinda
page-exercises-motif-defence = defence
page-exercises-motif-threat = threat
page-exercises-difficulty = difficulty { $value } of 5
# The one-line questions, by motif, with exercises-question's sentence (exercises-ask-*); `name` is who is to move.
page-exercises-question-grenier = { $name } to play. { exercises-ask-grenier }
page-exercises-question-double-threat = { $name } to play. { exercises-ask-double-threat }
page-exercises-question-yinda = { $name } to play. { exercises-ask-yinda }
page-exercises-question-defence = { $name } to play. { exercises-ask-defence }
page-exercises-question-threat = { $name } to play. { exercises-ask-threat }
page-exercises-tap = Play your answer: tap a house on the board.
page-exercises-not-legal = { $move } cannot be played here: the moves that can are ringed in green.
page-exercises-right = Right: { $move } is the move.
page-exercises-solution = The move was { $move }.
page-exercises-proof-exact = { $count ->
    [one] The engine proves it: { $count } seed of score difference better than any other move.
   *[other] The engine proves it: { $count } seeds of score difference better than any other move.
}
page-exercises-proof-depth = { $count ->
    [one] The engine finds it { $value } plies deep: { $count } seed of score difference better than any other move.
   *[other] The engine finds it { $value } plies deep: { $count } seeds of score difference better than any other move.
}
page-exercises-line = Solution line: { $text }.
page-exercises-step = Next move of the line
page-exercises-wrong = Not { $move }.
page-exercises-wrong-takes = { $count ->
    [one] { $move } takes { $count } seed,
   *[other] { $move } takes { $count } seeds,
} but that is not enough.
page-exercises-refuted = { $count ->
    [one] After { $move }, { $name } answers { $house }, and the line { $text } wins { $count } seed.
   *[other] After { $move }, { $name } answers { $house }, and the line { $text } wins { $count } seeds.
}
page-exercises-refuted-grenier = { $count ->
    [one] After { $move }, { $name } answers { $house }, a grenier, and the line { $text } wins { $count } seed.
   *[other] After { $move }, { $name } answers { $house }, a grenier, and the line { $text } wins { $count } seeds.
}
page-exercises-refuted-double = { $count ->
    [one] After { $move }, { $name } answers { $house }, a double threat, and the line { $text } wins { $count } seed.
   *[other] After { $move }, { $name } answers { $house }, a double threat, and the line { $text } wins { $count } seeds.
}
page-exercises-refuted-threat = { $count ->
    [one] After { $move }, { $name } answers { $house }, a threat, and the line { $text } wins { $count } seed.
   *[other] After { $move }, { $name } answers { $house }, a threat, and the line { $text } wins { $count } seeds.
}
page-exercises-refuted-quiet = After { $move }, { $name } answers { $house } and takes nothing at once, but the game goes worse.
page-exercises-refuted-end = { $move } ends the game.
page-exercises-worse-depth = { $count ->
    [one] { $move } is { $count } seed of score difference worse than { $house } (the engine, { $value } plies deep).
   *[other] { $move } is { $count } seeds of score difference worse than { $house } (the engine, { $value } plies deep).
}
page-exercises-worse-exact = { $count ->
    [one] { $move } is { $count } seed of score difference worse than { $house } (proven to the end).
   *[other] { $move } is { $count } seeds of score difference worse than { $house } (proven to the end).
}
page-exercises-gain = { $count ->
    [one] Along it { $name } wins { $count } seed.
   *[other] Along it { $name } wins { $count } seeds.
}
page-exercises-motif-grenier-build = grenier to build
page-exercises-question-grenier-build = { $name } to play. { exercises-ask-grenier-build }
page-exercises-retry = Try again
page-exercises-show = Show the solution
page-exercises-previous = Previous exercise
page-exercises-next = Next exercise
page-exercises-score = { $count ->
    [one] Solved at the first try: { $value } of { $text } tried ({ $count } exercise in the set).
   *[other] Solved at the first try: { $value } of { $text } tried ({ $count } exercises in the set).
}
page-exercises-origin = From { $text }, before ply { $value }.
page-exercises-from-game = From { $text }.
page-exercises-after-mistake = { $count ->
    [one] { $move } had just lost { $count } seed of score difference.
   *[other] { $move } had just lost { $count } seeds of score difference.
}
page-exercises-share = Link to this set
page-exercises-link = Link to this set
page-exercises-link-cut = { $count ->
    [one] The set is too long for a link: it holds the first exercise only.
   *[other] The set is too long for a link: it holds the first { $count } exercises.
}

## songo exercises: exercises mined from games (docs/exercises.md)
exercises-title = Exercises from games
exercises-intro = { $count ->
    [one] { $count } exercise, found and checked by the engine in real games.
   *[other] { $count } exercises, found and checked by the engine in real games.
} { $solutions ->
    [inline] Each is followed by its solution.
    [none] {""}
   *[separate] The solutions are on pages of their own, at the end.
}
exercises-heading = Exercise { $number }
exercises-solutions = Solutions
exercises-solution-heading = Solution { $number }
# The motif of an exercise, by its teach.* id.
exercises-motif = { $id ->
    [grenier] grenier
    [grenier-build] grenier to build
    [double-threat] double threat
    [yinda] yinda
    [defence] defence
   *[threat] threat
}
exercises-difficulty = difficulty { $level } of 5
# The one-line question of an exercise; `side` is who is to move.
# What an exercise asks, by motif: the exercise's question (exercises-question) and the page's (page-exercises-question-*) say it so.
exercises-ask-grenier = A grenier can harvest: which move wins clearly more than any other?
exercises-ask-grenier-build = Which move builds a grenier (a house of { $value } seeds or more) and wins clearly more than any other?
exercises-ask-double-threat = Which move leaves two threats that no single answer removes?
exercises-ask-yinda = A house is threatened: which move reinforces it?
exercises-ask-defence = A capture is threatened: which move limits it best?
exercises-ask-threat = Which move wins clearly more than any other?
exercises-question = { $id ->
    [grenier] { side-name } to play. { exercises-ask-grenier }
    [grenier-build] { side-name } to play. { exercises-ask-grenier-build }
    [double-threat] { side-name } to play. { exercises-ask-double-threat }
    [yinda] { side-name } to play. { exercises-ask-yinda }
    [defence] { side-name } to play. { exercises-ask-defence }
   *[threat] { side-name } to play. { exercises-ask-threat }
}
# The engine's proof: `margin` seeds of score difference better than the next move.
exercises-proof = { $move } is the move: { $exact ->
    [yes] the engine proves it
   *[no] the engine finds it, { $depth } plies deep,
} { $margin ->
    [one] { $margin } seed of score difference better than any other move.
   *[other] { $margin } seeds of score difference better than any other move.
}
exercises-line = Solution line: { $line }.
# What the solution line wins (`gain` seeds of store difference), or, for a defence, how much the opponent still takes (`loss`) of the `before` seeds he threatened.
exercises-gain = { $gain ->
    [one] Along it { side-name } wins { $gain } seed.
   *[other] Along it { side-name } wins { $gain } seeds.
}
exercises-held = { $loss ->
    [0] Along it { side-name } loses nothing of the { $before } seeds threatened.
    [one] Along it { side-name } loses only { $loss } seed of the { $before } threatened.
   *[other] Along it { side-name } loses only { $loss } seeds of the { $before } threatened.
}
# Why another move is wrong: the opponent's best reply (`term`: the teach.* key it illustrates, or none), what its line wins, and how many seeds of score difference the move is worse than the solution.
exercises-refutation = { $move }? { $reply } answers{ $term ->
    [grenier] {" "}with its grenier
    [double-threat] {" "}with a double threat
    [threat] {" "}with a threat
   *[none] {""}
}, { $wins ->
    [0] and takes nothing at once
    [one] and its line { $line } wins { $wins } seed
   *[other] and its line { $line } wins { $wins } seeds
}: { $move } is { $worse ->
    [one] { $worse } seed
   *[other] { $worse } seeds
} of score difference worse than { $solution }.
exercises-refutation-end = { $move } ends the game: it is { $worse ->
    [one] { $worse } seed
   *[other] { $worse } seeds
} of score difference worse than { $solution }.
exercises-source = Found in { $source }, game { $game }, before ply { $ply }.
exercises-after-mistake = { $move } had just lost { $loss ->
    [one] { $loss } seed
   *[other] { $loss } seeds
} of score difference.

exercises-summary = { $games ->
        [one] 1 game
       *[other] { $games } games
    } ({ $seega } Seega skipped, { $broken } with an unplayable move, { $unreadable } unreadable), { $positions } positions analysed at depth { $depth }, { $checked } checked again at depth { $proof_depth }: { $found ->
        [one] 1 exercise
       *[other] { $found } exercises
    } found, { $written } written
exercises-handout-check = handout check, line { $line }: { $problem }
exercises-no-games = no games to look in: give record files or folders, - for stdin, or --archive
exercises-file-too-large = { $name } is larger than { $mebibytes } MiB: split it into smaller files
# A fix `songo validate --fix` applies: `before` the text replaced, `after` the text written.
fix-replace = write `{ $after }` instead of `{ $before }`
fix-insert = add `{ $after }`
# songo validate --fix: per file, what changed (`before` → `after`) and what is left.
fix-file-fixed = { $file }: { $fixes } { $fixes ->
    [one] fix
   *[other] fixes
} applied, { $left } { $left ->
    [one] violation
   *[other] violations
} left
fix-file-would-fix = { $file }: { $fixes } { $fixes ->
    [one] fix
   *[other] fixes
} to apply, { $left } { $left ->
    [one] violation
   *[other] violations
} would be left
fix-applied = {"  "}{ $line }:{ $column } { $rule }: `{ $before }` → `{ $after }`
fix-inserted = {"  "}{ $line }:{ $column } { $rule }: added `{ $after }`
fix-left = {"  "}{ $line }:{ $column } { $rule }: not fixed: { $message }
fix-left-omitted = {"  "}and { $count } more not fixed
fix-undone = {"  "}some fixes were not kept: the record had more violations after them
fix-total = { $files } { $files ->
    [one] file
   *[other] files
}, { $fixes } { $fixes ->
    [one] fix
   *[other] fixes
}, { $left } { $left ->
    [one] violation
   *[other] violations
} left
fix-total-would = { $files } { $files ->
    [one] file
   *[other] files
}, { $fixes } { $fixes ->
    [one] fix
   *[other] fixes
} to apply, { $left } { $left ->
    [one] violation
   *[other] violations
} would be left
fix-too-large = { $name } is larger than { $most } MiB: --fix reads a record whole; split it
fix-not-utf8 = { $name } is not UTF-8: --fix does not rewrite it; save it as UTF-8 first
fix-cannot-write = cannot write the fixed { $name }: { $error } (the file is unchanged)

## The page's Score sheet tab (service/page/sheet.js, docs/live.md)
page-tab-live = Score sheet
page-live-link = Link of a game
page-live-open = Open
page-live-new = Start a game
page-live-event = Event (optional)
page-live-round = Round (optional)
page-live-token = Write token of the server
page-live-start = Start the game
page-live-undo = Take back the last move
page-live-result = Result entered by the arbiter
page-live-north-resigns = North resigns
page-live-south-resigns = South resigns
page-live-agreement = Stopped by agreement
page-live-forfeit-north = North forfeits
page-live-forfeit-south = South forfeits
page-live-forfeit-both = Both forfeit
page-live-end = Enter the result
page-live-follow-link = Link to follow the game
page-live-keeper-link = Link for a second keeper's phone (it holds the key: give it to nobody else)
page-live-leave = Leave this game
page-live-bad-link = This is not the link of a game: it ends with #live= and 16 letters and digits.
page-live-spectator = You are following this game: only a phone that holds its key records the moves.
page-live-over = The game has ended.
page-live-refused = { $move } refused: { $text }
page-live-dropped = Not recorded: { $text }. Moves taken off the sheet: { $moves }. The sheet shows the server's moves: carry on from there.
page-live-needs-network = This needs the network: try again when it is back.
page-live-recorded = recorded
page-live-waiting = waiting to be sent
page-live-role-keeper = You keep this game's score sheet: tap each house as it is played.
page-live-role-spectator = You are following this game live.
page-live-count = { $count ->
    [one] { $count } move recorded
   *[other] { $count } moves recorded
}
page-live-pending = { $count ->
    [one] { $count } waiting to be sent
   *[other] { $count } waiting to be sent
}
page-live-offline = no network: the moves are kept and will be sent
page-live-archived = in the archive as { $text }
page-live-end-resignation = { $name } wins by resignation ({ $text })
page-live-end-agreement = Stopped by agreement ({ $text })
page-live-end-forfeit = { $name } wins by forfeit ({ $text })
page-live-end-forfeit-both = Both players forfeit ({ $text })

event-no-such = no event is named { $name }: `songo event create` runs one, `songo archive events` lists the archive's
event-not-run = the event { $name } is recorded, not run: it has no pairing system (`songo event create` runs it)
event-already-run = the event { $name } is run already
event-bad-name = `{ $field }` must be a name of 1 to { $limit } characters with a letter or a digit, without control characters
event-no-rounds = the number of rounds must be 1 to { $most } (the Dutch system needs it: `--rounds N`)
event-registered = { $name } is registered already
event-closed = round 1 is paired: the field is closed
event-full = an event registers { $most } players at most
event-too-few-players = an event needs two players to be paired
event-unfinished = board { $board } of round { $round } has no result yet: enter it before pairing the next round
event-all-paired = every planned round is paired
event-cannot-pair = the round cannot be paired: { $error }
event-no-such-board = round { $round } has no board { $board }
event-bye-result = a bye takes no result: its point is given by the pairing
event-bad-result = `{ $result }` is not a result: give a final score (`41-29`, white's seeds first), `1/2-1/2`, or a forfeit `+/-`, `-/+`, `-/-`
event-not-paired = { $names } are not paired on a board of the event (of the game's round)
event-not-a-game = not a game: { $error }
event-bad-tiebreaks = `{ $list }` is not a list of tie-breaks (direct, wins, sb, buchholz, buchholz-cut1, buchholz-median1, seed-diff)
class-no-such = no class has the code { $code }: check it with your teacher
class-bad-name = `{ $field }` must be 1 to { $most } characters with a letter or a digit, without control characters
class-nickname-taken = the nickname { $name } is taken in this class: choose another
class-too-many-classes = a teacher keeps { $most } classes at most
class-full = a class takes { $most } students at most
class-too-many-sets = a class is assigned { $most } sets at most
class-set-size = a set holds 1 to { $most } exercises
class-bad-exercise = exercise { $index } of the set is not one: { $why }
class-no-such-exercise = the class has no exercise { $exercise } in set { $set }
class-wrong-key = no student of this class has this key: join the class again with its code
class-too-many-attempts = a student gives { $most } answers at most
class-bad-move = `{ $text }` is not a house (such as S3 or N0)
class-no-such-student = the class has no student with the nickname { $name }: check it in the class's results
problem-detail-class-joins = too many joins that found no class from { $client }: try again in { $seconds } seconds
event-col-board = Board
event-col-white = First mover
event-col-black = Second
event-col-result = Result
event-col-place = Place
event-col-number = No.
event-col-points = Points
event-bye = bye
event-round = Round { $round }
event-no-boards = no boards
event-standings = Standings
event-heading = { $name }: { $system }, { $rounds } rounds, { $players } players
cli-event-created = Event { $name } (id { $id }) is run: { $system }, { $rounds } rounds. Register its players with `songo event register`.
cli-event-registered = { $name } is player { $number } of the event.
cli-event-imported = { $name } (id { $id }): { $players } players, { $rounds } rounds read.
cli-event-result-needs = give the result with --round and --board, or a game with --game
cli-event-no-game = { $name } holds no game
cli-event-not-a-game = { $name }:{ $line }:{ $column }: not a game: { $error }
event-col-name = Name
problem-detail-event-system = `{ $system }` is not a pairing system: dutch, round-robin or double-round-robin
page-tab-tournament = Tournament
page-tournament-token = Write token
page-tournament-token-needed = Writing to the archive needs its write token: type it above, then try again.
page-tab-class = Class
page-class-code = Class code
page-class-nickname = Nickname
page-class-join = Join
page-class-join-hint = No e-mail, no password: this phone keeps your place in the class.
page-class-joined = You joined { $text } as { $name }.
page-class-who = { $name }, class code { $value }
page-class-review = { $count ->
    [one] Review now: { $count } exercise
   *[other] Review now: { $count } exercises
}
page-class-review-title = Review
page-class-set-progress = solved: { $value } of { $count }
page-class-solve = Solve
page-class-solving = { $text }: your answers are kept for your teacher.
page-class-no-sets = Your teacher has not assigned a set yet.
page-class-leave = Leave this class
page-class-teacher = For the teacher
page-class-name = Class name
page-class-create = Create a class
page-class-mine = My classes
page-class-none = You have no class yet.
page-class-created = Class { $text } created: its code is { $value }.
page-class-join-link = Students join with this code, or at { $text }
page-class-sets-heading = Sets
page-class-set-title = Set title
page-class-set-default = Set { $value }
page-class-assign = Assign the Exercises tab's set
page-class-no-exercises = Load a set in the Exercises tab first: from games, the archive or a link.
page-class-assigned = { $count ->
    [one] Set { $text } assigned: { $count } exercise.
   *[other] Set { $text } assigned: { $count } exercises.
}
page-class-set-line = { $count ->
    [one] { $text } ({ $count } exercise)
   *[other] { $text } ({ $count } exercises)
}
page-class-results = Results
page-class-refresh = Refresh
page-class-no-students = No student has joined yet: give them the code.
page-class-student = Student
page-class-first-tries = First try
page-class-legend = ✓ solved at the first try · ↻ solved after a miss · ✗ missed, not solved yet · – not tried
page-class-cell-first = solved at the first try
page-class-cell-after = { $count ->
    [one] solved after a miss ({ $count } answer)
   *[other] solved after a miss ({ $count } answers)
}
page-class-cell-missed = { $count ->
    [one] missed, not solved yet ({ $count } answer)
   *[other] missed, not solved yet ({ $count } answers)
}
page-class-cell-new = not tried
page-class-remove = Remove { $name } from the class
page-class-remove-confirm = Remove?
page-class-removed = { $name } is no longer in the class; his answers are deleted.
page-class-delete = Delete this class
page-class-delete-confirm = Delete the class, its students and their answers?
page-class-deleted = The class { $text } is deleted.
page-tournament-new = Create an event
page-tournament-name = Name
page-tournament-site = Site
page-tournament-system = System
page-tournament-system-dutch = Swiss (Dutch)
page-tournament-system-round-robin = Round robin
page-tournament-system-double-round-robin = Double round robin
page-tournament-rounds = Rounds
page-tournament-create = Create
page-tournament-id = Event id
page-tournament-open = Open
page-tournament-player = Player
page-tournament-rating = Rating
page-tournament-register = Register
page-tournament-pair = Pair the next round
page-tournament-print = Print
page-tournament-standings = Standings
page-tournament-link = Standings for everyone
page-tournament-created = { $name } is created: register its players.
page-tournament-registered = { $name } is player { $number }.
page-tournament-paired = Round { $round } is paired.
page-tournament-entered = Result of round { $round }, board { $board } saved.
page-tournament-state = { $system }: { $paired } of { $rounds } rounds paired, { $count ->
    [one] one player
   *[other] { $count } players
}
page-tournament-round = Round { $round }
page-tournament-bye = bye
page-tournament-score = Score, first mover's seeds first
page-tournament-save = Save
page-tournament-correct = Correct
page-tournament-place = Place
page-tournament-points = Points
page-tournament-field = Players

## Players of every strength, issue 40 (service/src/player.rs): `POST /v1/move`.
problem-detail-bad-level = level={ $value } is not a level: write 1 (a beginner can beat it) to 8 (the full engine)
problem-detail-bad-seed = seed={ $value } is not a seed: write a whole number from 0 to 18446744073709551615

# The Play the computer tab (computer.js): a student's game against the
# engine's player of a level (POST /v1/move), kept in the archive or offered
# as a record.
page-tab-computer = Play the computer
page-computer-hint = Choose the game, the computer's level and your side, then tap a house to play.
page-computer-level = Computer's level
page-computer-side = Your side
page-computer-nickname = Your name or nickname
page-computer-student = Student
page-computer-name = Computer level { $number }
page-computer-new = New game
page-computer-take-back = Take back my move
page-computer-your-turn = Your move, { $name }.
page-computer-thinking = The computer is thinking…
page-computer-played = The computer played { $move }.
page-computer-wait = Wait for the computer's move.
page-computer-saved = The game is kept in the archive (game { $id }).
page-computer-not-kept = This server keeps no archive, or this tab holds no write token: download the record to keep the game.
page-computer-save-failed = The archive did not keep the game: { $text }
page-computer-marks = The game's marks
page-computer-marking = The engine is judging each move…
page-computer-summary = { $name }: { $number } % accuracy, { $text }
page-computer-mark = { $move }: { $value } was better
page-computer-no-marks = By the engine's judgement, no move lost seeds.
page-computer-unjudged = Some moves were not judged in the time given.
# The Lesson tab's reader: a lesson board by board, its sentences beside it.
page-lesson-read = Read the lesson board by board
page-lesson-step = Board { $number } of { $count }
page-lesson-previous = Previous board
page-lesson-next = Next board
page-lesson-teacher = Teacher: show the notes for the teacher
page-lesson-teacher-note = For the teacher
page-lesson-no-boards = The lesson has no board to step through.
