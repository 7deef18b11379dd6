#!/usr/bin/env bash
#
# dolt-fixtures.sh - refresh the Dolt fixture database used by the API tests
#
# The fixtures live in tests/fixtures/dolt/sensors (a Dolt repository committed
# as a git submodule-free directory, with its own .dolt). This script:
#
#   pull     fetch and fast-forward the fixture repo from its DoltHub remote
#   seed     reset the *test-scratch* branch to main and load tests/fixtures/sql/*.sql
#   serve    start `dolt sql-server` on 127.0.0.1:3307 for the test run (pid file in build/)
#   stop     stop the sql-server started by `serve` (only that pid)
#   diff     show the data diff between main and test-scratch
#
# Destructive operations (reset --hard, clean) only ever run on the
# test-scratch branch of the fixture repository inside this checkout.

set -euo pipefail

root="$(git rev-parse --show-toplevel)"
repo="$root/tests/fixtures/dolt/sensors"
sql_dir="$root/tests/fixtures/sql"
pidfile="$root/build/dolt-sql-server.pid"
logfile="$root/build/dolt-sql-server.log"
scratch="test-scratch"
port="${DOLT_TEST_PORT:-3307}"

say() { printf '[dolt-fixtures] %s\n' "$*"; }
bail() { printf '[dolt-fixtures] error: %s\n' "$*" >&2; exit 1; }

in_repo() {
  ( cd "$repo" && "$@" )
}

require_repo() {
  command -v dolt >/dev/null || bail "dolt is not installed"
  [[ -d "$repo/.dolt" ]] || bail "fixture repository missing at ${repo#"$root"/}"
}

current_branch() {
  in_repo dolt branch --show-current
}

ensure_scratch() {
  if ! in_repo dolt branch | sed 's/^[* ]*//' | grep -qx "$scratch"; then
    in_repo dolt branch "$scratch" main
    say "created branch $scratch"
  fi
  in_repo dolt checkout "$scratch" >/dev/null
  [[ "$(current_branch)" == "$scratch" ]] || bail "could not switch to $scratch"
}

cmd_pull() {
  require_repo
  local before after
  in_repo dolt checkout main >/dev/null
  before="$(in_repo dolt log -n 1 --oneline | cut -d' ' -f1)"
  in_repo dolt pull origin main
  after="$(in_repo dolt log -n 1 --oneline | cut -d' ' -f1)"
  if [[ "$before" == "$after" ]]; then
    say "main already up to date ($after)"
  else
    say "main: $before -> $after"
    in_repo dolt diff "$before" "$after" --stat || true
  fi
}

cmd_seed() {
  require_repo
  ensure_scratch
  # safe: we are on the scratch branch of the fixture repo, verified above
  in_repo dolt reset --hard main
  in_repo dolt clean
  local f count=0
  for f in "$sql_dir"/*.sql; do
    [[ -e "$f" ]] || continue
    in_repo dolt sql < "$f"
    count=$((count + 1))
    say "loaded ${f#"$root"/}"
  done
  if [[ -n "$(in_repo dolt status --short 2>/dev/null || in_repo dolt status | grep -E 'modified|new table' || true)" ]]; then
    in_repo dolt add -A
    in_repo dolt commit -m "seed fixtures ($count sql file(s))" >/dev/null
  fi
  in_repo dolt log -n 3 --oneline
}

server_running() {
  [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}

cmd_serve() {
  require_repo
  if server_running; then
    say "sql-server already running (pid $(cat "$pidfile"))"
    return 0
  fi
  mkdir -p "$(dirname "$pidfile")"
  ( cd "$repo" && exec dolt sql-server --host 127.0.0.1 --port "$port" --loglevel info ) > "$logfile" 2>&1 &
  echo $! > "$pidfile"
  local i
  for i in $(seq 1 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      say "sql-server listening on 127.0.0.1:$port (pid $(cat "$pidfile"))"
      return 0
    fi
    sleep 0.2
  done
  tail -n 20 "$logfile" >&2
  bail "sql-server did not start"
}

cmd_stop() {
  if ! [[ -f "$pidfile" ]]; then
    say "no pid file; nothing to stop"
    return 0
  fi
  local pid
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    # only the process we started: verify it is a dolt sql-server before signalling
    if ps -o args= -p "$pid" | grep -q 'dolt sql-server'; then
      kill "$pid"
      for _ in 1 2 3 4 5 6 7 8 9 10; do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.3
      done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
      say "stopped sql-server (pid $pid)"
    else
      say "pid $pid is not a dolt sql-server; leaving it alone"
    fi
  fi
  rm -f "$pidfile"
}

cmd_diff() {
  require_repo
  in_repo dolt diff main "$scratch" --summary
  in_repo dolt diff main "$scratch" --limit 50 || true
}

cmd_status() {
  require_repo
  say "fixture repo: ${repo#"$root"/}"
  say "branch: $(current_branch)"
  in_repo dolt sql -q "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()" -r csv \
    | tail -n +2 | while read -r t; do
        printf '  %-24s %s rows\n' "$t" "$(in_repo dolt sql -q "SELECT COUNT(*) FROM \`$t\`" -r csv | tail -n 1)"
      done
  if server_running; then say "sql-server: running (pid $(cat "$pidfile"))"; else say "sql-server: stopped"; fi
}

cmd_check() {
  # schema sanity for the fixtures: every table has a primary key and the
  # sensor ids referenced by readings exist
  require_repo
  local missing_pk orphans
  missing_pk="$(in_repo dolt sql -r csv -q "
    SELECT t.table_name FROM information_schema.tables t
    LEFT JOIN information_schema.table_constraints c
      ON c.table_name = t.table_name AND c.constraint_type = 'PRIMARY KEY'
    WHERE t.table_schema = DATABASE() AND c.constraint_name IS NULL" | tail -n +2)"
  if [[ -n "$missing_pk" ]]; then
    say "tables without primary key: $(tr '\n' ' ' <<< "$missing_pk")"
  fi
  orphans="$(in_repo dolt sql -r csv -q "
    SELECT COUNT(*) FROM readings r LEFT JOIN sensors s ON s.id = r.sensor_id WHERE s.id IS NULL" | tail -n 1)"
  say "readings without sensor: ${orphans:-?}"
  [[ -z "$missing_pk" && "${orphans:-0}" == 0 ]]
}

case "${1:-status}" in
  check) cmd_check ;;
  pull) cmd_pull ;;
  seed) cmd_seed ;;
  serve) cmd_serve ;;
  stop) cmd_stop ;;
  diff) cmd_diff ;;
  status) cmd_status ;;
  *) echo "usage: $0 {pull|seed|serve|stop|diff|status}" >&2; exit 2 ;;
esac
