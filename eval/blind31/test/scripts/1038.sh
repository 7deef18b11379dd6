#!/usr/bin/env bash
# opds-smoke.sh — end-to-end check of the OPDS feed our e-reader app consumes,
# against a real calibre-server with a throwaway library built from
# test/fixtures/books/.
#
#   tools/opds-smoke.sh                # build library, serve, check, stop
#   KEEP=1 tools/opds-smoke.sh         # leave the server running for manual poking
#
# The library lives in a mktemp directory and is deleted at the end. The
# server binds to 127.0.0.1 on a free port; the only process stopped at the
# end is the calibre-server this script started. Authentication is enabled
# with a generated throwaway user so the auth code path in the app is
# exercised too; the credentials are written to build/opds-smoke.env with
# mode 600 for the app's integration test to read.

set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FIXTURES="${ROOT}/test/fixtures/books"
ENV_OUT="${ROOT}/build/opds-smoke.env"
KEEP="${KEEP:-0}"
SERVER_PID=""
LIB=""

note() { printf '[opds] %s\n' "$*"; }
fatal() { printf '[opds] FATAL %s\n' "$*" >&2; exit 1; }

stop_server() {
  if [[ -n "${SERVER_PID}" ]] && kill -0 -- "${SERVER_PID}" 2>/dev/null; then
    note "stopping calibre-server (pid ${SERVER_PID})"
    kill -TERM "${SERVER_PID}"
    wait "${SERVER_PID}" 2>/dev/null || true
  fi
}

cleanup() {
  local rc=$?
  if [[ "${KEEP}" == 1 && ${rc} -eq 0 ]]; then
    note "KEEP=1: server left running on port ${PORT:-?}, library ${LIB}"
    return
  fi
  stop_server
  [[ -n "${LIB}" && -d "${LIB}" ]] && rm -rf -- "${LIB}"
}
trap cleanup EXIT

for t in calibredb calibre-server curl xmllint; do
  command -v "${t}" >/dev/null || fatal "${t} not installed"
done
compgen -G "${FIXTURES}/*.epub" >/dev/null || fatal "no fixture EPUBs in ${FIXTURES#"${ROOT}/"}"

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

random_secret() {
  head -c 18 /dev/urandom | base64 | tr -d '/+=' | cut -c1-20
}

build_library() {
  LIB="$(mktemp -d -t opds-lib.XXXXXX)"
  note "library ${LIB}"
  calibredb add --library-path "${LIB}" --recurse "${FIXTURES}" > /dev/null
  calibredb add_custom_column --library-path "${LIB}" readstatus "Read status" text > /dev/null
  local count
  count="$(calibredb list --library-path "${LIB}" --fields id --for-machine | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"
  note "${count} books added"
}

make_user() {
  OPDS_USER="smoke-$(date +%s)"
  OPDS_PASS="$(random_secret)"
  local userdb="${LIB}/server-users.sqlite"
  calibre-server --userdb "${userdb}" --manage-users -- add "${OPDS_USER}" "${OPDS_PASS}" > /dev/null
  mkdir -p "$(dirname "${ENV_OUT}")"
  umask 077
  printf 'OPDS_URL=http://127.0.0.1:%s/opds\nOPDS_USER=%s\nOPDS_PASS=%s\n' "${PORT}" "${OPDS_USER}" "${OPDS_PASS}" > "${ENV_OUT}"
  chmod 600 "${ENV_OUT}"
}

start_server() {
  PORT="$(free_port)"
  make_user
  calibre-server "${LIB}" \
    --listen-on 127.0.0.1 --port "${PORT}" \
    --enable-auth --userdb "${LIB}/server-users.sqlite" --auth-mode basic \
    --disable-use-bonjour --log "${LIB}/server.log" &
  SERVER_PID=$!
  local i
  for i in $(seq 1 40); do
    if curl -fs -o /dev/null -u "${OPDS_USER}:${OPDS_PASS}" "http://127.0.0.1:${PORT}/opds"; then
      note "server up on 127.0.0.1:${PORT} after ${i} tries"
      return 0
    fi
    kill -0 "${SERVER_PID}" 2>/dev/null || fatal "calibre-server exited; see ${LIB}/server.log"
    sleep 0.5
  done
  fatal "server did not answer"
}

fetch() {
  curl -fsS -u "${OPDS_USER}:${OPDS_PASS}" "http://127.0.0.1:${PORT}$1"
}

check_feed() {
  local root nav entries
  root="$(fetch /opds)"
  xmllint --noout - <<< "${root}" || fatal "root feed is not well-formed XML"
  nav="$(xmllint --xpath 'count(//*[local-name()="entry"])' - <<< "${root}")"
  (( ${nav%.*} >= 3 )) || fatal "root feed has only ${nav} navigation entries"
  note "root feed: ${nav} navigation entries"

  entries="$(fetch '/opds/navcatalog/4f6e6577657374?offset=0' | xmllint --xpath 'count(//*[local-name()="entry"])' -)"
  (( ${entries%.*} > 0 )) || fatal "newest feed is empty"
  note "newest feed: ${entries} entries"

  local search
  search="$(fetch '/opds/search/harbour' | xmllint --xpath 'count(//*[local-name()="entry"])' -)"
  note "search 'harbour': ${search} result(s)"

  local code
  code="$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:${PORT}/opds")"
  [[ "${code}" == 401 ]] || fatal "unauthenticated request returned ${code}, expected 401"
  note "unauthenticated request rejected (401)"
}

check_download() {
  local id tmp
  id="$(calibredb list --library-path "${LIB}" --fields id --for-machine --limit 1 | python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])')"
  tmp="$(mktemp)"
  fetch "/get/EPUB/${id}/library" > "${tmp}"
  if unzip -p "${tmp}" mimetype 2>/dev/null | grep -q 'application/epub+zip'; then
    note "EPUB download for book ${id} OK ($(du -h "${tmp}" | cut -f1))"
  else
    rm -f "${tmp}"
    fatal "downloaded file is not an EPUB"
  fi
  rm -f "${tmp}"
}

check_covers() {
  # every entry in the "newest" feed should advertise a thumbnail and a cover
  local feed missing
  feed="$(fetch '/opds/navcatalog/4f6e6577657374?offset=0')"
  missing="$(xmllint --xpath 'count(//*[local-name()="entry"][not(*[local-name()="link"][contains(@rel, "thumbnail")])])' - <<< "${feed}")"
  if (( ${missing%.*} > 0 )); then
    note "warning: ${missing} entries without a thumbnail link"
  else
    note "all entries have thumbnails"
  fi
}

check_paging() {
  # the app pages with offset=; make sure the next link exists when there are more books
  local total first next
  total="$(calibredb list --library-path "${LIB}" --fields id --for-machine | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))')"
  first="$(fetch '/opds/navcatalog/4f6e6577657374?offset=0')"
  next="$(xmllint --xpath 'string(//*[local-name()="link"][@rel="next"]/@href)' - <<< "${first}" 2>/dev/null || true)"
  if (( total > 25 )) && [[ -z "${next}" ]]; then
    fatal "library has ${total} books but the feed has no rel=next link"
  fi
  note "paging OK (${total} books${next:+, next page ${next}})"
}

write_summary() {
  mkdir -p "${ROOT}/build"
  {
    printf 'calibre_version=%s\n' "$(calibredb --version | head -n 1)"
    printf 'port=%s\n' "${PORT}"
    printf 'checked_at=%s\n' "$(date -u +%FT%TZ)"
  } > "${ROOT}/build/opds-smoke.summary"
}

build_library
start_server
check_feed
check_download
check_covers
check_paging
write_summary
note "all checks passed"
