#!/usr/bin/env bash
# turn-check.sh - verify the dev coturn server answers STUN/TURN correctly.
#
# Uses the shared-secret (TURN REST API) scheme: a time-limited username and
# an HMAC-SHA1 password are derived from TURN_STATIC_SECRET in the project's
# .env, exactly as the app backend does, and handed to turnutils_uclient /
# turnutils_stunclient against the dev server in config/turn.dev.env.
#
#   scripts/turn-check.sh              # stun + udp relay + tcp relay
#   scripts/turn-check.sh --tls        # also turns: on 5349
#   scripts/turn-check.sh --verbose
#
# The secret is never printed; only its length and a 4 character prefix.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ENV_FILE="$ROOT/.env"
TURN_CONF="$ROOT/config/turn.dev.env"
RESULTS="$ROOT/build/turn-check.log"
TLS=0
VERBOSE=0
TTL=600

log()  { printf '%s\n' "$*"; }
info() { (( VERBOSE )) && printf '  · %s\n' "$*" || true; }
die()  { printf 'turn-check: %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --tls) TLS=1 ;;
    --verbose|-v) VERBOSE=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown argument: $arg" ;;
  esac
done

for tool in turnutils_uclient turnutils_stunclient openssl; do
  command -v "$tool" >/dev/null || die "$tool not found (apt install coturn-utils openssl)"
done

# --- config ----------------------------------------------------------------------
read_kv() {
  # read_kv FILE KEY -> value of KEY=... (last one wins), quotes stripped
  local file="$1" key="$2"
  [[ -f "$file" ]] || return 1
  awk -F= -v k="$key" '$1 == k { sub(/^[^=]*=/, ""); gsub(/^["'\'']|["'\'']$/, ""); v=$0 } END { if (v != "") print v; else exit 1 }' "$file"
}

TURN_HOST="$(read_kv "$TURN_CONF" TURN_HOST || echo turn.dev.internal)"
TURN_PORT="$(read_kv "$TURN_CONF" TURN_PORT || echo 3478)"
TURNS_PORT="$(read_kv "$TURN_CONF" TURNS_PORT || echo 5349)"
REALM="$(read_kv "$TURN_CONF" TURN_REALM || echo dev.internal)"
SECRET="${TURN_STATIC_SECRET:-$(read_kv "$ENV_FILE" TURN_STATIC_SECRET || true)}"

[[ -n "$SECRET" ]] || die "TURN_STATIC_SECRET missing in .env"
case "$TURN_HOST" in
  localhost|127.0.0.1|*.internal) ;;
  *) die "TURN_HOST $TURN_HOST is not a dev host; refusing to send credentials" ;;
esac

masked() { printf '%s… (%d chars)' "${1:0:4}" "${#1}"; }
log "server  : $TURN_HOST:$TURN_PORT (realm $REALM)"
log "secret  : $(masked "$SECRET")"

# --- credentials ------------------------------------------------------------------
make_credentials() {
  local expiry user pass
  expiry=$(( $(date +%s) + TTL ))
  user="${expiry}:turn-check-${USER:-dev}"
  pass="$(printf '%s' "$user" | openssl dgst -sha1 -hmac "$SECRET" -binary | openssl base64 -A)"
  printf '%s\n%s\n' "$user" "$pass"
}
mapfile -t CREDS < <(make_credentials)
T_USER="${CREDS[0]}"
T_PASS="${CREDS[1]}"
info "username $T_USER"

mkdir -p "$(dirname "$RESULTS")"
: > "$RESULTS"

PASS=0
FAIL=0
record() {
  local name="$1" rc="$2" detail="$3"
  if (( rc == 0 )); then
    PASS=$((PASS + 1)); log "  ok    $name ${detail:+($detail)}"
  else
    FAIL=$((FAIL + 1)); log "  FAIL  $name ${detail:+($detail)}"
  fi
  printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$name" "$rc" "$detail" >> "$RESULTS"
}

# run_check NAME CMD... : capture output to a temp file, keep it on failure
TMP="$(mktemp -d)"
trap 'rm -rf -- "$TMP"' EXIT

run_check() {
  local name="$1"; shift
  local out="$TMP/$name.out" rc=0
  timeout 20 "$@" > "$out" 2>&1 || rc=$?
  local detail
  detail="$(grep -Eo 'Total lost packets [0-9]+ \([0-9.]+%\)|Average round trip delay [0-9.]+ ms|UDP reflexive addr: [^ ]+' "$out" | paste -sd ';' - || true)"
  record "$name" "$rc" "$detail"
  if (( rc != 0 )) || (( VERBOSE )); then
    sed 's/^/      /' "$out" | tail -n 12
  fi
}

log "checks:"
run_check stun turnutils_stunclient -p "$TURN_PORT" "$TURN_HOST"

run_check udp-relay turnutils_uclient \
  -p "$TURN_PORT" -u "$T_USER" -w "$T_PASS" -r "$REALM" \
  -n 20 -m 2 -l 120 -e "$TURN_HOST" "$TURN_HOST"

run_check tcp-relay turnutils_uclient -t \
  -p "$TURN_PORT" -u "$T_USER" -w "$T_PASS" -r "$REALM" \
  -n 20 -m 2 -l 120 -e "$TURN_HOST" "$TURN_HOST"

if (( TLS )); then
  run_check tls-relay turnutils_uclient -S \
    -p "$TURNS_PORT" -u "$T_USER" -w "$T_PASS" -r "$REALM" \
    -n 10 -m 1 -l 120 -e "$TURN_HOST" "$TURN_HOST"
fi

# A wrong password must be rejected, otherwise the server runs without auth.
BAD_PASS="$(printf 'not-%s' "$T_PASS" | head -c 28)"
rc=0
timeout 10 turnutils_uclient -p "$TURN_PORT" -u "$T_USER" -w "$BAD_PASS" -r "$REALM" \
  -n 1 -m 1 -e "$TURN_HOST" "$TURN_HOST" > "$TMP/neg.out" 2>&1 || rc=$?
if (( rc != 0 )) || grep -q '401' "$TMP/neg.out"; then
  record auth-rejects-bad-password 0 "401 as expected"
else
  record auth-rejects-bad-password 1 "server accepted a wrong password"
fi

# Expired credentials must be rejected too (username timestamp in the past).
OLD_USER="$(( $(date +%s) - 60 )):turn-check-expired"
OLD_PASS="$(printf '%s' "$OLD_USER" | openssl dgst -sha1 -hmac "$SECRET" -binary | openssl base64 -A)"
rc=0
timeout 10 turnutils_uclient -p "$TURN_PORT" -u "$OLD_USER" -w "$OLD_PASS" -r "$REALM" \
  -n 1 -m 1 -e "$TURN_HOST" "$TURN_HOST" > "$TMP/expired.out" 2>&1 || rc=$?
if (( rc != 0 )); then
  record auth-rejects-expired 0 "expired username refused"
else
  record auth-rejects-expired 1 "expired username accepted"
fi

# --- relay port range --------------------------------------------------------------
# The dev server is configured with min-port/max-port in its config; if the
# relayed address falls outside that range the firewall rules are wrong.
MIN_PORT="$(read_kv "$TURN_CONF" TURN_MIN_PORT || echo 49160)"
MAX_PORT="$(read_kv "$TURN_CONF" TURN_MAX_PORT || echo 49200)"
relayed="$(grep -hoE 'Relayed address: [^ ]+' "$TMP"/udp-relay.out 2>/dev/null | head -n1 | awk '{print $3}')"
if [[ -n "$relayed" ]]; then
  rport="${relayed##*:}"
  if (( rport >= MIN_PORT && rport <= MAX_PORT )); then
    record relay-port-range 0 "port $rport in $MIN_PORT-$MAX_PORT"
  else
    record relay-port-range 1 "port $rport outside $MIN_PORT-$MAX_PORT"
  fi
else
  info "no relayed address in uclient output; skipping port range check"
fi

# --- history -----------------------------------------------------------------------
# Keep a one-line-per-run history so flaky behaviour shows up over time.
HISTORY="$ROOT/build/turn-check.history"
printf '%s\t%s\t%d\t%d\n' "$(date -u +%FT%TZ)" "$TURN_HOST" "$PASS" "$FAIL" >> "$HISTORY"
if [[ $(wc -l < "$HISTORY") -gt 200 ]]; then
  tail -n 200 "$HISTORY" > "$HISTORY.tmp" && mv "$HISTORY.tmp" "$HISTORY"
fi
recent_failures="$(tail -n 10 "$HISTORY" | awk -F'\t' '$4 > 0' | wc -l)"
if (( recent_failures > 3 )); then
  log "note: $recent_failures of the last 10 runs had failures"
fi

log ""
log "$PASS passed, $FAIL failed; log in ${RESULTS#"$ROOT"/}"
(( FAIL == 0 ))
