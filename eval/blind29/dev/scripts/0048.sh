#!/usr/bin/env bash
# Bootstrap the local CKAN development portal used by the open-data team.
#
#   scripts/ckan_dev.sh up          # start containers, init DB, create sysadmin
#   scripts/ckan_dev.sh seed        # load sample datasets from seed/*.json
#   scripts/ckan_dev.sh reset       # drop the *dev* database volume and start over
#   scripts/ckan_dev.sh token       # create an API token for the dev sysadmin
#
# Everything runs against the compose project "ckan-dev" defined in
# ckan/docker-compose.dev.yml and the portal at http://localhost:5000.
# `reset` removes only the named volumes of that compose project, after
# asking (or with --yes).
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE=(docker compose -p ckan-dev -f "${PROJECT}/ckan/docker-compose.dev.yml")
PORTAL="http://localhost:5000"
INI_IN_CONTAINER="/srv/app/ckan.ini"
SYSADMIN="${CKAN_DEV_SYSADMIN:-devadmin}"
SEED_DIR="${PROJECT}/seed"
TOKEN_FILE="${PROJECT}/.ckan-dev-token"
ASSUME_YES=0

log() { printf '[ckan-dev] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

for a in "$@"; do [[ "${a}" == "--yes" ]] && ASSUME_YES=1; done

ckan() {
  "${COMPOSE[@]}" exec -T ckan ckan -c "${INI_IN_CONTAINER}" "$@"
}

wait_for_portal() {
  local i
  for i in $(seq 1 60); do
    if curl -fsS "${PORTAL}/api/3/action/status_show" >/dev/null 2>&1; then
      log "portal is up after ${i}s"
      return 0
    fi
    sleep 1
  done
  die "portal did not come up on ${PORTAL}"
}

confirm() {
  ((ASSUME_YES)) && return 0
  local answer
  read -r -p "$1 [y/N] " answer
  [[ "${answer}" =~ ^[Yy]$ ]]
}

cmd_up() {
  "${COMPOSE[@]}" up -d --wait db solr redis ckan
  ckan db init 2>&1 | tail -n 2
  ckan db upgrade 2>&1 | tail -n 2
  if ! ckan user show "${SYSADMIN}" >/dev/null 2>&1; then
    local pw
    pw="$(awk -F= '/^CKAN_DEV_SYSADMIN_PASSWORD=/{print $2}' "${PROJECT}/.env" 2>/dev/null)"
    [[ -n "${pw}" ]] || pw="dev-password-$(date +%s)"
    ckan user add "${SYSADMIN}" email="${SYSADMIN}@ckan.localhost" password="${pw}" >/dev/null
    ckan sysadmin add "${SYSADMIN}" >/dev/null
    log "created sysadmin ${SYSADMIN}"
  fi
  ckan search-index rebuild -r 2>&1 | tail -n 1
  wait_for_portal
}

cmd_token() {
  local token
  token="$(ckan user token add "${SYSADMIN}" dev-$(date +%Y%m%d) | tail -n 1 | tr -d '[:space:]')"
  [[ -n "${token}" ]] || die "could not create token"
  umask 077
  printf '%s\n' "${token}" > "${TOKEN_FILE}"
  log "token stored in ${TOKEN_FILE#"${PROJECT}/"} (git-ignored); starts with ${token:0:6}…"
}

api() {
  # api ACTION JSON -> POST to the local portal with the dev token
  local action="$1" body="$2" token
  token="$(cat "${TOKEN_FILE}" 2>/dev/null)" || die "no token; run: $0 token"
  curl -fsS -X POST "${PORTAL}/api/3/action/${action}" \
    -H "Authorization: ${token}" -H 'Content-Type: application/json' \
    --data-binary "${body}"
}

cmd_seed() {
  shopt -s nullglob
  local f name org created=0 updated=0
  for f in "${SEED_DIR}"/organizations/*.json; do
    name="$(jq -r .name "${f}")"
    if api organization_show "{\"id\": \"${name}\"}" >/dev/null 2>&1; then
      continue
    fi
    api organization_create "$(cat "${f}")" >/dev/null && log "organization ${name}"
  done
  for f in "${SEED_DIR}"/datasets/*.json; do
    name="$(jq -r .name "${f}")"
    org="$(jq -r .owner_org "${f}")"
    if api package_show "{\"id\": \"${name}\"}" >/dev/null 2>&1; then
      api package_patch "$(jq --arg id "${name}" '. + {id: $id}' "${f}")" >/dev/null
      updated=$((updated + 1))
    else
      api package_create "$(cat "${f}")" >/dev/null
      created=$((created + 1))
    fi
    log "dataset ${name} (${org})"
  done
  log "seeded: ${created} created, ${updated} updated"
  # datastore: push the small CSVs so the preview works
  for f in "${SEED_DIR}"/datastore/*.csv; do
    name="$(basename "${f}" .csv)"
    rid="$(api package_show "{\"id\": \"${name}\"}" | jq -r '.result.resources[0].id // empty')"
    [[ -n "${rid}" ]] || continue
    ckan datapusher submit "${name}" -y >/dev/null 2>&1 || log "datapusher not available for ${name}"
  done
}

cmd_reset() {
  local volumes
  volumes="$(docker volume ls -q --filter label=com.docker.compose.project=ckan-dev)"
  [[ -n "${volumes}" ]] || { log "no ckan-dev volumes"; return 0; }
  log "volumes of the ckan-dev project:"
  printf '  %s\n' ${volumes} >&2
  confirm "Remove these volumes (all dev portal data)?" || { log "aborted"; return 1; }
  "${COMPOSE[@]}" down --volumes --remove-orphans
  rm -f -- "${TOKEN_FILE}"
  log "dev portal reset; run '$0 up' to start again"
}

cmd_status() {
  "${COMPOSE[@]}" ps
  curl -fsS "${PORTAL}/api/3/action/status_show" | jq '.result | {ckan_version, extensions}' 2>/dev/null \
    || log "portal not reachable"
  local n
  n="$(curl -fsS "${PORTAL}/api/3/action/package_search?rows=0" | jq '.result.count' 2>/dev/null || echo '?')"
  log "${n} dataset(s) in the dev portal"
}

cmd_logs() {
  "${COMPOSE[@]}" logs --tail="${1:-100}" ckan
}

cmd_check_seed() {
  # validate seed files before loading them: JSON syntax, required keys,
  # resource URLs pointing at the local portal or relative uploads only
  shopt -s nullglob
  local f problems=0 url
  for f in "${SEED_DIR}"/datasets/*.json "${SEED_DIR}"/organizations/*.json; do
    if ! jq empty "${f}" 2>/dev/null; then
      log "invalid JSON: ${f#"${PROJECT}/"}"
      problems=$((problems + 1))
      continue
    fi
    if [[ "${f}" == */datasets/* ]]; then
      for key in name title owner_org; do
        jq -e --arg k "${key}" 'has($k)' "${f}" >/dev/null || {
          log "${f##*/}: missing ${key}"
          problems=$((problems + 1))
        }
      done
      while IFS= read -r url; do
        case "${url}" in
          ""|/*|"${PORTAL}"/*) ;;
          *) log "${f##*/}: external resource URL ${url}"; problems=$((problems + 1)) ;;
        esac
      done < <(jq -r '.resources[]?.url // empty' "${f}")
    fi
  done
  for f in "${SEED_DIR}"/datastore/*.csv; do
    frictionless validate --json "${f}" | jq -e '.valid' >/dev/null \
      || { log "${f##*/}: frictionless validation failed"; problems=$((problems + 1)); }
  done
  log "seed check: ${problems} problem(s)"
  ((problems == 0))
}

case "${1:-}" in
  up) cmd_up ;;
  seed) cmd_check_seed && cmd_seed ;;
  check-seed) cmd_check_seed ;;
  token) cmd_token ;;
  reset) cmd_reset ;;
  status) cmd_status ;;
  logs) cmd_logs "${2:-100}" ;;
  *) sed -n '2,13p' "$0"; exit 1 ;;
esac
