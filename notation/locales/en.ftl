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
