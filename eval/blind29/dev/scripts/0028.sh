#!/usr/bin/env bash
# Nightly backup helper for the *local* Frappe/ERPNext bench used by the
# custom_hr developers.
#
#  * takes `bench --site SITE backup --with-files` for each site listed in
#    config/sites.txt (only *.localhost sites are accepted)
#  * verifies each gzip archive, writes a SHA-256 list
#  * copies the set into backups/<site>/<date>/ inside this repository's
#    ignored backups/ folder and keeps the last $KEEP_DAYS days there
#  * with --restore-test, restores the newest database dump into a scratch
#    site "restore-test.localhost" and runs `bench migrate` on it
#
# Usage: scripts/bench_backup.sh [--restore-test] [--keep-days N]
set -Eeuo pipefail
shopt -s nullglob

PROJECT="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
BENCH="${BENCH_DIR:-${PROJECT}/frappe-bench}"
SITES_FILE="${PROJECT}/config/sites.txt"
DEST_ROOT="${PROJECT}/backups"
KEEP_DAYS=14
RESTORE_TEST=0
SCRATCH_SITE="restore-test.localhost"
STAMP="$(date +%Y-%m-%d)"
LOCK="${PROJECT}/.bench-backup.lock"

log()  { printf '%s [backup] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
warn() { log "warning: $*"; }
die()  { log "error: $*"; exit 1; }

on_error() {
  local line="$1" cmd="$2"
  log "failed at line ${line}: ${cmd}"
}
trap 'on_error "${LINENO}" "${BASH_COMMAND}"' ERR

release_lock() { rm -f -- "${LOCK}"; }

while (($#)); do
  case "$1" in
    --restore-test) RESTORE_TEST=1 ;;
    --keep-days) KEEP_DAYS="$2"; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

[[ "${KEEP_DAYS}" =~ ^[0-9]+$ ]] || die "--keep-days needs a number"
[[ -d "${BENCH}" ]] || die "bench not found at ${BENCH}"
[[ -f "${SITES_FILE}" ]] || die "missing ${SITES_FILE}"

if ! ( set -o noclobber; echo "$$" > "${LOCK}" ) 2>/dev/null; then
  die "another backup is running (pid $(cat "${LOCK}"))"
fi
trap release_lock EXIT

read_sites() {
  local line
  while IFS= read -r line || [[ -n "${line}" ]]; do
    line="${line%%#*}"
    line="${line//[[:space:]]/}"
    [[ -z "${line}" ]] && continue
    if [[ "${line}" != *.localhost ]]; then
      warn "ignoring ${line}: only *.localhost sites are backed up by this script"
      continue
    fi
    printf '%s\n' "${line}"
  done < "${SITES_FILE}"
}

backup_site() {
  local site="$1" before after
  before="$(date +%s)"
  ( cd "${BENCH}" && bench --site "${site}" backup --with-files --compress ) >/dev/null
  after="$(date +%s)"
  log "${site}: bench backup took $((after - before))s"
}

newest_set() {
  local site="$1" dir db
  dir="${BENCH}/sites/${site}/private/backups"
  db="$(ls -1t "${dir}"/*-database.sql.gz 2>/dev/null | head -n 1 || true)"
  [[ -n "${db}" ]] || return 1
  local prefix="${db%-database.sql.gz}"
  printf '%s\n' "${db}"
  for extra in "${prefix}"-files.tgz "${prefix}"-private-files.tgz "${prefix}"-site_config_backup.json; do
    [[ -f "${extra}" ]] && printf '%s\n' "${extra}"
  done
}

verify_archives() {
  local f ok=0
  for f in "$@"; do
    case "${f}" in
      *.gz|*.tgz)
        if gzip -t -- "${f}" 2>/dev/null; then ok=$((ok + 1)); else warn "corrupt archive ${f}"; return 1; fi
        ;;
    esac
  done
  log "verified ${ok} archive(s)"
}

copy_set() {
  local site="$1"; shift
  local dest="${DEST_ROOT}/${site}/${STAMP}"
  mkdir -p -- "${dest}"
  cp -p -- "$@" "${dest}/"
  # the site config contains the DB password; keep it readable only by us
  chmod 600 "${dest}"/*site_config_backup.json 2>/dev/null || true
  ( cd "${dest}" && sha256sum -- * > SHA256SUMS )
  log "${site}: copied $# file(s) to ${dest#"${PROJECT}/"}"
}

prune_old() {
  local site="$1" dir
  for dir in "${DEST_ROOT}/${site}"/*/; do
    dir="${dir%/}"
    local name="${dir##*/}"
    [[ "${name}" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || continue
    local age_days=$(( ( $(date +%s) - $(date -d "${name}" +%s) ) / 86400 ))
    if (( age_days > KEEP_DAYS )); then
      case "${dir}" in
        "${DEST_ROOT}"/*) rm -rf -- "${dir}"; log "${site}: pruned ${name} (${age_days} days)" ;;
        *) warn "not pruning ${dir}: outside ${DEST_ROOT}" ;;
      esac
    fi
  done
}

restore_test() {
  local db_dump="$1"
  log "restore test into ${SCRATCH_SITE}"
  (
    cd "${BENCH}"
    if [[ -d "sites/${SCRATCH_SITE}" ]]; then
      bench drop-site "${SCRATCH_SITE}" --force --no-backup --db-root-password "${MARIADB_ROOT_PASSWORD:?set in .env}" >/dev/null
    fi
    bench new-site "${SCRATCH_SITE}" --admin-password admin \
      --db-root-password "${MARIADB_ROOT_PASSWORD}" --no-mariadb-socket >/dev/null
    bench --site "${SCRATCH_SITE}" restore "${db_dump}" \
      --db-root-password "${MARIADB_ROOT_PASSWORD}" >/dev/null
    bench --site "${SCRATCH_SITE}" migrate 2>&1 | tail -n 3
  )
}

load_env() {
  local env_file="${PROJECT}/.env" key value
  [[ -f "${env_file}" ]] || return 0
  while IFS='=' read -r key value; do
    [[ "${key}" == MARIADB_ROOT_PASSWORD ]] || continue
    export MARIADB_ROOT_PASSWORD="${value//\"/}"
  done < "${env_file}"
}

main() {
  load_env
  mkdir -p -- "${DEST_ROOT}"
  local site files=() failures=0 newest_db=""
  while IFS= read -r site; do
    if ! backup_site "${site}"; then
      warn "${site}: bench backup failed"
      failures=$((failures + 1))
      continue
    fi
    mapfile -t files < <(newest_set "${site}")
    if ((${#files[@]} == 0)); then
      warn "${site}: no backup files found"
      failures=$((failures + 1))
      continue
    fi
    verify_archives "${files[@]}" || { failures=$((failures + 1)); continue; }
    copy_set "${site}" "${files[@]}"
    prune_old "${site}"
    newest_db="${files[0]}"
  done < <(read_sites)

  if ((RESTORE_TEST)) && [[ -n "${newest_db}" ]]; then
    restore_test "${newest_db}" || failures=$((failures + 1))
  fi

  du -sh -- "${DEST_ROOT}" 2>/dev/null | awk '{print "backups total: " $1}' >&2
  ((failures == 0)) || die "${failures} site(s) failed"
  log "all sites backed up"
}

main
