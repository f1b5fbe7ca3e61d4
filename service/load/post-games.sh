#!/usr/bin/env bash
# Single-game posts to POST /v1/games on PostgreSQL: SERVERS (3) `songo
# serve` processes on one database, each driven by its own wrk for
# DURATION (20s) with CONNECTIONS (8) connections, every request a new
# game (a finished one) between two of 300 players, after a warm-up of
# WARMUP (5s; 0 for none) and an ANALYZE. Prints each wrk's requests a
# second and latencies, the games stored and the CPU a game of the servers
# and of their PostgreSQL backends (PostgreSQL on this host, read as
# root or its user). SERVE_FLAGS go to each `songo serve`. Results go in
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
URL="$PGURL${separator}options=-csearch_path%3D$SCHEMA&application_name=$SCHEMA"
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

# CPU seconds (user + system) of processes, from /proc.
cpu_of() {
  local total=0 pid seconds
  for pid in "$@"; do
    seconds=$(awk -v tps="$(getconf CLK_TCK)" '{ sub(/.*\) /, ""); print ($12 + $13) / tps }' "/proc/$pid/stat" 2>/dev/null || echo 0)
    total=$(awk -v a="$total" -v b="$seconds" 'BEGIN {print a + b}')
  done
  echo "$total"
}
# The servers' PostgreSQL backends (PostgreSQL on this host).
backends() {
  psql "$PGURL" -X -A -t -c "SELECT pid FROM pg_stat_activity WHERE application_name = '$SCHEMA'"
}
# Each server under its own wrk for $1, wrk's reports in $2-$i.log.
load() {
  local loaders=() i
  for i in $(seq 0 $((SERVERS - 1))); do
    TAG="$2 $i" wrk -t 2 -c "$CONNECTIONS" -d "$1" --latency \
      -s service/load/post-games.lua "http://127.0.0.1:$((FIRST_PORT + i))" >"$WORK/$2-$i.log" 2>&1 &
    loaders+=($!)
  done
  for pid in "${loaders[@]}"; do wait "$pid" || true; done
}

# The warm-up: the same load for WARMUP (5s), then ANALYZE. A new archive's
# statements are planned on its empty tables (sequential scans of tables
# that grow a row a post) until autovacuum's first ANALYZE, up to a minute
# later; the measure is of an archive past that.
if [ "${WARMUP:-5s}" != 0 ]; then
  load "${WARMUP:-5s}" warm
  psql "$URL" -X -q -c ANALYZE
fi
stored_before=$(psql "$URL" -X -A -t -c 'SELECT COUNT(*) FROM games')
cpu_before=$(cpu_of "${pids[@]}")
mapfile -t warm_backends < <(backends)
backends_before=$(cpu_of "${warm_backends[@]}")
load "$DURATION" load
sleep 1
mapfile -t load_backends < <(backends)
backends_cpu=$(awk -v a="$(cpu_of "${load_backends[@]}")" -v b="$backends_before" 'BEGIN {print a - b}')
total=0
for i in $(seq 0 $((SERVERS - 1))); do
  echo "== server $i"
  grep -E "Requests/sec|Latency|50%|99%|Non-2xx|Socket errors|requests in" "$WORK/load-$i.log"
  rate=$(awk '/Requests\/sec/ {print $2}' "$WORK/load-$i.log")
  total=$(awk -v a="$total" -v b="${rate:-0}" 'BEGIN {print a + b}')
done
echo "== all servers: $total requests a second"
cpu=$(awk -v a="$(cpu_of "${pids[@]}")" -v b="$cpu_before" 'BEGIN {print a - b}')
stored=$(( $(psql "$URL" -X -A -t -c 'SELECT COUNT(*) FROM games') - stored_before ))
share() { awk -v c="$1" -v g="$stored" 'BEGIN { printf "%.2f", 1000 * c / g }'; }
echo "games stored: $stored (after $stored_before in the warm-up)"
echo "the servers' CPU: $cpu s, $(share "$cpu") ms a game stored"
echo "their PostgreSQL backends' CPU: $backends_cpu s, $(share "$backends_cpu") ms a game stored"
echo "rows of the posting lists: $(psql "$URL" -X -A -t -c 'SELECT COUNT(*) || $$ ($$ || COUNT(*) FILTER (WHERE length(entries) < 512) || $$ small)$$ FROM positions')"
