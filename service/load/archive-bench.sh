#!/usr/bin/env bash
# The game archive's scale figures (issue 22, "Performance"): a corpus of
# generated games imported into SQLite and into PostgreSQL, then the size
# on disk and the latencies of the explorer, position and player searches
# measured in one process (service/archive/examples/archive_bench.rs: the
# archive's public API, no process start-up, no HTTP).
#
#   service/load/archive-bench.sh [GAMES] [POSTGRES_URL]
#   service/load/archive-bench.sh 1000000
#
# Defaults: 1000000 games. The corpus is ENGINE_GAMES (default 50000)
# games whose first ENGINE_PLIES (default 8) plies the engine played
# (service/load/corpus.sh), so that the explorer sees real openings,
# followed by random games (`songo generate --tournament`) for the rest:
# a million engine-opening games would take some 15 minutes of CPU.
# With no POSTGRES_URL a throwaway PostgreSQL 15 cluster is started as
# the `postgres` user (PGBIN, default /usr/lib/postgresql/15/bin; port
# PGPORT, default 55433) and removed at the end. BACKENDS (default
# "sqlite postgres") chooses; QUERIES (300) and RUNS (3) go to the query
# bench; OUT (default target/archive-bench) holds the corpus (kept and
# reused: delete it to regenerate), the archives and the results
# (results-GAMES.txt). RULES (songo), SEED (1), JOBS (cores), SONGO (a
# built binary) as for corpus.sh; BENCH names a built archive_bench (with
# SONGO: nothing is built, e.g. to measure an older build). The import
# runs on one core (CORE, default 0: `taskset -c CORE`; CORE= for none).
# KEEP=1 keeps the archives (they are removed after their measures:
# some 4 GB of SQLite and 7 GB of PostgreSQL at 1,000,000 games).
set -euo pipefail
cd "$(dirname "$0")/../.."

GAMES=${1:-1000000}
PGURL=${2:-}
RULES=${RULES:-songo}
SEED=${SEED:-1}
ENGINE_GAMES=${ENGINE_GAMES:-50000}
ENGINE_PLIES=${ENGINE_PLIES:-8}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 1)}
QUERIES=${QUERIES:-300}
RUNS=${RUNS:-3}
BACKENDS=${BACKENDS:-sqlite postgres}
OUT=${OUT:-target/archive-bench}
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
PGPORT=${PGPORT:-55433}

case "$GAMES" in
  ''|*[!0-9]*) echo "GAMES must be a number, not '$GAMES'" >&2; exit 2 ;;
esac
[ "$ENGINE_GAMES" -le "$GAMES" ] || ENGINE_GAMES=$GAMES

CORE=${CORE-0}
KEEP=${KEEP:-0}
if [ -z "${SONGO:-}" ] || [ -z "${BENCH:-}" ]; then
  cargo build --release --quiet --bin songo
  cargo build --release --quiet -p songo-archive --example archive_bench
fi
SONGO=${SONGO:-./target/release/songo}
BENCH=${BENCH:-./target/release/examples/archive_bench}
ONE_CORE=()
[ -n "$CORE" ] && ONE_CORE=(taskset -c "$CORE")
mkdir -p "$OUT"
RESULTS=$OUT/results-$GAMES${TAG:+-$TAG}.txt
say() { echo "$@" | tee -a "$RESULTS"; }
: >"$RESULTS"
say "# archive-bench $GAMES games, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load: $(cut -d' ' -f1-3 /proc/loadavg)"
say "# $(git rev-parse --short HEAD) $(git rev-parse --abbrev-ref HEAD)"

# The corpus: engine openings first, random games after.
CORPUS=$OUT/corpus-$RULES-$GAMES.songo
if [ ! -s "$CORPUS" ]; then
  parts=$(mktemp -d -t songo-archive-bench.XXXXXX)
  trap 'rm -rf "$parts"' EXIT
  ENGINE_PLIES=$ENGINE_PLIES SEED=$SEED JOBS=$JOBS SONGO=$SONGO \
    service/load/corpus.sh "$ENGINE_GAMES" "$RULES" "$parts/engine.songo" | tee -a "$RESULTS"
  random=$((GAMES - ENGINE_GAMES))
  per=$(( (random + JOBS - 1) / JOBS ))
  pids=()
  for job in $(seq 0 $((JOBS - 1))); do
    count=$(( random - job * per ))
    [ "$count" -gt "$per" ] && count=$per
    [ "$count" -le 0 ] && break
    "$SONGO" generate --rules "$RULES" --games "$count" --skip $((job * per)) \
      --seed $((SEED + 1)) --tournament >"$parts/random-$job.songo" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid"; done
  {
    cat "$parts/engine.songo"
    for job in $(seq 0 $((JOBS - 1))); do
      [ -s "$parts/random-$job.songo" ] || continue
      echo
      cat "$parts/random-$job.songo"
    done
  } >"$CORPUS"
  rm -rf "$parts"
  trap - EXIT
fi
corpus_bytes=$(wc -c <"$CORPUS")
say "corpus: $CORPUS, $corpus_bytes bytes, $GAMES games ($ENGINE_GAMES with $ENGINE_PLIES engine plies, the rest random)"

# /usr/bin/time -v's figures of a command: user, sys, wall, max RSS.
timed() {
  local log=$1; shift
  /usr/bin/time -v "$@" 2>"$log.time" >"$log" || { cat "$log.time" >&2; return 1; }
  awk -F': ' '
    /User time/ {u=$2} /System time/ {s=$2} /Elapsed \(wall/ {w=$2} /Maximum resident/ {m=$2}
    END { printf "user %.2f s, sys %.2f s, cpu %.2f s, wall %s, max RSS %.0f MB", u, s, u+s, w, m/1024 }' "$log.time"
}

import_figures() { # backend games plies cpu_seconds
  awk -v b="$1" -v g="$2" -v p="$3" -v c="$4" \
    'BEGIN { printf "%s import: %d games, %d plies: %.0f games/s, %.0f plies/s of CPU time\n", b, g, p, g / c, p / c }'
}

cpu_of() { awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {print u+s}' "$1.time"; }

bench_sqlite() {
  local db=$OUT/archive-$GAMES.sqlite
  rm -f "$db" "$db-wal" "$db-shm"
  say "== SQLite: $db"
  say "import${CORE:+ (on core $CORE)}: $(timed "$OUT/import-sqlite-$GAMES.log" "${ONE_CORE[@]}" "$SONGO" archive import --archive "$db" "$CORPUS")"
  tail -n 5 "$OUT/import-sqlite-$GAMES.log" | tee -a "$RESULTS"
  local counts; counts=$(sqlite3 "$db" "SELECT COUNT(*) || ' ' || SUM(plies) FROM games")
  say "$(import_figures sqlite ${counts% *} ${counts#* } "$(cpu_of "$OUT/import-sqlite-$GAMES.log")")"
  sqlite3 "$db" "PRAGMA wal_checkpoint(TRUNCATE);" >/dev/null
  local bytes; bytes=$(( $(stat -c %s "$db") + $(stat -c %s "$db-wal" 2>/dev/null || echo 0) ))
  say "size: $bytes bytes on disk, $(awk -v a="$bytes" -v b="$corpus_bytes" 'BEGIN { printf "%.2f", a / b }')x the records' text"
  sqlite3 "$db" "SELECT name, SUM(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC" | sed 's/^/  /' | tee -a "$RESULTS"
  say "schema version $(sqlite3 "$db" 'SELECT MAX(version) FROM schema_version'); query plans:"
  {
    echo "-- explorer (schema 5: its bucket's rows)"; sqlite3 "$db" "EXPLAIN QUERY PLAN SELECT entries FROM explorer WHERE bucket = 1" || true
    echo "-- explorer (schema 5): rows, buckets, entries' bytes, largest row, most rows a bucket"; sqlite3 "$db" "SELECT COUNT(*), COUNT(DISTINCT bucket), SUM(LENGTH(entries)), MAX(LENGTH(entries)), (SELECT MAX(n) FROM (SELECT COUNT(*) AS n FROM explorer GROUP BY bucket)) FROM explorer" || true
    echo "-- explorer (schema 4: a row a move)"; sqlite3 "$db" "EXPLAIN QUERY PLAN SELECT move, games, south, north, draws, score_sum FROM explorer WHERE key = 1" || true
    echo "-- explorer recent (the shallow list's newest rows)"; sqlite3 "$db" "EXPLAIN QUERY PLAN SELECT batch, entries FROM positions WHERE bucket = 1 AND deep = 0 AND batch < 1000000000 ORDER BY batch DESC LIMIT 4" || true
    echo "-- position search and the explorer's deep games (a bucket's rows)"; sqlite3 "$db" "EXPLAIN QUERY PLAN SELECT entries FROM positions WHERE bucket = 1 AND deep = 1" || true
    echo "-- the games found"; sqlite3 "$db" "EXPLAIN QUERY PLAN SELECT g.id FROM games g WHERE g.id IN (1, 2, 3) ORDER BY g.id LIMIT 51" || true
    echo "-- posting lists: rows, entries' bytes, largest row"; sqlite3 "$db" "SELECT deep, COUNT(*), SUM(LENGTH(entries)), MAX(LENGTH(entries)) FROM positions GROUP BY deep" || true
    echo "-- player search"; sqlite3 "$db" "EXPLAIN QUERY PLAN SELECT g.id FROM games g WHERE g.id IN (SELECT id FROM (SELECT g.id AS id FROM games g WHERE g.south = 'x' ORDER BY g.id LIMIT 51) AS s UNION ALL SELECT id FROM (SELECT g.id AS id FROM games g WHERE g.north = 'x' ORDER BY g.id LIMIT 51) AS n) ORDER BY g.id LIMIT 51" || true
  } 2>&1 | sed 's/^/  /' | tee -a "$RESULTS"
  say "queries (ms; $QUERIES of each kind a run, $RUNS runs after a warm-up):"
  "$BENCH" "$db" "$CORPUS" "$QUERIES" "$RUNS" 2>&1 | tee -a "$RESULTS"
  [ "$KEEP" = 1 ] || rm -f "$db" "$db-wal" "$db-shm"
}

PGDIR=
stop_postgres() {
  if [ -n "$PGDIR" ]; then
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR/data" -m fast stop >/dev/null 2>&1 || true
    rm -rf "$PGDIR"
    PGDIR=
  fi
}

# CPU seconds of the throwaway cluster: its postmaster and every child
# it reaped (user, sys, children's user and sys).
server_cpu() {
  local pid; pid=$(head -n 1 "$PGDIR/data/postmaster.pid")
  local tps; tps=$(getconf CLK_TCK)
  local live; live=$(for c in $(pgrep -P "$pid"); do cut -d' ' -f14,15 "/proc/$c/stat" 2>/dev/null; done | awk '{s += $1 + $2} END {print s + 0}')
  awk -v live="$live" -v tps="$tps" '{ sub(/.*\) /, ""); print ($12 + $13 + $14 + $15 + live) / tps }' "/proc/$pid/stat"
}

bench_postgres() {
  local url=$PGURL
  if [ -z "$url" ]; then
    PGDIR=$(mktemp -d -t songo-pg.XXXXXX)
    trap stop_postgres EXIT
    chmod 755 "$PGDIR"; chown postgres "$PGDIR"
    runuser -u postgres -- "$PGBIN/initdb" -D "$PGDIR/data" -A trust -U songo >/dev/null
    runuser -u postgres -- "$PGBIN/pg_ctl" -D "$PGDIR/data" \
      -o "-p $PGPORT -k $PGDIR -c listen_addresses=127.0.0.1" -l "$PGDIR/log" start -w >/dev/null
    "$PGBIN/createdb" -h 127.0.0.1 -p "$PGPORT" -U songo songo
    url=postgres://songo@127.0.0.1:$PGPORT/songo
  fi
  local psql=(psql "$url" -X -q -A -t -c)
  say "== PostgreSQL: ${url%%\?*} ($("${psql[@]}" 'SHOW server_version'), default settings: shared_buffers $("${psql[@]}" 'SHOW shared_buffers'))"
  "${psql[@]}" "DROP TABLE IF EXISTS games, positions, explorer, schema_version"
  local server_before=0; [ -n "$PGDIR" ] && server_before=$(server_cpu)
  say "import (client${CORE:+ on core $CORE}): $(timed "$OUT/import-postgres-$GAMES.log" "${ONE_CORE[@]}" "$SONGO" archive import --archive "$url" "$CORPUS")"
  tail -n 5 "$OUT/import-postgres-$GAMES.log" | tee -a "$RESULTS"
  local counts; counts=$("${psql[@]}" "SELECT COUNT(*) || ' ' || SUM(plies) FROM games")
  say "$(import_figures "postgres (client CPU only)" ${counts% *} ${counts#* } "$(cpu_of "$OUT/import-postgres-$GAMES.log")")"
  if [ -n "$PGDIR" ]; then
    local server; server=$(server_cpu)
    server=$(awk -v a="$server" -v b="$server_before" 'BEGIN { printf "%.2f", a - b }')
    local both; both=$(awk -v a="$server" -v b="$(cpu_of "$OUT/import-postgres-$GAMES.log")" 'BEGIN { print a + b }')
    say "server CPU of the import: $server s (the cluster's processes, exited backends included)"
    say "$(import_figures "postgres (client + server CPU)" ${counts% *} ${counts#* } "$both")"
  fi
  "${psql[@]}" "VACUUM ANALYZE"
  local bytes; bytes=$("${psql[@]}" "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'")
  say "size: $bytes bytes (every table of the archive, indexes and TOAST included, after VACUUM ANALYZE), $(awk -v a="$bytes" -v b="$corpus_bytes" 'BEGIN { printf "%.2f", a / b }')x the records' text"
  "${psql[@]}" "SELECT c.relname, pg_relation_size(c.oid) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'i') ORDER BY 2 DESC" | sed 's/^/  /' | tee -a "$RESULTS"
  say "query plans:"
  # The start position's key (pinned by the archive's tests).
  local key=8659750416500250218
  local who; who=$("${psql[@]}" "SELECT south FROM games LIMIT 1")
  {
    echo "-- explorer at the start (schema 5: its bucket's rows)"; "${psql[@]}" "EXPLAIN (ANALYZE, BUFFERS) SELECT entries FROM explorer WHERE bucket = ($key & 4095)" || true
    echo "-- explorer (schema 5): rows, buckets, entries' bytes, largest row, heap bytes a row"; "${psql[@]}" "SELECT COUNT(*), COUNT(DISTINCT bucket), SUM(LENGTH(entries)), MAX(LENGTH(entries)), pg_relation_size('explorer') / GREATEST(COUNT(*), 1) FROM explorer" || true
    echo "-- explorer at the start (schema 4: a row a move)"; "${psql[@]}" "EXPLAIN (ANALYZE, BUFFERS) SELECT move, games, south, north, draws, score_sum FROM explorer WHERE key = $key" || true
    echo "-- position search at the start (its bucket's rows)"; "${psql[@]}" "EXPLAIN (ANALYZE, BUFFERS) SELECT entries FROM positions WHERE bucket = ($key & 255) AND deep = 0" || true
    echo "-- posting lists: rows, entries' bytes, largest row"; "${psql[@]}" "SELECT deep, COUNT(*), SUM(LENGTH(entries)), MAX(LENGTH(entries)) FROM positions GROUP BY deep" || true
    echo "-- explorer (schema 4): rows, positions, heap bytes a row"; "${psql[@]}" "SELECT COUNT(*), COUNT(DISTINCT key), pg_relation_size('explorer') / GREATEST(COUNT(*), 1) FROM explorer" || true
    echo "-- player search"; "${psql[@]}" "EXPLAIN (ANALYZE, BUFFERS) SELECT g.id FROM games g WHERE g.id IN (SELECT id FROM (SELECT g.id AS id FROM games g WHERE g.south = '$who' ORDER BY g.id LIMIT 51) AS s UNION ALL SELECT id FROM (SELECT g.id AS id FROM games g WHERE g.north = '$who' ORDER BY g.id LIMIT 51) AS n) ORDER BY g.id LIMIT 51" || true
  } 2>&1 | sed 's/^/  /' | tee -a "$RESULTS"
  say "queries (ms; $QUERIES of each kind a run, $RUNS runs after a warm-up):"
  "$BENCH" "$url" "$CORPUS" "$QUERIES" "$RUNS" 2>&1 | tee -a "$RESULTS"
  [ "$KEEP" = 1 ] || "${psql[@]}" "DROP TABLE IF EXISTS games, positions, explorer, schema_version"
  stop_postgres
}

for backend in $BACKENDS; do
  case $backend in
    sqlite) bench_sqlite ;;
    postgres) bench_postgres ;;
    *) echo "unknown backend $backend" >&2; exit 2 ;;
  esac
done
say "# done $(date -u '+%H:%M UTC'), load: $(cut -d' ' -f1-3 /proc/loadavg)"
