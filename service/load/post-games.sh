#!/usr/bin/env bash
# Single-game posts to POST /v1/games on PostgreSQL: SERVERS (3) `songo
# serve` processes on one database, each driven by its own wrk for
# DURATION (20s) with CONNECTIONS (8) connections, every request a new
# game (a finished one) between two of 300 players. Prints each wrk's
# requests a second and latencies, the games stored and the servers' CPU
# a game. SERVE_FLAGS go to each `songo serve`. Results go in
# docs/performance.md, "Games posted one at a time".
#
#   PGURL=postgres://songo@127.0.0.1:5432/songo service/load/post-games.sh
#
# PGURL names a database; the script works in a schema of its own
# (`post_games_<pid>`), dropped at the end. Needs wrk and psql.
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${PGURL:?set PGURL to a PostgreSQL database URL}"
SERVERS=${SERVERS:-3}
DURATION=${DURATION:-20s}
CONNECTIONS=${CONNECTIONS:-8}
SONGO=${SONGO:-./target/release/songo}
FIRST_PORT=${FIRST_PORT:-18300}
SCHEMA=post_games_$$
WORK=$(mktemp -d -t songo-post-games.XXXXXX)

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
[ -x "$SONGO" ] || cargo build --release --quiet --bin songo

psql "$PGURL" -X -q -c "CREATE SCHEMA $SCHEMA"
separator='?'; case $PGURL in *\?*) separator='&' ;; esac
URL="$PGURL${separator}options=-csearch_path%3D$SCHEMA"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ "${KEEP:-0}" = 1 ] || psql "$PGURL" -X -q -c "DROP SCHEMA $SCHEMA CASCADE" || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# One finished game, without its Event and players (the script names them).
"$SONGO" generate --games 1 --seed 5 | grep -v -E '^\[(Event|South|North) ' >"$WORK/game.songo"
TOKEN=$("$SONGO" archive token add loader --scope admin --archive "$URL")
export TOKEN GAME="$WORK/game.songo"

for i in $(seq 0 $((SERVERS - 1))); do
  "$SONGO" serve ${SERVE_FLAGS:-} --archive "$URL" --addr "127.0.0.1:$((FIRST_PORT + i))" 2>"$WORK/serve-$i.log" &
  pids+=($!)
done
for i in $(seq 0 $((SERVERS - 1))); do
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$((FIRST_PORT + i))/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
done

loaders=()
for i in $(seq 0 $((SERVERS - 1))); do
  TAG="load $i" wrk -t 2 -c "$CONNECTIONS" -d "$DURATION" --latency \
    -s service/load/post-games.lua "http://127.0.0.1:$((FIRST_PORT + i))" >"$WORK/wrk-$i.log" 2>&1 &
  loaders+=($!)
done
for pid in "${loaders[@]}"; do wait "$pid" || true; done
sleep 1
total=0
for i in $(seq 0 $((SERVERS - 1))); do
  echo "== server $i"
  grep -E "Requests/sec|Latency|50%|99%|Non-2xx|Socket errors|requests in" "$WORK/wrk-$i.log"
  rate=$(awk '/Requests\/sec/ {print $2}' "$WORK/wrk-$i.log")
  total=$(awk -v a="$total" -v b="${rate:-0}" 'BEGIN {print a + b}')
done
echo "== all servers: $total requests a second"
# CPU seconds of the servers (user + system), and a game's share.
cpu=0
for pid in "${pids[@]}"; do
  seconds=$(awk -v tps="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); print ($12 + $13) / tps }' "/proc/$pid/stat")
  cpu=$(awk -v a="$cpu" -v b="$seconds" 'BEGIN {print a + b}')
done
stored=$(psql "$URL" -X -A -t -c 'SELECT COUNT(*) FROM games')
echo "the servers' CPU: $cpu s, $(awk -v c="$cpu" -v g="$stored" 'BEGIN { printf "%.2f", 1000 * c / g }') ms a game stored"
echo "games stored: $stored"
echo "rows of the posting lists: $(psql "$URL" -X -A -t -c 'SELECT COUNT(*) || $$ ($$ || COUNT(*) FILTER (WHERE length(entries) < 512) || $$ small)$$ FROM positions')"
