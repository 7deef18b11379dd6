#!/usr/bin/env bash
# mailhealth.sh - read-only health report for the staging mail stack.
#
# Sections:
#   1. postfix: version, selected `postconf -n`, queue sizes per queue
#   2. queue:   deferred mail grouped by recipient domain and delay reason
#   3. dovecot: mailbox counts for the QA test accounts (doveadm mailbox status)
#   4. rspamd:  scanned / spam / ham counters (rspamc stat)
#
# Nothing is modified: no postsuper, no flush, no expunge.  When the queue is
# not readable as the current user we use `sudo -n postqueue -j`, which our
# sudoers snippet allows (read-only).
#
# Usage: tools/mailhealth.sh [-u qa-users.txt] [-n TOP] [-o build/mailhealth.txt]

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROJECT_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
USERS_FILE="$PROJECT_ROOT/config/qa-users.txt"
TOP=10
OUTPUT=""
WORKDIR=""

log() { printf '[mailhealth] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  if [[ -n "$WORKDIR" && -d "$WORKDIR" ]]; then
    rm -rf -- "$WORKDIR"
  fi
}
trap cleanup EXIT

usage() {
  sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":u:n:o:h" opt; do
  case "$opt" in
    u) USERS_FILE="$OPTARG" ;;
    n) TOP="$OPTARG" ;;
    o) OUTPUT="$OPTARG" ;;
    h) usage 0 ;;
    :) die "option -$OPTARG needs a value" ;;
    *) usage 2 ;;
  esac
done

[[ "$TOP" =~ ^[0-9]+$ ]] || die "-n expects a number, got '$TOP'"
command -v postconf >/dev/null || die "postconf not found; run this on the mail host"
command -v jq >/dev/null || die "jq is required"

WORKDIR="$(mktemp -d "${TMPDIR:-/tmp}/mailhealth.XXXXXX")"

if [[ -n "$OUTPUT" ]]; then
  case "$OUTPUT" in
    /*) die "-o must be a path inside the project (got absolute $OUTPUT)" ;;
  esac
  mkdir -p "$PROJECT_ROOT/$(dirname "$OUTPUT")"
  exec > >(tee "$PROJECT_ROOT/$OUTPUT")
fi

section() {
  printf '\n== %s ==\n' "$*"
}

read_queue() {
  local out="$WORKDIR/queue.jsonl"
  if postqueue -j >"$out" 2>"$WORKDIR/queue.err"; then
    :
  elif sudo -n postqueue -j >"$out" 2>>"$WORKDIR/queue.err"; then
    log "queue read via sudo -n (read-only)"
  else
    log "cannot read the queue: $(tr '\n' ' ' <"$WORKDIR/queue.err")"
    : >"$out"
  fi
  printf '%s\n' "$out"
}

postfix_section() {
  section "postfix"
  printf 'version: %s\n' "$(postconf -h mail_version 2>/dev/null || echo unknown)"
  local key
  for key in relayhost mynetworks smtpd_tls_security_level smtp_tls_security_level \
             maximal_queue_lifetime message_size_limit; do
    printf '%-28s %s\n' "$key" "$(postconf -h "$key" 2>/dev/null || echo '-')"
  done
}

queue_section() {
  local qfile="$1"
  section "queue"
  if [[ ! -s "$qfile" ]]; then
    echo "queue empty (or unreadable)"
    return 0
  fi
  echo "messages per queue:"
  jq -r '.queue_name' "$qfile" | sort | uniq -c | sort -rn | sed 's/^/  /'

  echo
  echo "top $TOP deferred recipient domains:"
  jq -r 'select(.queue_name=="deferred") | .recipients[].address' "$qfile" \
    | awk -F@ 'NF==2 {print tolower($2)}' \
    | sort | uniq -c | sort -rn | head -n "$TOP" | sed 's/^/  /'

  echo
  echo "delay reasons:"
  jq -r 'select(.queue_name=="deferred") | .recipients[].delay_reason // "none"' "$qfile" \
    | sed -E 's/.*(Connection timed out).*/timeout/I;
              s/.*(Connection refused).*/refused/I;
              s/.*(Host or domain name not found).*/dns/I;
              s/.*greylist.*/greylisted/I;
              s/.*(TLS).*/tls/' \
    | sort | uniq -c | sort -rn | head -n "$TOP" | sed 's/^/  /'

  local oldest
  oldest="$(jq -s 'map(.arrival_time) | min // empty' "$qfile")"
  if [[ -n "$oldest" ]]; then
    local now age_h
    now="$(date +%s)"
    age_h=$(( (now - oldest) / 3600 ))
    printf '\noldest message: %s h\n' "$age_h"
  fi
}

dovecot_section() {
  section "dovecot (QA accounts)"
  if ! command -v doveadm >/dev/null; then
    echo "doveadm not installed on this host"
    return 0
  fi
  if [[ ! -r "$USERS_FILE" ]]; then
    echo "no users file at $USERS_FILE"
    return 0
  fi
  local user line
  printf '%-36s %8s %8s %10s\n' user messages unseen vsize
  while IFS= read -r user || [[ -n "$user" ]]; do
    user="${user%%#*}"
    user="${user//[[:space:]]/}"
    [[ -z "$user" ]] && continue
    case "$user" in
      *@mail.internal|*@test.internal) ;;
      *) log "skipping $user (not a QA domain)"; continue ;;
    esac
    if line="$(doveadm -f flow mailbox status -u "$user" 'messages unseen vsize' INBOX 2>/dev/null)"; then
      local messages unseen vsize
      messages="$(sed -n 's/.*messages=\([0-9]*\).*/\1/p' <<<"$line")"
      unseen="$(sed -n 's/.*unseen=\([0-9]*\).*/\1/p' <<<"$line")"
      vsize="$(sed -n 's/.*vsize=\([0-9]*\).*/\1/p' <<<"$line")"
      printf '%-36s %8s %8s %10s\n' "$user" "${messages:-?}" "${unseen:-?}" "${vsize:-?}"
    else
      printf '%-36s %8s\n' "$user" "error"
    fi
  done <"$USERS_FILE"
}

rspamd_section() {
  section "rspamd"
  if ! command -v rspamc >/dev/null; then
    echo "rspamc not installed"
    return 0
  fi
  rspamc stat 2>/dev/null \
    | grep -E '^(Messages scanned|Messages with action|Messages treated as spam|Messages treated as ham)' \
    || echo "rspamd controller not reachable on localhost:11334"
}

main() {
  log "project $PROJECT_ROOT"
  local qfile
  qfile="$(read_queue)"
  postfix_section
  queue_section "$qfile"
  dovecot_section
  rspamd_section
  printf '\nreport generated %s on %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$(hostname -s)"
}

main "$@"
