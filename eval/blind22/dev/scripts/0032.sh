#!/usr/bin/env bash
# mongo-fixtures.sh - dump the local MongoDB to ./dumps and restore fixtures.
#
#   mongo-fixtures.sh dump [db]           mongodump into dumps/<date>/
#   mongo-fixtures.sh restore <dir> [--yes]  mongorestore --drop from a dump dir
#   mongo-fixtures.sh fixtures [--yes]    restore tests/fixtures/mongo (the seed set)
#   mongo-fixtures.sh list
#
# The URI comes from MONGO_URL (env or .env). Anything that drops collections
# requires a local host AND a database name ending in _dev or _test.
set -euo pipefail

ROOT="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
DUMPS="$ROOT/dumps"
FIXTURES="$ROOT/tests/fixtures/mongo"
YES=0
MONGO_URL="${MONGO_URL:-}"

msg() { printf '%s\n' "$*"; }
die() { printf 'mongo-fixtures: %s\n' "$*" >&2; exit 1; }

load_dotenv() {
  [[ -n "$MONGO_URL" ]] && return
  [[ -f "$ROOT/.env" ]] || return
  local line
  while IFS= read -r line || [[ -n "$line" ]]; do
    case "$line" in
      MONGO_URL=*)
        MONGO_URL="${line#MONGO_URL=}"
        MONGO_URL="${MONGO_URL%\'}"; MONGO_URL="${MONGO_URL#\'}"
        MONGO_URL="${MONGO_URL%\"}"; MONGO_URL="${MONGO_URL#\"}"
        ;;
    esac
  done < "$ROOT/.env"
}

redacted_url() {
  # mongodb://user:secret@localhost/db -> mongodb://user:****@localhost/db
  sed -E 's#(://[^:/@]+):[^@]+@#\1:****@#' <<< "$1"
}

url_host() {
  local rest="${1#*://}"
  rest="${rest#*@}"
  rest="${rest%%/*}"
  rest="${rest%%\?*}"
  printf '%s' "${rest%%:*}"
}

url_db() {
  local rest="${1#*://}"
  rest="${rest#*/}"
  printf '%s' "${rest%%\?*}"
}

assert_safe_target() {
  local host db
  host="$(url_host "$MONGO_URL")"
  db="$(url_db "$MONGO_URL")"
  case "$host" in
    localhost|127.0.0.1) ;;
    *) die "refusing to drop collections on $host ($(redacted_url "$MONGO_URL"))" ;;
  esac
  [[ "$db" =~ _(dev|test)$ ]] || die "database '$db' is not a _dev/_test database"
}

confirm() {
  ((YES)) && return 0
  local answer
  read -r -p "$1 [y/N] " answer
  [[ "$answer" =~ ^[Yy]$ ]]
}

cmd_dump() {
  local db="${1:-$(url_db "$MONGO_URL")}"
  local out="$DUMPS/$(date +%F-%H%M)"
  mkdir -p "$out"
  msg "dumping $db from $(redacted_url "$MONGO_URL")"
  mongodump --uri="$MONGO_URL" --db="$db" --out="$out" --quiet
  du -sh "$out" | awk '{print "size: " $1}'
  ln -sfn "$(basename "$out")" "$DUMPS/latest"
  msg "dump at ${out#$ROOT/} (dumps/latest points to it)"
}

cmd_restore() {
  local dir="${1:-}"
  [[ -n "$dir" ]] || die "usage: restore <dump-dir> [--yes]"
  [[ -d "$dir" ]] || die "$dir is not a directory"
  assert_safe_target
  local db
  db="$(url_db "$MONGO_URL")"
  local src="$dir"
  [[ -d "$dir/$db" ]] && src="$dir/$db"
  confirm "drop and restore collections of $db from ${src#$ROOT/}?" || die "aborted"
  mongorestore --uri="$MONGO_URL" --drop --nsInclude="$db.*" \
    --nsFrom="$(basename "$src").*" --nsTo="$db.*" --quiet "$src"
  msg "restored $db"
}

cmd_fixtures() {
  [[ -d "$FIXTURES" ]] || die "no fixtures at ${FIXTURES#$ROOT/}"
  assert_safe_target
  local db
  db="$(url_db "$MONGO_URL")"
  confirm "replace collections in $db with the fixtures?" || die "aborted"
  local f coll n=0
  shopt -s nullglob
  for f in "$FIXTURES"/*.json; do
    coll="$(basename "$f" .json)"
    mongoimport --uri="$MONGO_URL" --collection="$coll" --drop --jsonArray --quiet --file="$f"
    n=$((n + 1))
  done
  msg "imported $n collection(s) into $db"
}

cmd_list() {
  [[ -d "$DUMPS" ]] || { msg "no dumps yet"; return; }
  local d
  for d in "$DUMPS"/*/; do
    [[ -L "${d%/}" ]] && continue
    printf '%-22s %8s\n' "$(basename "$d")" "$(du -sh "$d" | cut -f1)"
  done
}

cmd_prune() {
  local keep="${1:-5}" d
  [[ "$keep" =~ ^[0-9]+$ ]] || die "keep must be a number"
  local all=()
  mapfile -t all < <(find "$DUMPS" -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort)
  local total=${#all[@]}
  ((total > keep)) || { msg "nothing to prune ($total dump(s))"; return; }
  for d in "${all[@]:0:total-keep}"; do
    rm -rf -- "${DUMPS:?}/$d"
    msg "removed dumps/$d"
  done
}

cmd_stats() {
  # collection counts of the local database, handy before/after a restore
  local db
  db="$(url_db "$MONGO_URL")"
  mongosh "$MONGO_URL" --quiet --eval '
    const names = db.getCollectionNames().sort();
    for (const n of names) {
      print(n.padEnd(32) + String(db.getCollection(n).estimatedDocumentCount()).padStart(10));
    }' || die "mongosh failed; is the container up?"
  msg "database: $db"
}

cmd_verify() {
  # check that a dump directory is complete before anyone restores it
  local dir="${1:-$DUMPS/latest}"
  [[ -d "$dir" ]] || die "no dump at $dir"
  local bson meta missing=0
  shopt -s nullglob
  for bson in "$dir"/*/*.bson; do
    meta="${bson%.bson}.metadata.json"
    if [[ ! -f "$meta" ]]; then
      msg "missing metadata for ${bson#$ROOT/}"
      missing=$((missing + 1))
    fi
  done
  if ((missing)); then
    die "$missing collection(s) without metadata in ${dir#$ROOT/}"
  fi
  msg "dump ${dir#$ROOT/} looks complete"
}

main() {
  local cmd="${1:-list}"; shift || true
  local rest=()
  for a in "$@"; do
    if [[ "$a" == --yes ]]; then YES=1; else rest+=("$a"); fi
  done
  load_dotenv
  [[ "$cmd" == list || "$cmd" == prune || -n "$MONGO_URL" ]] || die "MONGO_URL not set"
  case "$cmd" in
    dump) cmd_dump "${rest[@]}" ;;
    restore) cmd_restore "${rest[@]}" ;;
    fixtures) cmd_fixtures ;;
    list) cmd_list ;;
    prune) cmd_prune "${rest[@]}" ;;
    stats) cmd_stats ;;
    verify) cmd_verify "${rest[@]}" ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
