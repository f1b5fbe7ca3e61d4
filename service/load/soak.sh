#!/usr/bin/env bash
# Soak test of `songo serve` on loopback (127.0.0.1 only), bounded in time:
# $DURATION of a steady mix of requests (service/load/mixed.lua: play,
# moves, validate small and large, and requests that must fail), while the
# server's resident memory (VmRSS), open file descriptors and its own
# metrics are sampled every $EVERY seconds. Prints the samples, then the
# requests, errors, latency percentiles, and how far memory and descriptors
# moved from the first sample after the warm-up to the last.
# Results go in docs/performance.md, section "Soak".
#
#   service/load/soak.sh                          # 10 minutes
#   DURATION=60 EVERY=2 service/load/soak.sh      # a short run
#
# Needs wrk and curl (Debian: apt-get install -y wrk curl).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-600}        # seconds of load
EVERY=${EVERY:-5}                # seconds between samples
WARMUP=${WARMUP:-60}             # seconds before the reference sample
CONNECTIONS=${CONNECTIONS:-8}
THREADS=${THREADS:-2}
export SONGO_SOAK_DELAY_MS=${DELAY_MS:-8}
PORT=${PORT:-18191}
METRICS_PORT=${METRICS_PORT:-18192}
ADDR="127.0.0.1:$PORT"
METRICS="127.0.0.1:$METRICS_PORT"
WORK=$(mktemp -d -t songo-soak.XXXXXX)

for tool in wrk curl; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: apt-get install -y $tool" >&2; exit 1; }
done
cargo build --release --quiet --bin songo

./target/release/songo generate --games 10 --seed 1 >"$WORK/small.songo"
./target/release/songo generate --games 1000 --seed 2 >"$WORK/large.songo"
export SONGO_SOAK_SMALL="$WORK/small.songo" SONGO_SOAK_LARGE="$WORK/large.songo"

./target/release/songo serve --addr "$ADDR" --metrics-addr "$METRICS" 2>"$WORK/server.log" &
SERVER=$!
SAMPLER=
cleanup() {
  [ -n "$SAMPLER" ] && kill "$SAMPLER" 2>/dev/null
  kill "$SERVER" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

for _ in $(seq 50); do
  curl -sf "http://$ADDR/healthz" >/dev/null 2>&1 && break
  sleep 0.1
done
curl -sf "http://$ADDR/healthz" >/dev/null

metric() { curl -sf "http://$METRICS/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
sample() {
  local rss fds
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$SERVER/status")
  fds=$(find "/proc/$SERVER/fd" -mindepth 1 -maxdepth 1 | wc -l)
  printf '%s %s %s %s %s\n' "$1" "$rss" "$fds" \
    "$(metric songo_connections_open)" "$(metric songo_http_requests_in_flight)"
}

echo "songo serve on $ADDR (metrics on $METRICS); $(nproc) cores; records: 10 games ($(wc -c <"$SONGO_SOAK_SMALL") bytes), 1000 games ($(wc -c <"$SONGO_SOAK_LARGE") bytes)"
echo "wrk -t$THREADS -c$CONNECTIONS -d${DURATION}s, ${SONGO_SOAK_DELAY_MS} ms between two requests of a connection; a sample every $EVERY s"
echo "seconds rss_kB fds connections_open in_flight"
sample before | tee "$WORK/idle"
start=$(date +%s)
(
  while sleep "$EVERY"; do
    sample $(( $(date +%s) - start )) | tee -a "$WORK/samples"
  done
) &
SAMPLER=$!

wrk -t"$THREADS" -c"$CONNECTIONS" -d"${DURATION}s" --latency -s service/load/mixed.lua "http://$ADDR" >"$WORK/wrk.out"
kill "$SAMPLER" 2>/dev/null || true
SAMPLER=
sleep 1
sample after | tee -a "$WORK/idle"

echo
echo "== wrk"
cat "$WORK/wrk.out"
echo
echo "== server (songo_http_requests_total by status, from /metrics)"
curl -sf "http://$METRICS/metrics" | grep '^songo_http_requests_total' \
  | sed -E 's/.*route="([^"]*)",status="([0-9]+)"\} /\1 \2 /' | sort
curl -sf "http://$METRICS/metrics" | grep -E '^songo_(connections_(refused|closed)|accept_errors|log_lines_dropped)' || true

echo
echo "== memory and descriptors (under load: from the first sample after $WARMUP s to the last)"
awk -v warmup="$WARMUP" '
  $1 + 0 >= warmup && !ref { ref = 1; rss0 = $2; fd0 = $3; t0 = $1 }
  ref { rss = $2; fd = $3; t = $1; n++
        if ($2 + 0 > maxrss) maxrss = $2 + 0; if (!minrss || $2 + 0 < minrss) minrss = $2 + 0
        if ($3 + 0 > maxfd) maxfd = $3 + 0; if (!minfd || $3 + 0 < minfd) minfd = $3 + 0 }
  END {
    if (!ref) { print "no sample after the warm-up"; exit }
    printf "RSS: %d kB at %d s, %d kB at %d s (%+d kB, %+.1f %%); %d samples between %d and %d kB\n",
      rss0, t0, rss, t, rss - rss0, 100 * (rss - rss0) / rss0, n, minrss, maxrss
    printf "descriptors: %d at %d s, %d at %d s (%+d); between %d and %d\n",
      fd0, t0, fd, t, fd - fd0, minfd, maxfd
  }' "$WORK/samples"
awk '{printf "idle %s: RSS %d kB, %d descriptors\n", $1, $2, $3}' "$WORK/idle"
echo

kill -TERM "$SERVER"
status=0
wait "$SERVER" || status=$?
echo "server exited with status $status; log lines other than requests:"
grep -v ' INFO request ' "$WORK/server.log" || true
