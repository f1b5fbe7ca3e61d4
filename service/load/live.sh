#!/usr/bin/env bash
# Live games at scale (issue 39): SERVERS (3) `songo serve` on one
# PostgreSQL database, GAMES (1000) live games each entering a legal move
# every INTERVAL_MS (5000) for DURATION (120) seconds, SPECTATORS (5000) event
# streams spread over the servers, each client from a loopback address
# of its own (127.0.0.2…). With KILL=1 (the default) the first server is
# killed (`kill -9`) at KILL_AT seconds (half the run): its keepers and
# spectators spread over the others (as behind a load balancer;
# LIVE_FAILOVER=next sends them all to the next one), the keepers
# retrying their move with the same ply, the spectators following again
# after their stream's `retry:` time (as EventSource does). The harness
# (service/load/live.py: the keepers in KEEPER_PROCESSES (2) processes,
# the spectators in PROCESSES (4)) prints the moves' acknowledgement and
# the spectators' times (p50, p99), its own event loops' lag, the retried
# moves' time apart, the errors, and the acknowledged moves missing
# afterwards (lost). Results go in docs/performance.md, "Live games".
#
#   PGURL=postgres://songo@127.0.0.1:55433/songo service/load/live.sh
#
# PGURL names a database; the script works in a schema of its own
# (`live_load_<pid>`), dropped at the end (KEEP=1 keeps it). SERVE_FLAGS
# go to each `songo serve` (default: room for the streams). SONGO
# names a built binary (default: built here, release). Needs psql.
set -euo pipefail
cd "$(dirname "$0")/../.."

: "${PGURL:?set PGURL to a PostgreSQL database URL}"
SERVERS=${SERVERS:-3}
GAMES=${GAMES:-1000}
SPECTATORS=${SPECTATORS:-5000}
DURATION=${DURATION:-120}
INTERVAL_MS=${INTERVAL_MS:-5000}
KILL=${KILL:-1}
KILL_AT=${KILL_AT:-$((DURATION / 2))}
FIRST_PORT=${FIRST_PORT:-18340}
SERVE_FLAGS=${SERVE_FLAGS:---max-connections 8000 --max-connections-per-client 1000}
SCHEMA=live_load_$$
WORK=$(mktemp -d -t songo-live-load.XXXXXX)

SONGO=${SONGO:-${CARGO_TARGET_DIR:-target}/release/songo}
[ -x "$SONGO" ] || cargo build --release --quiet --bin songo

psql "$PGURL" -X -q -c "CREATE SCHEMA $SCHEMA"
separator='?'; case $PGURL in *\?*) separator='&' ;; esac
URL="$PGURL${separator}options=-csearch_path%3D$SCHEMA"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  [ "${KEEP:-0}" = 1 ] || psql "$PGURL" -X -q -c "SET client_min_messages = warning; DROP SCHEMA $SCHEMA CASCADE" || true
  rm -rf "$WORK"
}
trap cleanup EXIT

TOKEN=$("$SONGO" archive token add director --scope write --club "Club de charge" --archive "$URL")
addresses=()
for i in $(seq 0 $((SERVERS - 1))); do
  # shellcheck disable=SC2086
  "$SONGO" serve $SERVE_FLAGS --log warn --archive "$URL" \
    --addr "127.0.0.1:$((FIRST_PORT + i))" 2>"$WORK/serve-$i.log" &
  pids+=($!)
  addresses+=("127.0.0.1:$((FIRST_PORT + i))")
done
for i in $(seq 0 $((SERVERS - 1))); do
  for _ in $(seq 100); do
    curl -sf "http://127.0.0.1:$((FIRST_PORT + i))/healthz" >/dev/null 2>&1 && break
    sleep 0.1
  done
done

kill_env=()
[ "$KILL" = 1 ] && kill_env=(LIVE_KILL_PID="${pids[0]}" LIVE_KILL_INDEX=0 LIVE_KILL_AT="$KILL_AT")
env LIVE_SERVERS="$(IFS=,; echo "${addresses[*]}")" LIVE_TOKEN="$TOKEN" \
  LIVE_SERVER_PIDS="$(IFS=,; echo "${pids[*]}")" \
  LIVE_GAMES="$GAMES" LIVE_SPECTATORS="$SPECTATORS" LIVE_SECONDS="$DURATION" \
  LIVE_INTERVAL_MS="$INTERVAL_MS" LIVE_PROCESSES="${PROCESSES:-4}" \
  LIVE_KEEPER_PROCESSES="${KEEPER_PROCESSES:-2}" "${kill_env[@]}" python3 service/load/live.py
echo "moves stored: $(psql "$URL" -X -A -t -c 'SELECT COUNT(*) FROM live_moves')," \
  "live games finished: $(psql "$URL" -X -A -t -c 'SELECT COUNT(*) FROM live_games WHERE finished IS NOT NULL')"
for i in $(seq 0 $((SERVERS - 1))); do
  if [ -s "$WORK/serve-$i.log" ]; then
    echo "== server $i's log (last lines)"
    tail -n 5 "$WORK/serve-$i.log"
  fi
done
