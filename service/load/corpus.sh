#!/usr/bin/env bash
# A large corpus of generated games for the archive's scale benchmarks
# (issue 22): engine self-play for the openings, the rest of each game
# random, as round-robin tournaments so that player, event and standings
# queries have something to find. Reproducible: the same arguments give
# the same file.
#
#   service/load/corpus.sh [GAMES] [RULES] [OUT]
#   service/load/corpus.sh 1000000 awale /tmp/corpus-awale.songo
#
# Defaults: 1000000 games, songo, target/corpus-<rules>-<games>.songo.
# ENGINE_PLIES (default 16) sets how many plies the engine plays in each
# game; ENGINE_PLIES=all has it play whole games (some 20x slower, see
# docs/performance.md, "Generated games"). SEED (default 1), DEPTH
# (default 3), JOBS (default: the machine's cores) and SONGO (a binary to
# use instead of building target/release/songo) are read too. The
# games are written in JOBS slices generated side by side (`--skip`), then
# joined: the file is the same whatever JOBS.
set -euo pipefail
cd "$(dirname "$0")/../.."

GAMES=${1:-1000000}
RULES=${2:-songo}
OUT=${3:-target/corpus-$RULES-$GAMES.songo}
SEED=${SEED:-1}
DEPTH=${DEPTH:-3}
ENGINE_PLIES=${ENGINE_PLIES:-16}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}

case "$GAMES" in
  ''|*[!0-9]*) echo "GAMES must be a number, not '$GAMES'" >&2; exit 2 ;;
esac
[ "$JOBS" -ge 1 ] 2>/dev/null || { echo "JOBS must be at least 1" >&2; exit 2; }

# SONGO names a binary to use instead of building the release one.
if [ -z "${SONGO:-}" ]; then
  cargo build --release --quiet --bin songo
  SONGO=./target/release/songo
fi

engine=(--engine --depth "$DEPTH")
if [ "$ENGINE_PLIES" != all ]; then
  engine+=(--engine-plies "$ENGINE_PLIES")
fi

mkdir -p "$(dirname "$OUT")"
PARTS=$(mktemp -d -t songo-corpus.XXXXXX)
trap 'rm -rf "$PARTS"' EXIT

start=$(date +%s.%N)
pids=()
per=$(( (GAMES + JOBS - 1) / JOBS ))
for job in $(seq 0 $((JOBS - 1))); do
  count=$(( GAMES - job * per ))
  [ "$count" -gt "$per" ] && count=$per
  [ "$count" -le 0 ] && break
  # Slices of one series: game k is the same in a slice as in one run.
  "$SONGO" generate --rules "$RULES" --games "$count" --skip $((job * per)) --seed "$SEED" \
    "${engine[@]}" --tournament >"$PARTS/$job.songo" &
  pids+=($!)
done
for pid in "${pids[@]}"; do
  wait "$pid"
done

# Records in one file are separated by a blank line.
first=1
: >"$OUT"
for part in $(ls "$PARTS" | sort -n); do
  [ "$first" -eq 1 ] || echo >>"$OUT"
  cat "$PARTS/$part" >>"$OUT"
  first=0
done
end=$(date +%s.%N)

bytes=$(wc -c <"$OUT")
awk -v games="$GAMES" -v bytes="$bytes" -v s="$start" -v e="$end" -v out="$OUT" -v jobs="$JOBS" \
  'BEGIN { t = e - s; printf "%d games, %.1f MB in %s, %.1f s on %d jobs (%.0f games/s)\n", games, bytes / 1e6, out, t, jobs, games / t }'
