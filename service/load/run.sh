#!/usr/bin/env bash
# Load test of `songo serve` on loopback (127.0.0.1 only), bounded in time:
# wrk against each endpoint below for $DURATION with $CONNECTIONS
# connections, after a short warm-up; prints requests/s, latency
# percentiles, errors, and the server's resident memory before and after.
# Results go in docs/performance.md, section "HTTP load".
#
#   service/load/run.sh                      # 20 s per endpoint, 16 connections
#   DURATION=5s CONNECTIONS=4 service/load/run.sh
#   SONGO_BIN=/path/to/songo service/load/run.sh   # another build, as is
#
# Needs wrk (Debian: apt-get install -y wrk).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-20s}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
PORT=${PORT:-18181}
ADDR="127.0.0.1:$PORT"
LOG=$(mktemp -t songo-serve-load.XXXXXX)

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
SONGO=${SONGO_BIN:-./target/release/songo}
[ -n "${SONGO_BIN:-}" ] || cargo build --release --quiet --bin songo

"$SONGO" serve --addr "$ADDR" 2>"$LOG" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; rm -f "$LOG" "$LOG.small" "$LOG.large"' EXIT

for _ in $(seq 50); do
  curl -sf "http://$ADDR/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -sf "http://$ADDR/healthz" >/dev/null

rss() { awk '/VmRSS/ {print $2 " kB"}' "/proc/$SERVER/status"; }

# The records /v1/validate checks: random legal games, reproducible; a
# small body (10 games) and a large one (1000 games).
"$SONGO" generate --games 10 --seed 1 >"$LOG.small"
"$SONGO" generate --games 1000 --seed 2 >"$LOG.large"
echo "records for /v1/validate: 10 games ($(wc -c <"$LOG.small") bytes), 1000 games ($(wc -c <"$LOG.large") bytes)"

# Each endpoint: "name path script record".
ENDPOINTS=(
  "play /v1/play service/load/play.lua -"
  "validate-10-games /v1/validate service/load/validate.lua $LOG.small"
  "validate-1000-games /v1/validate service/load/validate.lua $LOG.large"
)

echo "songo serve on $ADDR; wrk -t$THREADS -c$CONNECTIONS -d$DURATION; $(nproc) cores"
for endpoint in "${ENDPOINTS[@]}"; do
  read -r name path script record <<<"$endpoint"
  export SONGO_LOAD_RECORD="$record"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d3s -s "$script" "http://$ADDR$path" >/dev/null # warm-up
  echo
  echo "== $name ($path)"
  echo "RSS before: $(rss)"
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -s "$script" "http://$ADDR$path"
  echo "RSS after:  $(rss)"
done

kill -TERM "$SERVER"
wait "$SERVER"
echo
echo "server exited with status $?; $(grep -c 'INFO request ' "$LOG") requests logged, by status:"
grep -o 'status=[0-9]*' "$LOG" | sort | uniq -c
echo "other log lines:"
grep -v 'INFO request ' "$LOG" || true
