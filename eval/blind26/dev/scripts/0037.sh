#!/usr/bin/env bash
# cf-migrate.sh - apply content-model migrations to a Contentful environment.
#
#   tools/cf-migrate.sh [--env sandbox-<name>] [--from master] [--fresh] [--yes]
#
# 1. export the target environment (backup into backups/contentful/)
# 2. optionally recreate the sandbox from --from (--fresh)
# 3. run every migrations/NNN-*.js not yet recorded in the environment's
#    'migrationLog' entries, in order, with contentful-migration
# Targeting master (production) needs --yes and a clean git tree.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MIGRATIONS="$ROOT/migrations"
BACKUPS="$ROOT/backups/contentful"
ENV_ID="sandbox-${USER:-dev}"
FROM_ENV="master"
FRESH=0
YES=0

log() { printf '\033[36mcf\033[0m %s\n' "$*"; }
die() { printf '\033[31mcf\033[0m %s\n' "$*" >&2; exit 1; }

parse_args() {
  while (( $# )); do
    case "$1" in
      --env) ENV_ID="$2"; shift ;;
      --from) FROM_ENV="$2"; shift ;;
      --fresh) FRESH=1 ;;
      --yes) YES=1 ;;
      -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
}

read_dotenv() {
  local f="$ROOT/.env" k v
  [[ -f "$f" ]] || die ".env missing (copy .env.example)"
  while IFS='=' read -r k v; do
    case "$k" in
      CONTENTFUL_SPACE_ID) SPACE_ID="$v" ;;
      CONTENTFUL_MANAGEMENT_TOKEN) CMA_TOKEN="$v" ;;
    esac
  done < <(grep -E '^(CONTENTFUL_SPACE_ID|CONTENTFUL_MANAGEMENT_TOKEN)=' "$f")
  : "${SPACE_ID:?CONTENTFUL_SPACE_ID missing}"
  : "${CMA_TOKEN:?CONTENTFUL_MANAGEMENT_TOKEN missing}"
  # the CLI reads the token from its own env var; keep it off the command line
  export CONTENTFUL_MANAGEMENT_TOKEN="$CMA_TOKEN"
}

guard_target() {
  if [[ "$ENV_ID" == "master" || "$ENV_ID" == "production" ]]; then
    (( YES )) || die "target is $ENV_ID (production); pass --yes after review"
    [[ -z "$(git -C "$ROOT" status --porcelain -- migrations/)" ]] \
      || die "migrations/ has uncommitted changes"
    (( FRESH == 0 )) || die "--fresh is only for sandboxes"
  fi
}

cf() {
  npx --no-install contentful "$@" --management-token "$CONTENTFUL_MANAGEMENT_TOKEN"
}

backup_env() {
  mkdir -p "$BACKUPS"
  local stamp; stamp="$(date +%Y%m%d-%H%M%S)"
  log "exporting $ENV_ID"
  cf space export --space-id "$SPACE_ID" --environment-id "$ENV_ID" \
    --export-dir "$BACKUPS" --content-file "$ENV_ID-$stamp.json" \
    --skip-webhooks --skip-roles >"$BACKUPS/.export.log" 2>&1 \
    || { tail -n 20 "$BACKUPS/.export.log"; die "export failed"; }
  gzip -9 "$BACKUPS/$ENV_ID-$stamp.json"
  # keep the newest 20 exports of this environment
  ls -1t "$BACKUPS/$ENV_ID"-*.json.gz 2>/dev/null | tail -n +21 | xargs -r rm -f --
}

recreate_sandbox() {
  [[ "$ENV_ID" == sandbox-* ]] || die "--fresh only works on sandbox-* environments"
  log "recreating $ENV_ID from $FROM_ENV"
  cf space environment delete --space-id "$SPACE_ID" --environment-id "$ENV_ID" >/dev/null 2>&1 || true
  cf space environment create --space-id "$SPACE_ID" --environment-id "$ENV_ID" \
    --name "$ENV_ID" --source "$FROM_ENV" --await-processing
}

applied_migrations() {
  local url="https://api.contentful.com/spaces/$SPACE_ID/environments/$ENV_ID/entries"
  curl -fsS -G "$url" \
    -H "Authorization: Bearer $CONTENTFUL_MANAGEMENT_TOKEN" \
    --data-urlencode "content_type=migrationLog" \
    --data-urlencode "limit=1000" \
    | jq -r '.items[].fields.name["en-US"]' 2>/dev/null | sort -u
}

record_migration() {
  local name="$1"
  local url="https://api.contentful.com/spaces/$SPACE_ID/environments/$ENV_ID/entries"
  curl -fsS -X POST "$url" \
    -H "Authorization: Bearer $CONTENTFUL_MANAGEMENT_TOKEN" \
    -H "Content-Type: application/vnd.contentful.management.v1+json" \
    -H "X-Contentful-Content-Type: migrationLog" \
    -d "$(jq -n --arg n "$name" --arg at "$(date -u +%FT%TZ)" \
          '{fields: {name: {"en-US": $n}, appliedAt: {"en-US": $at}}}')" >/dev/null
}

run_migrations() {
  local -a done_list
  mapfile -t done_list < <(applied_migrations)
  local f name ran=0
  for f in "$MIGRATIONS"/[0-9][0-9][0-9]-*.js; do
    [[ -e "$f" ]] || continue
    name="$(basename "$f")"
    if printf '%s\n' "${done_list[@]}" | grep -qx "$name"; then
      continue
    fi
    log "applying $name"
    npx --no-install contentful-migration --space-id "$SPACE_ID" \
      --environment-id "$ENV_ID" --yes "$f" \
      || die "$name failed; environment left as is, backup in ${BACKUPS#$ROOT/}"
    record_migration "$name"
    ran=$((ran + 1))
  done
  log "$ran migration(s) applied to $ENV_ID"
}

lint_migrations() {
  # catch the two mistakes that have bitten us: renumbered files and
  # destructive calls that nobody reviewed
  local f name prev="" num
  for f in "$MIGRATIONS"/[0-9][0-9][0-9]-*.js; do
    [[ -e "$f" ]] || continue
    name="$(basename "$f")"
    num="${name%%-*}"
    if [[ "$num" == "$prev" ]]; then
      die "two migrations share number $num"
    fi
    prev="$num"
    if grep -qE 'deleteContentType|deleteField' "$f"; then
      if ! grep -q '@reviewed-destructive' "$f"; then
        die "$name deletes content types/fields without a @reviewed-destructive marker"
      fi
      log "$name contains reviewed destructive steps"
    fi
  done
}

content_type_summary() {
  # print content type ids + field counts after migrating, for the PR comment
  local url="https://api.contentful.com/spaces/$SPACE_ID/environments/$ENV_ID/content_types"
  curl -fsS -G "$url" -H "Authorization: Bearer $CONTENTFUL_MANAGEMENT_TOKEN" \
    --data-urlencode "limit=200" \
    | jq -r '.items[] | "\(.sys.id)\t\(.fields | length) fields"' \
    | sort | column -t -s $'\t'
}

main() {
  parse_args "$@"
  command -v jq >/dev/null || die "jq required"
  lint_migrations
  read_dotenv
  guard_target
  log "space $SPACE_ID, environment $ENV_ID"
  local pending
  pending="$(ls -1 "$MIGRATIONS"/[0-9][0-9][0-9]-*.js 2>/dev/null | wc -l | tr -d ' ')"
  if (( pending == 0 )); then
    log "no migration files in ${MIGRATIONS#$ROOT/}"
    exit 0
  fi
  log "$pending migration file(s) in the repo"
  log "token ${CONTENTFUL_MANAGEMENT_TOKEN:0:5}… (from .env)"
  if (( FRESH )); then
    recreate_sandbox
  else
    backup_env
  fi
  run_migrations
  content_type_summary
}

main "$@"
