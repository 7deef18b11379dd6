#!/usr/bin/env bash
# music-stack.sh — bring the Navidrome test stack up, seed it, run the client
# integration tests against it, and tear it down again.
#
#   tools/music-stack.sh up        # start + seed, leave running
#   tools/music-stack.sh test      # up, run tests, down
#   tools/music-stack.sh down      # stop and delete the stack's volumes
#
# The stack is docker-compose.music.yml with the compose project name
# "musicstack-<user>" so parallel developers on the shared box do not collide.
# `down` runs `docker compose down -v` for that project only: it removes the
# containers and the named volumes *of this compose project* (the test
# library index and the seeded playlists), never other volumes.
#
# Seeding uses the Subsonic API on localhost with the admin account that the
# container creates on first start (ND_DEVAUTOCREATEADMINPASSWORD in the
# compose file, a throwaway value for this test stack).
#
# Other commands: status, logs [n], reseed (recreates only the seeded playlists).
# MUSICSTACK_PORT overrides the published port (default 4533, bound to 127.0.0.1).

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE_FILE="${ROOT}/docker-compose.music.yml"
PROJECT="musicstack-$(id -un)"
PORT="${MUSICSTACK_PORT:-4533}"
BASE="http://127.0.0.1:${PORT}"
ADMIN_USER="admin"
ADMIN_PASS_FILE="${ROOT}/test/music/admin-password.txt"
PLAYLISTS="${ROOT}/test/music/playlists.tsv"

say() { printf '\e[32m[music-stack]\e[0m %s\n' "$*"; }
die() { printf '\e[31m[music-stack]\e[0m %s\n' "$*" >&2; exit 1; }

compose() {
  docker compose -p "${PROJECT}" -f "${COMPOSE_FILE}" "$@"
}

admin_pass() {
  [[ -f "${ADMIN_PASS_FILE}" ]] || die "missing ${ADMIN_PASS_FILE#"${ROOT}/"}"
  tr -d '\n' < "${ADMIN_PASS_FILE}"
}

subsonic() {
  # subsonic METHOD [k=v ...] -> JSON, token auth as the Subsonic spec describes
  local method="$1"; shift
  local salt token query
  salt="$(head -c 6 /dev/urandom | od -An -tx1 | tr -d ' \n')"
  token="$(printf '%s%s' "$(admin_pass)" "${salt}" | md5sum | cut -d' ' -f1)"
  query="u=${ADMIN_USER}&t=${token}&s=${salt}&v=1.16.1&c=music-stack&f=json"
  local kv
  for kv in "$@"; do
    query+="&$(printf '%s' "${kv%%=*}")=$(jq -rn --arg v "${kv#*=}" '$v|@uri')"
  done
  curl -fsS "${BASE}/rest/${method}?${query}"
}

wait_healthy() {
  local i
  for i in $(seq 1 60); do
    if curl -fs "${BASE}/ping" > /dev/null 2>&1; then
      say "navidrome is up (${i}s)"
      return 0
    fi
    sleep 1
  done
  compose logs --tail 40 navidrome >&2
  die "navidrome did not become healthy"
}

wait_scan() {
  local i status
  subsonic startScan > /dev/null
  for i in $(seq 1 120); do
    status="$(subsonic getScanStatus | jq -r '."subsonic-response".scanStatus.scanning')"
    [[ "${status}" == "false" ]] && { say "library scan finished"; return 0; }
    sleep 1
  done
  die "library scan did not finish"
}

seed_playlists() {
  [[ -f "${PLAYLISTS}" ]] || { say "no playlists to seed"; return 0; }
  local name query song_ids
  while IFS=$'\t' read -r name query; do
    [[ -z "${name}" || "${name}" == \#* ]] && continue
    mapfile -t song_ids < <(subsonic search3 "query=${query}" songCount=50 artistCount=0 albumCount=0 |
      jq -r '."subsonic-response".searchResult3.song[]?.id')
    if (( ${#song_ids[@]} == 0 )); then
      say "playlist '${name}': no songs match '${query}'"
      continue
    fi
    local args=("name=${name}")
    local id
    for id in "${song_ids[@]}"; do
      args+=("songId=${id}")
    done
    subsonic createPlaylist "${args[@]}" > /dev/null
    say "playlist '${name}': ${#song_ids[@]} songs"
  done < "${PLAYLISTS}"
}

cmd_up() {
  [[ -f "${COMPOSE_FILE}" ]] || die "missing ${COMPOSE_FILE#"${ROOT}/"}"
  compose up -d --wait
  wait_healthy
  wait_scan
  seed_playlists
  say "stack ${PROJECT} ready at ${BASE}"
}

cmd_down() {
  # containers + named volumes of *this* compose project only
  compose down -v --remove-orphans
  say "stack ${PROJECT} removed"
}

cmd_test() {
  cmd_up
  local rc=0
  ( cd "${ROOT}" && NAVIDROME_URL="${BASE}" NAVIDROME_USER="${ADMIN_USER}" \
      NAVIDROME_PASSWORD="$(admin_pass)" npm run --silent test:integration ) || rc=$?
  if (( rc != 0 )); then
    compose logs --tail 80 navidrome > "${ROOT}/build/navidrome-test.log" 2>&1 || true
    say "tests failed; container log saved to build/navidrome-test.log"
  fi
  cmd_down
  return "${rc}"
}

preflight() {
  command -v docker >/dev/null || die "docker is required"
  docker compose version >/dev/null 2>&1 || die "docker compose v2 is required"
  command -v jq >/dev/null || die "jq is required"
  command -v md5sum >/dev/null || die "md5sum is required"
  if curl -fs "${BASE}/ping" > /dev/null 2>&1 && ! compose ps --status running | grep -q navidrome; then
    die "something else already answers on ${BASE}; set MUSICSTACK_PORT"
  fi
}

library_stats() {
  local json
  json="$(subsonic getAlbumList2 type=alphabeticalByName size=500)"
  say "albums: $(jq '."subsonic-response".albumList2.album | length' <<< "${json}")"
  json="$(subsonic getArtists)"
  say "artists: $(jq '[."subsonic-response".artists.index[].artist[]] | length' <<< "${json}")"
  json="$(subsonic getPlaylists)"
  say "playlists: $(jq '."subsonic-response".playlists.playlist | length' <<< "${json}")"
}

cmd_logs() {
  compose logs --tail "${1:-100}" navidrome
}

cmd_reseed() {
  # delete only the playlists this script created (same names as in playlists.tsv), then seed again
  local name id
  while IFS=$'\t' read -r name _; do
    [[ -z "${name}" || "${name}" == \#* ]] && continue
    id="$(subsonic getPlaylists | jq -r --arg n "${name}" '."subsonic-response".playlists.playlist[]? | select(.name == $n) | .id')"
    [[ -n "${id}" ]] && subsonic deletePlaylist "id=${id}" > /dev/null && say "removed playlist '${name}'"
  done < "${PLAYLISTS}"
  seed_playlists
}

cmd_status() {
  library_stats || true
  compose ps
  curl -fs "${BASE}/ping" > /dev/null && say "responding on ${BASE}" || say "not responding on ${BASE}"
}

case "${1:-}" in
  up) preflight; cmd_up ;;
  down) cmd_down ;;
  test) preflight; cmd_test ;;
  status) cmd_status ;;
  logs) cmd_logs "${2:-100}" ;;
  reseed) cmd_reseed ;;
  *) die "usage: music-stack.sh up|test|down|status|logs [n]|reseed" ;;
esac
