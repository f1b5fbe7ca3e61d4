#!/usr/bin/env bash
# The archive's import rate and size: generate GAMES random Songo games,
# import them into a new SQLite archive (one core: the import is one
# thread), then time a few queries. Usage:
#   service/load/archive-bench.sh [GAMES] [SONGO_BINARY]
# e.g. service/load/archive-bench.sh 100000 target/release/songo
# With SONGO_BENCH_POSTGRES=postgres://… the same import into PostgreSQL.
set -euo pipefail
games=${1:-10000}
songo=${2:-target/release/songo}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

"$songo" generate --games "$games" --seed 11 > "$dir/games.songo"
text=$(stat -c %s "$dir/games.songo")

start=$(date +%s.%N)
"$songo" archive import --archive "$dir/archive.sqlite" --format json "$dir/games.songo" > "$dir/report.json"
end=$(date +%s.%N)
# Fold the write-ahead log into the file before measuring it.
"$songo" archive search --archive "$dir/archive.sqlite" --limit 1 > /dev/null
size=$(du -cb "$dir"/archive.sqlite* | tail -n 1 | cut -f 1)

awk -v g="$games" -v s="$start" -v e="$end" -v t="$text" -v z="$size" 'BEGIN {
    printf "games: %d\nimport: %.2f s, %.0f games/s\nrecords: %d bytes\narchive: %d bytes (%.2f x the records)\n",
        g, e - s, g / (e - s), t, z, z / t }'

time_it() {
    local label=$1; shift
    local t0 t1
    t0=$(date +%s%N); "$@" > /dev/null; t1=$(date +%s%N)
    echo "$label: $(( (t1 - t0) / 1000000 )) ms (the process included)"
}
time_it "explorer, start position" "$songo" explore --archive "$dir/archive.sqlite" --moves
time_it "explorer, after S2 N4" "$songo" explore --archive "$dir/archive.sqlite" --moves S2 N4
time_it "player search" "$songo" archive search --archive "$dir/archive.sqlite" --player Nobody

if [ -n "${SONGO_BENCH_POSTGRES:-}" ]; then
    start=$(date +%s.%N)
    "$songo" archive import --archive "$SONGO_BENCH_POSTGRES" --format json "$dir/games.songo" > /dev/null
    end=$(date +%s.%N)
    awk -v g="$games" -v s="$start" -v e="$end" 'BEGIN {
        printf "postgresql import: %.2f s, %.0f games/s\n", e - s, g / (e - s) }'
fi
