#!/usr/bin/env bash
# scripts/mail-smoke.sh - end-to-end check of outgoing mail using mailpit.
#
# Starts mailpit (SMTP on 127.0.0.1:1025, UI/API on 127.0.0.1:8025) unless one
# is already listening, sends a few messages with swaks the way the app does
# (STARTTLS off, plain auth off), then asks the app to send its own password-reset
# and invoice mails and checks them through mailpit's REST API. Only the mailpit
# process we started is stopped at the end; its data file lives in tmp/.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SMTP_ADDR="127.0.0.1:1025"
HTTP_ADDR="127.0.0.1:8025"
API="http://${HTTP_ADDR}/api/v1"
APP_URL="${APP_URL:-http://localhost:4000}"
DATA_DIR="${ROOT}/tmp/mailpit"
MAILPIT_PID=""
FAILS=0

die() { echo "mail-smoke: $*" >&2; exit 1; }
pass() { printf '  \033[32mok\033[0m   %s\n' "$*"; }
fail() { printf '  \033[31mFAIL\033[0m %s\n' "$*"; FAILS=$((FAILS + 1)); }

stop_mailpit() {
  if [[ -n "$MAILPIT_PID" ]]; then
    kill "$MAILPIT_PID" 2>/dev/null || true
    wait "$MAILPIT_PID" 2>/dev/null || true
    MAILPIT_PID=""
  fi
}
trap stop_mailpit EXIT

listening() {
  curl -fsS -o /dev/null --max-time 1 "${API}/info"
}

start_mailpit() {
  if listening; then
    echo "using mailpit already running on ${HTTP_ADDR}"
    return
  fi
  command -v mailpit >/dev/null || die "mailpit not installed (brew install mailpit)"
  mkdir -p "$DATA_DIR"
  rm -f -- "${DATA_DIR}/mailpit.db"
  mailpit --smtp "$SMTP_ADDR" --listen "$HTTP_ADDR" \
    --db-file "${DATA_DIR}/mailpit.db" --smtp-auth-accept-any --smtp-auth-allow-insecure \
    >"${DATA_DIR}/mailpit.log" 2>&1 &
  MAILPIT_PID=$!
  local i
  for i in $(seq 1 25); do
    listening && return 0
    sleep 0.2
  done
  die "mailpit did not start; see tmp/mailpit/mailpit.log"
}

clear_inbox() {
  curl -fsS -X DELETE "${API}/messages" >/dev/null
}

send_swaks() {
  local to="$1" subject="$2" body="$3"
  swaks --silent 2 \
    --server "$SMTP_ADDR" \
    --from "noreply@shop.test" \
    --to "$to" \
    --header "Subject: ${subject}" \
    --header "X-Smoke: 1" \
    --body "$body"
}

search_count() {
  local query="$1"
  curl -fsS -G "${API}/search" --data-urlencode "query=${query}" | jq -r '.messages_count'
}

message_text() {
  local id="$1"
  curl -fsS "${API}/message/${id}" | jq -r '.Text'
}

latest_id_for() {
  local query="$1"
  curl -fsS -G "${API}/search" --data-urlencode "query=${query}" | jq -r '.messages[0].ID // empty'
}

wait_for() {
  local query="$1" i n
  for i in $(seq 1 30); do
    n="$(search_count "$query")"
    (( n > 0 )) && return 0
    sleep 0.5
  done
  return 1
}

check_swaks() {
  echo "swaks delivery"
  send_swaks "alice@shop.test" "smoke plain" "hello from swaks"
  send_swaks "bob@shop.test" "smoke utf8 ✓" "grüße"
  if wait_for 'subject:"smoke plain"'; then pass "plain message delivered"; else fail "plain message missing"; fi
  if wait_for 'to:bob@shop.test'; then pass "utf-8 subject delivered"; else fail "utf-8 message missing"; fi
}

check_app_mail() {
  echo "application mail"
  if ! curl -fsS -o /dev/null --max-time 3 "${APP_URL}/healthz"; then
    fail "app not running at ${APP_URL} (start it with SMTP_URL=smtp://${SMTP_ADDR})"
    return
  fi
  curl -fsS -X POST "${APP_URL}/dev/mail/password-reset" \
    -H 'Content-Type: application/json' -d '{"email":"carol@shop.test"}' >/dev/null
  if wait_for 'to:carol@shop.test subject:"Reset your password"'; then
    local id text
    id="$(latest_id_for 'to:carol@shop.test')"
    text="$(message_text "$id")"
    if grep -qE "${APP_URL}/reset/[A-Za-z0-9_-]{20,}" <<<"$text"; then
      pass "reset mail contains a reset link"
    else
      fail "reset mail has no reset link"
    fi
  else
    fail "password reset mail not delivered"
  fi
  curl -fsS -X POST "${APP_URL}/dev/mail/invoice" \
    -H 'Content-Type: application/json' -d '{"order":"DEV-1001"}' >/dev/null
  if wait_for 'subject:"Invoice DEV-1001"'; then
    local id attachments
    id="$(latest_id_for 'subject:"Invoice DEV-1001"')"
    attachments="$(curl -fsS "${API}/message/${id}" | jq '.Attachments | length')"
    if (( attachments == 1 )); then pass "invoice has one PDF attachment"; else fail "invoice attachments: ${attachments}"; fi
  else
    fail "invoice mail not delivered"
  fi
}

check_headers() {
  echo "headers"
  local id headers
  id="$(latest_id_for 'to:carol@shop.test')"
  [[ -n "$id" ]] || { fail "no message to inspect"; return; }
  headers="$(curl -fsS "${API}/message/${id}/headers")"
  if jq -e '."List-Unsubscribe"' <<<"$headers" >/dev/null; then
    fail "transactional mail must not carry List-Unsubscribe"
  else
    pass "no List-Unsubscribe on transactional mail"
  fi
  if jq -e '."Message-Id"[0] | test("@shop\\.test>$")' <<<"$headers" >/dev/null; then
    pass "Message-Id uses the shop.test domain"
  else
    fail "unexpected Message-Id domain"
  fi
}

check_html_parts() {
  echo "html rendering"
  local id html
  id="$(latest_id_for 'to:carol@shop.test')"
  [[ -n "$id" ]] || { fail "no message for html check"; return; }
  html="$(curl -fsS "${API}/message/${id}" | jq -r '.HTML')"
  if [[ -z "$html" || "$html" == null ]]; then
    fail "reset mail has no HTML part"
    return
  fi
  if grep -q '{{' <<<"$html"; then
    fail "unrendered template placeholders in HTML part"
  else
    pass "HTML part fully rendered"
  fi
  if grep -qiE '<img[^>]+src="http://' <<<"$html"; then
    fail "HTML part loads images over plain http"
  else
    pass "no plain-http images"
  fi
}

main() {
  command -v swaks >/dev/null || die "swaks not installed"
  command -v jq >/dev/null || die "jq not installed"
  start_mailpit
  clear_inbox
  check_swaks
  check_app_mail
  check_headers
  check_html_parts
  echo
  if (( FAILS )); then
    echo "${FAILS} check(s) failed; inspect http://${HTTP_ADDR}"
    exit 1
  fi
  echo "all mail checks passed"
}

main "$@"
