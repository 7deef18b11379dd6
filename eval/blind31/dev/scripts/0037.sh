#!/usr/bin/env bash
# graph-backup.sh — dump / restore the *local development* Neo4j that runs in
# the compose service "graph" (see docker-compose.dev.yml).
#
#   tools/graph-backup.sh dump                  # backups/graph/<db>-<stamp>.dump
#   tools/graph-backup.sh list
#   tools/graph-backup.sh restore FILE --yes    # overwrite the local dev database
#
# Neo4j Community can only dump/load an offline database, so the script stops
# the compose service, runs neo4j-admin in a one-off container that mounts the
# same data volume, and starts the service again (also on failure, via trap).
#
# Restore uses --overwrite-destination=true. That is fine here because the
# target is always the compose project's own volume; the project name is
# checked against an allow-list so this cannot be pointed at another stack.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
COMPOSE_FILE="${ROOT}/docker-compose.dev.yml"
PROJECT_NAME="${COMPOSE_PROJECT_NAME:-$(basename "${ROOT}")}"
ALLOWED_PROJECTS=("knowledge-graph" "kg-dev" "kg-ci")
SERVICE="graph"
DB="${NEO4J_DB:-neo4j}"
BACKUPS="${ROOT}/backups/graph"
KEEP="${KEEP_DUMPS:-7}"
IMAGE="$(awk '/image: neo4j/ {print $2; exit}' "${COMPOSE_FILE}")"
STOPPED=0

log() { printf '[graph-backup] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

compose() { docker compose -p "${PROJECT_NAME}" -f "${COMPOSE_FILE}" "$@"; }

restart_service() {
  if (( STOPPED )); then
    log "starting ${SERVICE} again"
    compose start "${SERVICE}" >/dev/null || log "could not restart ${SERVICE}; run: docker compose start ${SERVICE}"
    STOPPED=0
  fi
}
trap restart_service EXIT

check_project() {
  local p
  for p in "${ALLOWED_PROJECTS[@]}"; do
    [[ "${PROJECT_NAME}" == "${p}" ]] && return 0
  done
  die "compose project '${PROJECT_NAME}' is not one of: ${ALLOWED_PROJECTS[*]}"
}

data_volume() {
  local cid
  cid="$(compose ps -q "${SERVICE}")"
  [[ -n "${cid}" ]] || die "service ${SERVICE} is not created; run: docker compose -f docker-compose.dev.yml up -d"
  docker inspect -f '{{range .Mounts}}{{if eq .Destination "/data"}}{{.Name}}{{end}}{{end}}' "${cid}"
}

stop_service() {
  log "stopping ${SERVICE} (offline dump/load)"
  compose stop "${SERVICE}" >/dev/null
  STOPPED=1
}

admin() {
  # one-off container with the same data volume and the backups dir mounted
  local volume="$1"; shift
  docker run --rm \
    --user "$(id -u):$(id -g)" \
    -v "${volume}:/data" \
    -v "${BACKUPS}:/backups" \
    "${IMAGE}" neo4j-admin "$@"
}

rotate() {
  local old
  mapfile -t old < <(ls -1t "${BACKUPS}/${DB}"-*.dump 2>/dev/null | tail -n +$((KEEP + 1)))
  for f in "${old[@]}"; do
    log "rotating out $(basename "${f}")"
    rm -f -- "${f}"
  done
}

cmd_dump() {
  check_project
  mkdir -p "${BACKUPS}"
  local volume stamp tmpname
  volume="$(data_volume)"
  stamp="$(date +%Y%m%dT%H%M%S)"
  tmpname=".${DB}-${stamp}.partial"
  stop_service
  mkdir -p "${BACKUPS}/${tmpname}"
  admin "${volume}" database dump "${DB}" --to-path="/backups/${tmpname}" --overwrite-destination=true
  mv "${BACKUPS}/${tmpname}/${DB}.dump" "${BACKUPS}/${DB}-${stamp}.dump"
  rmdir "${BACKUPS}/${tmpname}"
  restart_service
  sha256sum "${BACKUPS}/${DB}-${stamp}.dump" | sed "s|${BACKUPS}/||" >> "${BACKUPS}/SHA256SUMS"
  rotate
  log "wrote backups/graph/${DB}-${stamp}.dump ($(du -h "${BACKUPS}/${DB}-${stamp}.dump" | cut -f1))"
}

cmd_list() {
  [[ -d "${BACKUPS}" ]] || { log "no backups yet"; return 0; }
  ls -1t "${BACKUPS}"/*.dump 2>/dev/null | while read -r f; do
    printf '%-40s %8s  %s\n' "$(basename "${f}")" "$(du -h "${f}" | cut -f1)" "$(date -r "${f}" +%F\ %T)"
  done
}

cmd_restore() {
  local file="${1:-}" confirm="${2:-}"
  [[ -n "${file}" ]] || die "usage: graph-backup.sh restore FILE --yes"
  [[ -f "${file}" ]] || die "no such dump: ${file}"
  case "$(cd "$(dirname "${file}")" && pwd)" in
    "${BACKUPS}") ;;
    *) die "restore only from backups/graph/ (got ${file})" ;;
  esac
  check_project
  if [[ "${confirm}" != "--yes" ]]; then
    log "this replaces database '${DB}' in the local compose project '${PROJECT_NAME}'"
    die "re-run with --yes to continue"
  fi
  if ! grep -q " $(basename "${file}")\$" "${BACKUPS}/SHA256SUMS" 2>/dev/null; then
    log "warning: $(basename "${file}") not listed in SHA256SUMS"
  elif ! (cd "${BACKUPS}" && grep " $(basename "${file}")\$" SHA256SUMS | sha256sum -c --quiet -); then
    die "checksum mismatch for $(basename "${file}")"
  fi
  local volume staging
  volume="$(data_volume)"
  staging="${BACKUPS}/.restore"
  rm -rf -- "${staging}"
  mkdir -p "${staging}"
  cp "${file}" "${staging}/${DB}.dump"
  stop_service
  admin "${volume}" database load "${DB}" --from-path=/backups/.restore --overwrite-destination=true
  rm -rf -- "${staging}"
  restart_service
  log "restored ${DB} from $(basename "${file}")"
}

cmd_verify() {
  # re-hash every dump listed in SHA256SUMS and report missing or unlisted files
  [[ -f "${BACKUPS}/SHA256SUMS" ]] || { log "no SHA256SUMS in backups/graph"; return 0; }
  local listed missing=0 unlisted=0 f
  (cd "${BACKUPS}" && sha256sum --check --ignore-missing SHA256SUMS) || die "checksum verification failed"
  while read -r _ listed; do
    if [[ ! -f "${BACKUPS}/${listed}" ]]; then
      log "listed but rotated out: ${listed}"
      missing=$(( missing + 1 ))
    fi
  done < "${BACKUPS}/SHA256SUMS"
  for f in "${BACKUPS}"/*.dump; do
    [[ -e "${f}" ]] || continue
    if ! grep -q " $(basename "${f}")\$" "${BACKUPS}/SHA256SUMS"; then
      log "not in SHA256SUMS: $(basename "${f}")"
      unlisted=$(( unlisted + 1 ))
    fi
  done
  # keep SHA256SUMS in step with what is on disk
  if (( missing > 0 )); then
    local tmp="${BACKUPS}/.SHA256SUMS.tmp"
    while read -r sum listed; do
      [[ -f "${BACKUPS}/${listed}" ]] && printf '%s  %s\n' "${sum}" "${listed}"
    done < "${BACKUPS}/SHA256SUMS" > "${tmp}"
    mv -f "${tmp}" "${BACKUPS}/SHA256SUMS"
  fi
  log "verify: ${missing} stale entries dropped, ${unlisted} unlisted dumps"
}

main() {
  command -v docker >/dev/null || die "docker required"
  [[ -f "${COMPOSE_FILE}" ]] || die "missing ${COMPOSE_FILE}"
  [[ -n "${IMAGE}" ]] || die "could not find the neo4j image in ${COMPOSE_FILE}"
  case "${1:-}" in
    dump) cmd_dump ;;
    list) cmd_list ;;
    verify) cmd_verify ;;
    restore) shift; cmd_restore "$@" ;;
    *) sed -n '2,8p' "$0"; exit 2 ;;
  esac
}

main "$@"
