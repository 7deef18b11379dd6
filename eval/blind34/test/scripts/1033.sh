#!/usr/bin/env bash
# apns-sandbox-check.sh - verify every bundle id in config/apns-apps.tsv can
# receive a push on the APNs *sandbox* with the team's token key.
#
# The ES256 provider token is produced by tools/apns_token.py (PyJWT) from the
# .p8 in secrets/ that config names; this script only handles the HTTP/2 calls
# to api.sandbox.push.apple.com and the bookkeeping.  Device tokens for QA
# phones are in fixtures/apns-sandbox-devices.tsv.
#
#   scripts/apns-sandbox-check.sh
#   scripts/apns-sandbox-check.sh --app io.acme.rounds --silent

set -euo pipefail

REPO_ROOT="$(git rev-parse --show-toplevel)"
APPS="$REPO_ROOT/config/apns-apps.tsv"
DEVICES="$REPO_ROOT/fixtures/apns-sandbox-devices.tsv"
LOG_DIR="$REPO_ROOT/build/apns"
SANDBOX="https://api.sandbox.push.apple.com"
ONLY_APP=""
SILENT=0

echo_err() { echo "apns-check: $*" >&2; }
stop() { echo_err "$*"; exit 1; }

while (($#)); do
  case "$1" in
    --app) ONLY_APP="${2:?}"; shift 2 ;;
    --silent) SILENT=1; shift ;;
    *) stop "unknown argument $1" ;;
  esac
done

print_help() {
  cat <<'EOF'
apns-sandbox-check.sh [--app BUNDLE_ID] [--silent]

Sends one test notification per QA device to the APNs sandbox for every app
listed in config/apns-apps.tsv and reports the result per device.

config/apns-apps.tsv (header line, tab separated)
  bundle_id        e.g. io.acme.rounds
  key_id           10-character APNs key id (AuthKey_<key_id>.p8 in secrets/)
  team_id          Apple developer team id

fixtures/apns-sandbox-devices.tsv (header line, tab separated)
  name             human name of the QA phone
  bundle_id        which app build is installed
  device_token     64 hex characters from the app's debug screen

Flags
  --app ID     only this bundle id
  --silent     background (content-available) pushes, priority 5

Results are appended to build/apns/history.tsv.  Common failure reasons and
what to do about them are printed at the end of the run.  Only the sandbox
host is contacted; production pushes are sent by the release pipeline.
EOF
}

if [[ "${HELP:-}" == 1 ]]; then
  print_help
  exit 0
fi

check_inputs() {
  local line=0 bundle key team
  while IFS=$'\t' read -r bundle key team; do
    line=$((line + 1))
    (( line == 1 )) && continue
    [[ -z "$bundle" || "$bundle" == \#* ]] && continue
    [[ "$key" =~ ^[A-Z0-9]{10}$ ]] || stop "config/apns-apps.tsv line $line: key id '$key' looks wrong"
    [[ "$team" =~ ^[A-Z0-9]{10}$ ]] || stop "config/apns-apps.tsv line $line: team id '$team' looks wrong"
    [[ -f "$REPO_ROOT/secrets/AuthKey_$key.p8" ]] || stop "missing secrets/AuthKey_$key.p8"
  done < "$APPS"
  line=0
  while IFS=$'\t' read -r _name _bundle token; do
    line=$((line + 1))
    (( line == 1 )) && continue
    [[ "$token" =~ ^[0-9a-f]{64}$ ]] || echo_err "fixtures line $line: device token is not 64 hex chars"
  done < "$DEVICES"
}

curl --version | grep -q HTTP2 || stop "this curl has no HTTP/2 support"
[[ -f "$APPS" ]] || stop "missing $APPS"
[[ -f "$DEVICES" ]] || stop "missing $DEVICES"
mkdir -p "$LOG_DIR"
check_inputs

TMPD="$(mktemp -d)"
trap 'rm -rf -- "$TMPD"' EXIT

provider_token() {
  # tools/apns_token.py prints a JWT for the key id; it refuses keys outside secrets/
  python3 "$REPO_ROOT/tools/apns_token.py" --key-id "$1" --team-id "$2"
}

payload() {
  if (( SILENT )); then
    printf '{"aps":{"content-available":1},"check":"%s"}' "$1"
  else
    printf '{"aps":{"alert":{"title":"Sandbox check","body":"%s"},"sound":"default"}}' "$1"
  fi
}

push_one() {
  local topic="$1" token="$2" device="$3" label="$4" hdrs="$TMPD/h.$RANDOM" body="$TMPD/b.$RANDOM" code
  code="$(curl -sS --http2 -o "$body" -D "$hdrs" -w '%{http_code}' \
    -H "authorization: bearer $token" \
    -H "apns-topic: $topic" \
    -H "apns-push-type: $( ((SILENT)) && echo background || echo alert)" \
    -H "apns-priority: $( ((SILENT)) && echo 5 || echo 10)" \
    --data "$(payload "$label")" \
    "$SANDBOX/3/device/$device")" || code=000
  local reason="" apns_id
  apns_id="$(awk -F': ' 'tolower($1) == "apns-id" {print $2}' "$hdrs" | tr -d '\r')"
  [[ -s "$body" ]] && reason="$(jq -r '.reason // empty' "$body" 2>/dev/null || true)"
  printf '%s\t%s\t%s\n' "$code" "${reason:-}" "${apns_id:-}"
}

# Provider tokens are valid for up to an hour; cache one per key id for the
# run so a long device list does not mint a JWT per device.
declare -A TOKEN_CACHE
cached_token() {
  local key="$1" team="$2"
  if [[ -z "${TOKEN_CACHE[$key]:-}" ]]; then
    TOKEN_CACHE[$key]="$(provider_token "$key" "$team")" || return 1
  fi
  printf '%s' "${TOKEN_CACHE[$key]}"
}

total=0
ok=0
declare -A REASONS
while IFS=$'\t' read -r bundle key_id team_id; do
  [[ -z "$bundle" || "$bundle" == \#* ]] && continue
  [[ -n "$ONLY_APP" && "$bundle" != "$ONLY_APP" ]] && continue
  token="$(cached_token "$key_id" "$team_id")" || { echo_err "no token for $bundle"; continue; }
  echo_err "$bundle (key ${key_id:0:3}…, team $team_id)"
  while IFS=$'\t' read -r dev_name dev_bundle dev_token; do
    [[ "$dev_bundle" == "$bundle" ]] || continue
    total=$((total + 1))
    IFS=$'\t' read -r code reason apns_id < <(push_one "$bundle" "$token" "$dev_token" "$dev_name $(date +%H:%M)")
    if [[ "$code" == 200 ]]; then
      ok=$((ok + 1))
      printf '  %-18s ok   %s\n' "$dev_name" "$apns_id"
    else
      REASONS[$reason]=$(( ${REASONS[$reason]:-0} + 1 ))
      printf '  %-18s %s  %s\n' "$dev_name" "$code" "$reason"
    fi
    printf '%s\t%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$bundle" "$dev_name" "$code" "$reason" >> "$LOG_DIR/history.tsv"
  done < <(tail -n +2 "$DEVICES")
done < <(tail -n +2 "$APPS")

if (( total == 0 )); then
  echo_err "no device matched the selected app(s); check fixtures/apns-sandbox-devices.tsv"
  exit 1
fi
echo_err "$ok/$total delivered to the sandbox"
for r in "${!REASONS[@]}"; do
  case "$r" in
    BadDeviceToken|Unregistered) hint="re-export the device token from the QA phone" ;;
    InvalidProviderToken|ExpiredProviderToken) hint="check key id/team id in config/apns-apps.tsv" ;;
    TopicDisallowed|DeviceTokenNotForTopic) hint="bundle id and device do not match" ;;
    *) hint="see Apple's APNs error reference" ;;
  esac
  echo_err "  ${r:-<no reason>} x${REASONS[$r]}: $hint"
done

# Devices that failed in each of their last three attempts probably need a
# fresh token export; list them so QA can fix the fixture file.
if [[ -f "$LOG_DIR/history.tsv" ]]; then
  awk -F'\t' '{ key = $2 "/" $3; hist[key] = hist[key] $4 " " }
       END { for (k in hist) { n = split(hist[k], a, " ");
             if (n >= 3 && a[n] != 200 && a[n-1] != 200 && a[n-2] != 200) print "  failing repeatedly: " k } }' \
    "$LOG_DIR/history.tsv" >&2
fi

# Trim the history file to the most recent 2000 lines.
if [[ -f "$LOG_DIR/history.tsv" && $(wc -l < "$LOG_DIR/history.tsv") -gt 2000 ]]; then
  tail -n 2000 "$LOG_DIR/history.tsv" > "$TMPD/history" && mv "$TMPD/history" "$LOG_DIR/history.tsv"
fi
(( ok == total ))
