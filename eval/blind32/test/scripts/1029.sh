#!/usr/bin/env bash
# gitea-dump-check.sh - prove that the dev Gitea's `gitea dump` archives restore.
#
# Our dev Gitea (dev/gitea/, docker compose service "gitea") is the test bed
# for the migration scripts.  Before changing them we make a dump and do a
# restore rehearsal into a scratch directory:
#
#   1. `gitea dump` inside the dev container, written to build/gitea-dumps/
#   2. unzip -t to check archive integrity
#   3. unpack into a scratch dir, check app.ini, the repos folder and the SQL
#      dump are there, and load the SQL into a throwaway sqlite file
#   4. list repository counts from the restored DB and compare with the API of
#      the running dev instance (http://localhost:3300, token from .env)
#
# The running instance is never modified; the scratch dir is removed on exit.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE=(docker compose -f "$ROOT/dev/gitea/compose.yaml")
DUMPS="$ROOT/build/gitea-dumps"
KEEP_DUMPS="${KEEP_DUMPS:-3}"
API="http://localhost:3300/api/v1"
SCRATCH=""

info() { echo "[gitea-dump-check] $*"; }
fatal() { echo "[gitea-dump-check] FATAL: $*" >&2; exit 1; }

cleanup() {
  if [[ -n "$SCRATCH" && -d "$SCRATCH" ]]; then
    rm -rf -- "$SCRATCH"
  fi
}
trap cleanup EXIT INT TERM

token() {
  local t="${GITEA_DEV_TOKEN:-}"
  if [[ -z "$t" && -f "$ROOT/.env" ]]; then
    t="$(grep -E '^GITEA_DEV_TOKEN=' "$ROOT/.env" | tail -n 1 | cut -d= -f2- | tr -d '"')"
  fi
  [[ -n "$t" ]] || fatal "GITEA_DEV_TOKEN missing (.env)"
  printf '%s' "$t"
}

container_running() {
  [[ "$("${COMPOSE[@]}" ps --status running --services 2>/dev/null)" == *gitea* ]]
}

make_dump() {
  local name="gitea-dump-$(date +%Y%m%d-%H%M%S).zip"
  mkdir -p "$DUMPS"
  info "creating $name inside the dev container"
  "${COMPOSE[@]}" exec -T -u git gitea \
    gitea dump -c /data/gitea/conf/app.ini --type zip --file "/tmp/$name" --skip-log >/dev/null
  "${COMPOSE[@]}" cp "gitea:/tmp/$name" "$DUMPS/$name"
  "${COMPOSE[@]}" exec -T -u git gitea rm -f "/tmp/$name"
  echo "$DUMPS/$name"
}

check_integrity() {
  local zip="$1"
  unzip -tq "$zip" >/dev/null || fatal "$zip failed unzip -t"
  info "archive integrity ok ($(du -h "$zip" | cut -f1))"
}

unpack() {
  local zip="$1"
  SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/gitea-restore.XXXXXX")"
  unzip -q "$zip" -d "$SCRATCH"
  local missing=0 item
  for item in app.ini gitea-db.sql; do
    if [[ ! -e "$SCRATCH/$item" ]]; then
      info "missing $item in dump"
      missing=$(( missing + 1 ))
    fi
  done
  if [[ ! -d "$SCRATCH/repos" && ! -d "$SCRATCH/data/gitea-repositories" ]]; then
    info "dump contains no repositories folder"
    missing=$(( missing + 1 ))
  fi
  (( missing == 0 )) || fatal "dump is incomplete"
}

restore_sql() {
  local db="$SCRATCH/restored.db"
  # the dev instance uses sqlite, so the dump is sqlite-flavoured SQL
  sqlite3 "$db" < "$SCRATCH/gitea-db.sql"
  echo "$db"
}

restored_counts() {
  local db="$1"
  printf 'repos=%s users=%s orgs=%s\n' \
    "$(sqlite3 "$db" 'SELECT COUNT(*) FROM repository;')" \
    "$(sqlite3 "$db" 'SELECT COUNT(*) FROM user WHERE type = 0;')" \
    "$(sqlite3 "$db" 'SELECT COUNT(*) FROM user WHERE type = 1;')"
}

live_counts() {
  local auth
  auth="Authorization: token $(token)"
  local repos users orgs
  repos="$(curl -fsS -H "$auth" "$API/repos/search?limit=1" -D - -o /dev/null | awk -F': ' 'tolower($1)=="x-total-count" {print $2}' | tr -d '\r')"
  users="$(curl -fsS -H "$auth" "$API/admin/users?limit=1" -D - -o /dev/null | awk -F': ' 'tolower($1)=="x-total-count" {print $2}' | tr -d '\r')"
  orgs="$(curl -fsS -H "$auth" "$API/admin/orgs?limit=1" -D - -o /dev/null | awk -F': ' 'tolower($1)=="x-total-count" {print $2}' | tr -d '\r')"
  printf 'repos=%s users=%s orgs=%s\n' "${repos:-?}" "${users:-?}" "${orgs:-?}"
}

prune_dumps() {
  local dumps=() i
  mapfile -t dumps < <(ls -1t "$DUMPS"/gitea-dump-*.zip 2>/dev/null)
  for (( i = KEEP_DUMPS; i < ${#dumps[@]}; i++ )); do
    info "removing old dump $(basename "${dumps[$i]}")"
    rm -f -- "${dumps[$i]}"
  done
}

check_repos_are_git() {
  local dir="$SCRATCH/repos" bad=0 repo
  [[ -d "$dir" ]] || dir="$SCRATCH/data/gitea-repositories"
  while IFS= read -r -d '' repo; do
    if ! git --git-dir="$repo" rev-parse --is-bare-repository >/dev/null 2>&1; then
      info "not a valid bare repository: ${repo#"$SCRATCH"/}"
      bad=$(( bad + 1 ))
    fi
  done < <(find "$dir" -mindepth 2 -maxdepth 2 -type d -name '*.git' -print0)
  (( bad == 0 )) || fatal "$bad repository folder(s) are broken"
  info "all repositories in the dump are valid bare git repos"
}

check_app_ini() {
  # the dumped app.ini must point at paths that exist after a restore
  local ini="$SCRATCH/app.ini" key value missing=0
  for key in ROOT APP_DATA_PATH; do
    value="$(awk -F' *= *' -v k="$key" '$1 == k {print $2; exit}' "$ini")"
    if [[ -z "$value" ]]; then
      info "app.ini has no $key"
      missing=$(( missing + 1 ))
    fi
  done
  if grep -q '^INSTALL_LOCK *= *false' "$ini"; then
    info "warning: INSTALL_LOCK is false in the dumped config"
  fi
  if grep -qE '^(SECRET_KEY|INTERNAL_TOKEN) *= *$' "$ini"; then
    info "warning: empty SECRET_KEY or INTERNAL_TOKEN in the dump"
  fi
  (( missing == 0 )) || fatal "app.ini is missing required keys"
}

write_report() {
  local zip="$1" restored="$2" live="$3" out="$ROOT/build/gitea-dump-check.txt"
  {
    echo "dump:      $(basename "$zip")"
    echo "size:      $(du -h "$zip" | cut -f1)"
    echo "checked:   $(date -u +%FT%TZ)"
    echo "restored:  $restored"
    echo "live:      $live"
  } > "$out"
  info "report written to ${out#"$ROOT"/}"
}

main() {
  command -v sqlite3 >/dev/null || fatal "sqlite3 is required"
  command -v unzip >/dev/null || fatal "unzip is required"
  container_running || fatal "dev gitea is not running (docker compose -f dev/gitea/compose.yaml up -d)"
  local zip db restored live
  zip="${1:-}"
  if [[ -z "$zip" ]]; then
    zip="$(make_dump)"
  fi
  check_integrity "$zip"
  unpack "$zip"
  check_repos_are_git
  check_app_ini
  db="$(restore_sql)"
  restored="$(restored_counts "$db")"
  live="$(live_counts)"
  info "restored: $restored"
  info "live:     $live"
  if [[ "$restored" != "$live" ]]; then
    info "counts differ - was the instance changed while dumping?"
  fi
  write_report "$zip" "$restored" "$live"
  prune_dumps
  info "restore rehearsal finished for $(basename "$zip")"
}

main "$@"
