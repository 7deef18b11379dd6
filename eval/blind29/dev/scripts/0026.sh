#!/usr/bin/env bash
# Restore a production Odoo dump into a *local, renamed* database and
# neutralize it so it can be used for debugging without sending mail,
# running crons or talking to payment providers.
#
#   scripts/restore_copy.sh dumps/prod_erp_2024-06-03.dump
#   scripts/restore_copy.sh dumps/prod_erp_2024-06-03.zip --name copy_0603 --filestore
#
# Safety rules enforced here:
#   * the target database name must start with "copy_" or "dev_"
#   * PGHOST must be local (socket, localhost or the compose "db" service)
#   * an existing target database is only dropped with --replace, and only
#     if it also matches the copy_/dev_ prefix
#   * the restored copy is always neutralized before the script exits
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONF="${ROOT}/odoo.conf"
FILESTORE_BASE="${ROOT}/.local/filestore"
WORK=""

log() { printf '[restore] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n "${WORK}" && -d "${WORK}" ]]; then
    rm -rf -- "${WORK}"
  fi
  exit "${rc}"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

usage() {
  sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

DUMP=""
NAME=""
REPLACE=0
WITH_FILESTORE=0
JOBS="$(nproc 2>/dev/null || echo 2)"

# --list: show the restored copies on the local server and their sizes, then exit
list_copies() {
  local sql
  sql="SELECT datname, pg_size_pretty(pg_database_size(datname)),
              (pg_stat_file('base/' || oid || '/PG_VERSION')).modification::date
         FROM pg_database
        WHERE datname LIKE 'copy\_%' OR datname LIKE 'dev\_%'
        ORDER BY 3 DESC"
  printf '%-40s %10s %12s\n' "database" "size" "restored"
  psql -d postgres -tA -F $'\t' -c "${sql}" 2>/dev/null | while IFS=$'\t' read -r db size day; do
    printf '%-40s %10s %12s\n' "${db}" "${size}" "${day}"
  done
  if [[ -d "${FILESTORE_BASE}" ]]; then
    echo
    echo "filestores under ${FILESTORE_BASE#"${ROOT}/"}:"
    du -sh -- "${FILESTORE_BASE}"/* 2>/dev/null | sed 's/^/  /'
  fi
}

if [[ "${1:-}" == "--list" ]]; then
  PGHOST="${PGHOST:-localhost}" list_copies
  exit 0
fi

while (($#)); do
  case "$1" in
    --name) NAME="$2"; shift 2 ;;
    --replace) REPLACE=1; shift ;;
    --filestore) WITH_FILESTORE=1; shift ;;
    --jobs) JOBS="$2"; shift 2 ;;
    -h|--help) usage 0 ;;
    -*) die "unknown option $1" ;;
    *) DUMP="$1"; shift ;;
  esac
done

[[ -n "${DUMP}" ]] || usage 1
[[ -f "${DUMP}" ]] || die "dump ${DUMP} not found"

if [[ -z "${NAME}" ]]; then
  base="$(basename "${DUMP}")"
  base="${base%%.*}"
  NAME="copy_$(date +%m%d)_${base//[^a-zA-Z0-9_]/_}"
  NAME="${NAME:0:60}"
fi

case "${NAME}" in
  copy_*|dev_*) ;;
  *) die "target name '${NAME}' must start with copy_ or dev_" ;;
esac

# load connection settings from .env without executing it
if [[ -f "${ROOT}/.env" ]]; then
  while IFS='=' read -r key value; do
    [[ "${key}" =~ ^(PGHOST|PGPORT|PGUSER|PGPASSWORD)$ ]] || continue
    value="${value%\"}"; value="${value#\"}"
    export "${key}=${value}"
  done < <(grep -E '^[A-Z_]+=' "${ROOT}/.env")
fi

PGHOST="${PGHOST:-localhost}"
case "${PGHOST}" in
  localhost|127.0.0.1|db|/var/run/postgresql|/tmp) ;;
  *) die "PGHOST=${PGHOST} is not local; restore copies only into the local server" ;;
esac
export PGHOST

command -v pg_restore >/dev/null || die "pg_restore not installed"
command -v odoo-bin >/dev/null || [[ -x "${ROOT}/odoo/odoo-bin" ]] || die "odoo-bin not found"
ODOO_BIN="$(command -v odoo-bin || echo "${ROOT}/odoo/odoo-bin")"

db_exists() {
  psql -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$1'" | grep -q 1
}

if db_exists "${NAME}"; then
  if ((REPLACE)); then
    log "dropping previous copy ${NAME}"
    dropdb --if-exists "${NAME}"
  else
    die "database ${NAME} exists; pass --replace to recreate it"
  fi
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/odoo-restore.XXXXXX")"

restore_custom_dump() {
  local file="$1"
  createdb -T template0 -E UTF8 "${NAME}"
  log "pg_restore ${file} -> ${NAME} (${JOBS} jobs)"
  pg_restore --no-owner --no-acl -j "${JOBS}" -d "${NAME}" "${file}" 2> "${WORK}/restore.log" || {
    # pg_restore exits 1 for harmless warnings (e.g. missing roles); show the tail
    tail -n 20 "${WORK}/restore.log" >&2
    grep -q 'errors ignored on restore' "${WORK}/restore.log" || die "pg_restore failed"
  }
}

restore_zip_backup() {
  # Odoo's web backup format: dump.sql + filestore/ + manifest.json
  local file="$1"
  unzip -q "${file}" -d "${WORK}/zip"
  [[ -f "${WORK}/zip/dump.sql" ]] || die "zip has no dump.sql"
  createdb -T template0 -E UTF8 "${NAME}"
  log "psql < dump.sql -> ${NAME}"
  psql -q -v ON_ERROR_STOP=1 -d "${NAME}" -f "${WORK}/zip/dump.sql" > "${WORK}/restore.log"
  if ((WITH_FILESTORE)) && [[ -d "${WORK}/zip/filestore" ]]; then
    mkdir -p "${FILESTORE_BASE}"
    rm -rf -- "${FILESTORE_BASE:?}/${NAME}"
    mv "${WORK}/zip/filestore" "${FILESTORE_BASE}/${NAME}"
    log "filestore copied to ${FILESTORE_BASE}/${NAME}"
  fi
}

case "${DUMP}" in
  *.zip) restore_zip_backup "${DUMP}" ;;
  *.dump|*.backup|*.pgdump) restore_custom_dump "${DUMP}" ;;
  *) die "unknown dump type: ${DUMP}" ;;
esac

log "neutralizing ${NAME}"
"${ODOO_BIN}" neutralize -c "${CONF}" -d "${NAME}" 2>&1 | tail -n 5 >&2

# belt and braces on top of neutralize: disable outgoing mail servers and
# scheduled actions and reset the admin password to the dev default
psql -q -v ON_ERROR_STOP=1 -d "${NAME}" <<'SQL'
UPDATE ir_mail_server SET active = false;
UPDATE fetchmail_server SET active = false WHERE EXISTS (SELECT 1 FROM information_schema.tables WHERE table_name = 'fetchmail_server');
UPDATE ir_cron SET active = false WHERE id NOT IN (SELECT res_id FROM ir_model_data WHERE module = 'base' AND name = 'autovacuum_job');
UPDATE ir_config_parameter SET value = 'http://localhost:8069' WHERE key = 'web.base.url';
UPDATE res_users SET password = 'admin' WHERE login = 'admin';
SQL

count="$(psql -tAc 'SELECT count(*) FROM res_partner' -d "${NAME}")"
size="$(psql -tAc "SELECT pg_size_pretty(pg_database_size('${NAME}'))" -d postgres)"

cat > "${ROOT}/build/last-restore.txt" <<EOF
database: ${NAME}
source:   ${DUMP}
partners: ${count}
size:     ${size}
restored: $(date -Iseconds)
EOF

log "done: ${NAME} (${size}, ${count} partners) – run:"
log "  odoo-bin -c odoo.conf -d ${NAME} --dev=xml"
