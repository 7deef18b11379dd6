#!/usr/bin/env bash
# refresh-dev.sh - bring the local Magento 2 checkout up to date after a pull.
#
# Steps (each can be skipped with --skip-<name>):
#   composer   composer install from the lock file
#   db         import the anonymised dev dump if --db <file> is given (local DB only)
#   upgrade    bin/magento setup:upgrade --keep-generated
#   compile    bin/magento setup:di:compile
#   static     bin/magento setup:static-content:deploy -f en_US
#   perms      fix ownership of var/ generated/ pub/static with sudo (project dirs only)
#   cache      bin/magento cache:flush
set -Eeuo pipefail

PROJECT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$PROJECT"

MAGENTO="php -d memory_limit=2G bin/magento"
WEB_USER="${WEB_USER:-www-data}"
DB_HOST="${DB_HOST:-127.0.0.1}"
DB_NAME="${DB_NAME:-magento_dev}"
DUMP=""
declare -A SKIP=()
STARTED=$SECONDS

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

on_error() {
  local line=$1 cmd=$2
  printf 'failed at line %s: %s\n' "$line" "$cmd" >&2
}
trap 'on_error $LINENO "$BASH_COMMAND"' ERR

parse_args() {
  while (( $# )); do
    case "$1" in
      --db) DUMP="${2:?--db needs a file}"; shift ;;
      --skip-*) SKIP["${1#--skip-}"]=1 ;;
      --help|-h) sed -n '2,12p' "$0"; exit 0 ;;
      *) die "unknown argument: $1" ;;
    esac
    shift
  done
}

enabled() { [[ -z "${SKIP[$1]:-}" ]]; }

read_env_php() {
  # pull DB credentials out of app/etc/env.php so we do not duplicate them
  php -r '$c = include "app/etc/env.php"; $d = $c["db"]["connection"]["default"];
          echo $d["host"], "\n", $d["dbname"], "\n", $d["username"], "\n", $d["password"], "\n";'
}

check_local_db() {
  case "$DB_HOST" in
    127.0.0.1|localhost|db|mysql|*.internal) ;;
    *) die "DB_HOST=$DB_HOST does not look local; refusing to import into it" ;;
  esac
}

step_composer() {
  log "composer install"
  composer install --no-interaction --prefer-dist --no-progress
}

step_db() {
  [[ -n "$DUMP" ]] || return 0
  [[ -f "$DUMP" ]] || die "dump $DUMP not found"
  check_local_db
  local creds host name user pass
  mapfile -t creds < <(read_env_php)
  host="${creds[0]}"; name="${creds[1]}"; user="${creds[2]}"; pass="${creds[3]}"
  [[ "$name" == "$DB_NAME" ]] || die "env.php database is $name, expected $DB_NAME"
  log "importing $(basename "$DUMP") into $name@$host"
  export MYSQL_PWD="$pass"
  case "$DUMP" in
    *.gz) gunzip -c "$DUMP" | mysql -h "$host" -u "$user" "$name" ;;
    *.sql) mysql -h "$host" -u "$user" "$name" < "$DUMP" ;;
    *) die "unsupported dump format: $DUMP" ;;
  esac
  unset MYSQL_PWD
  $MAGENTO config:set web/unsecure/base_url "http://magento.localhost/" >/dev/null
  $MAGENTO config:set web/secure/base_url "https://magento.localhost/" >/dev/null
}

step_upgrade() {
  log "setup:upgrade"
  $MAGENTO setup:upgrade --keep-generated
}

step_compile() {
  log "setup:di:compile"
  rm -rf generated/code/* generated/metadata/*
  $MAGENTO setup:di:compile 2>&1 | tail -n 5
}

step_static() {
  log "static content deploy"
  rm -rf pub/static/frontend/* pub/static/adminhtml/* var/view_preprocessed/*
  $MAGENTO setup:static-content:deploy -f en_US --jobs "$(nproc)" 2>&1 | tail -n 3
}

step_perms() {
  log "fixing ownership of writable dirs (sudo)"
  local dir
  for dir in var generated pub/static pub/media app/etc; do
    [[ -d "$PROJECT/$dir" ]] || continue
    case "$(realpath "$PROJECT/$dir")" in
      "$PROJECT"/*) ;;
      *) die "$dir resolves outside the project" ;;
    esac
    sudo chown -R "$(id -un):$WEB_USER" "$PROJECT/$dir"
    sudo find "$PROJECT/$dir" -type d -exec chmod 2775 {} +
    sudo find "$PROJECT/$dir" -type f -exec chmod 0664 {} +
  done
  chmod u+x bin/magento
}

step_cache() {
  log "cache:flush"
  $MAGENTO cache:flush
  $MAGENTO indexer:reindex 2>&1 | grep -v 'Index has been' || true
}

check_services() {
  # the dev stack needs search + cache; report instead of starting anything
  local svc host port
  for svc in "opensearch:9200" "redis:6379" "rabbitmq:5672"; do
    host="${svc%%:*}"
    port="${svc##*:}"
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      log "$host reachable on localhost:$port"
    else
      printf '   %s not reachable on localhost:%s (docker compose up -d %s?)\n' \
        "$host" "$port" "$host" >&2
    fi
  done
}

module_report() {
  # modules enabled in config.php but missing on disk break setup:upgrade
  local missing=0 mod
  while IFS= read -r mod; do
    [[ -z "$mod" ]] && continue
    local vendor="${mod%%_*}" name="${mod#*_}"
    if [[ ! -d "app/code/$vendor/$name" && ! -d "vendor/$(tr '[:upper:]' '[:lower:]' <<<"$vendor")" ]]; then
      printf '   enabled module without code: %s\n' "$mod" >&2
      missing=$((missing + 1))
    fi
  done < <(php -r '$c = include "app/etc/config.php";
                   foreach ($c["modules"] as $m => $on) { if ($on) echo $m, "\n"; }')
  (( missing == 0 )) || log "$missing module(s) enabled without code"
}

summary() {
  local elapsed=$(( SECONDS - STARTED ))
  log "done in $((elapsed / 60))m$((elapsed % 60))s"
  $MAGENTO deploy:mode:show || true
}

main() {
  parse_args "$@"
  [[ -f bin/magento ]] || die "run from a Magento checkout"
  [[ -f app/etc/env.php ]] || die "app/etc/env.php missing (run setup:install first)"
  command -v php >/dev/null || die "php not found"
  check_services
  module_report

  local step
  for step in composer db upgrade compile static perms cache; do
    if enabled "$step"; then
      "step_$step"
    else
      log "skipping $step"
    fi
  done
  summary
}

main "$@"
