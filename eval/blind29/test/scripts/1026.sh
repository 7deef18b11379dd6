#!/usr/bin/env bash
# dolibarr-dev-restore: load a Dolibarr SQL dump into the *local* docker
# stack (compose project "doli-dev") and make it safe to click around in.
#
# usage:
#   tools/dolibarr-dev-restore.sh dumps/dolibarr-2024-05-31.sql.gz
#   tools/dolibarr-dev-restore.sh dumps/latest.sql.gz --documents dumps/documents.tar.gz
#   tools/dolibarr-dev-restore.sh --status
#
# What it does
#   - starts the db + web services of docker/compose.dolibarr.yml if needed
#   - drops and recreates the database *inside the dev container* (the DB
#     name must end in _dev; the container must belong to project doli-dev)
#   - imports the dump, then anonymises it: customer e-mails, phone numbers
#     and IBANs are replaced, SMTP is switched to the local mail catcher,
#     scheduled jobs are disabled
#   - optionally unpacks a documents archive into docker/volumes/documents
set -o errexit -o nounset -o pipefail

readonly HERE="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
readonly REPO="$(cd -- "${HERE}/.." && pwd)"
readonly COMPOSE_FILE="${REPO}/docker/compose.dolibarr.yml"
readonly PROJECT_NAME="doli-dev"
readonly DOCS_VOLUME="${REPO}/docker/volumes/documents"

DB_NAME="dolibarr_dev"
DUMP=""
DOCS_ARCHIVE=""
STATUS_ONLY=false
SCRATCH=""

say()  { printf '\e[36m==>\e[0m %s\n' "$*"; }
warn() { printf '\e[33mwarning:\e[0m %s\n' "$*" >&2; }
fail() { printf '\e[31merror:\e[0m %s\n' "$*" >&2; exit 1; }

compose() { docker compose -p "${PROJECT_NAME}" -f "${COMPOSE_FILE}" "$@"; }

on_exit() {
  local status=$?
  [[ -n "${SCRATCH}" && -d "${SCRATCH}" ]] && rm -rf -- "${SCRATCH}"
  if (( status != 0 )); then
    warn "restore did not finish (exit ${status}); the dev database may be half imported"
  fi
}
trap on_exit EXIT

parse_args() {
  while (( $# > 0 )); do
    case "$1" in
      --documents) DOCS_ARCHIVE="${2:?--documents needs a file}"; shift 2 ;;
      --db) DB_NAME="${2:?}"; shift 2 ;;
      --status) STATUS_ONLY=true; shift ;;
      -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}"; exit 0 ;;
      -*) fail "unknown option: $1" ;;
      *) DUMP="$1"; shift ;;
    esac
  done
  [[ "${DB_NAME}" == *_dev ]] || fail "database name must end in _dev (got ${DB_NAME})"
}

db_password() {
  local value=""
  if [[ -f "${REPO}/.env" ]]; then
    value="$(sed -n 's/^DOLI_DB_ROOT_PASSWORD=//p' "${REPO}/.env" | tr -d '"' | head -n 1)"
  fi
  printf '%s' "${value:-devroot}"
}

mariadb_exec() {
  compose exec -T -e MYSQL_PWD="$(db_password)" db mariadb -uroot "$@"
}

ensure_stack() {
  command -v docker >/dev/null || fail "docker is required"
  [[ -f "${COMPOSE_FILE}" ]] || fail "missing ${COMPOSE_FILE#"${REPO}/"}"
  if ! compose ps --status running --services | grep -qx db; then
    say "starting db and web services"
    compose up -d db web
  fi
  local tries=0
  until mariadb_exec -e 'SELECT 1' >/dev/null 2>&1; do
    (( ++tries > 40 )) && fail "database container did not become ready"
    sleep 1
  done
  # make sure we talk to the container of *this* compose project
  local label
  label="$(docker inspect -f '{{ index .Config.Labels "com.docker.compose.project" }}' \
           "$(compose ps -q db)")"
  [[ "${label}" == "${PROJECT_NAME}" ]] || fail "db container belongs to project '${label}', not ${PROJECT_NAME}"
}

show_status() {
  ensure_stack
  say "databases in the dev container:"
  mariadb_exec -N -e "SELECT table_schema, ROUND(SUM(data_length+index_length)/1048576,1) AS mb
                      FROM information_schema.tables GROUP BY table_schema ORDER BY 1" | sed 's/^/    /'
  if mariadb_exec -N -e "SHOW DATABASES LIKE '${DB_NAME}'" | grep -q .; then
    local invoices thirdparties
    invoices="$(mariadb_exec -N "${DB_NAME}" -e 'SELECT COUNT(*) FROM llx_facture' 2>/dev/null || echo '?')"
    thirdparties="$(mariadb_exec -N "${DB_NAME}" -e 'SELECT COUNT(*) FROM llx_societe' 2>/dev/null || echo '?')"
    say "${DB_NAME}: ${invoices} invoices, ${thirdparties} third parties"
  fi
  [[ -d "${DOCS_VOLUME}" ]] && say "documents volume: $(du -sh -- "${DOCS_VOLUME}" | cut -f1)"
}

import_dump() {
  [[ -f "${DUMP}" ]] || fail "dump ${DUMP} not found"
  say "recreating ${DB_NAME} inside the dev container"
  mariadb_exec -e "DROP DATABASE IF EXISTS \`${DB_NAME}\`; CREATE DATABASE \`${DB_NAME}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;"
  say "importing ${DUMP##*/}"
  local start=${SECONDS}
  case "${DUMP}" in
    *.sql.gz) gzip -dc -- "${DUMP}" | mariadb_exec "${DB_NAME}" ;;
    *.sql.zst) zstd -dc -- "${DUMP}" | mariadb_exec "${DB_NAME}" ;;
    *.sql) mariadb_exec "${DB_NAME}" < "${DUMP}" ;;
    *) fail "unsupported dump format: ${DUMP}" ;;
  esac
  say "import took $(( SECONDS - start ))s"
}

anonymise() {
  say "anonymising customer data"
  mariadb_exec "${DB_NAME}" <<'SQL'
UPDATE llx_societe
   SET email = CONCAT('customer', rowid, '@example.invalid'),
       phone = NULL, fax = NULL, url = NULL;
UPDATE llx_socpeople
   SET email = CONCAT('contact', rowid, '@example.invalid'),
       phone = NULL, phone_perso = NULL, phone_mobile = NULL;
UPDATE llx_societe_rib SET iban_prefix = 'XX00TEST0000000000', bic = 'TESTXXXX';
UPDATE llx_user SET email = CONCAT(login, '@example.invalid') WHERE admin = 0;
UPDATE llx_const SET value = 'smtp' WHERE name = 'MAIN_MAIL_SENDMODE';
UPDATE llx_const SET value = 'mailcatcher' WHERE name = 'MAIN_MAIL_SMTP_SERVER';
UPDATE llx_const SET value = '1025' WHERE name = 'MAIN_MAIL_SMTP_PORT';
UPDATE llx_cronjob SET status = 0;
SQL
  local admin_hash
  admin_hash="$(compose exec -T web php -r 'echo password_hash("admin", PASSWORD_DEFAULT);')"
  mariadb_exec "${DB_NAME}" -e "UPDATE llx_user SET pass_crypted='${admin_hash}' WHERE login='admin';"
}

restore_documents() {
  [[ -n "${DOCS_ARCHIVE}" ]] || return 0
  [[ -f "${DOCS_ARCHIVE}" ]] || fail "documents archive ${DOCS_ARCHIVE} not found"
  SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/doli-docs.XXXXXX")"
  say "unpacking documents"
  tar -xzf "${DOCS_ARCHIVE}" -C "${SCRATCH}"
  local src="${SCRATCH}"
  [[ -d "${SCRATCH}/documents" ]] && src="${SCRATCH}/documents"
  mkdir -p -- "${DOCS_VOLUME}"
  # the volume is ours (bind mount inside the repo); replace its content
  find "${DOCS_VOLUME}" -mindepth 1 -maxdepth 1 -exec rm -rf -- {} +
  cp -a -- "${src}/." "${DOCS_VOLUME}/"
  compose exec -T web chown -R www-data:www-data /var/www/documents
  say "documents: $(find "${DOCS_VOLUME}" -type f | wc -l) files"
}

check_dump_origin() {
  # dumps are named <db>-<date>.sql.*; warn when it does not look like ours
  local base="${DUMP##*/}"
  if [[ ! "${base}" =~ ^dolibarr-[0-9]{4}-[0-9]{2}-[0-9]{2}\.sql ]]; then
    warn "unexpected dump name ${base}; continuing anyway"
  fi
}

print_summary() {
  local url
  url="http://localhost:$(compose port web 80 | cut -d: -f2)"
  say "done – ${DB_NAME} restored and anonymised"
  say "open ${url} (admin / admin); mails go to the mail catcher on http://localhost:1080"
}

main() {
  parse_args "$@"
  if [[ "${STATUS_ONLY}" == true ]]; then
    show_status
    return
  fi
  [[ -n "${DUMP}" ]] || fail "no dump given (see --help)"
  check_dump_origin
  ensure_stack
  import_dump
  anonymise
  restore_documents
  print_summary
}

main "$@"
