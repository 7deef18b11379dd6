#!/usr/bin/env bash
# fleetops-login - store the fleetops CLI endpoint and a short-lived session
# id in ~/.config/fleetops/session (the tool's own file, mode 600).
# The long-lived API key is never written; it is exchanged for a session.
set -euo pipefail

CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/fleetops"
SESSION_FILE="$CONF_DIR/session"
ENDPOINT="${FLEETOPS_ENDPOINT:-https://fleetops.internal}"
PROFILE="default"

die() { printf 'fleetops-login: %s\n' "$*" >&2; exit 1; }

while getopts ":e:p:h" flag; do
  case "$flag" in
    e) ENDPOINT="$OPTARG" ;;
    p) PROFILE="$OPTARG" ;;
    h) echo "usage: fleetops-login [-e endpoint] [-p profile]"; exit 0 ;;
    :) die "-$OPTARG requires an argument" ;;
    *) die "unknown option -$OPTARG" ;;
  esac
done

[[ "$PROFILE" =~ ^[A-Za-z0-9_-]+$ ]] || die "invalid profile name"
case "$ENDPOINT" in
  https://*.internal|https://*.internal/*) ;;
  *) die "endpoint must be an https://*.internal URL" ;;
esac

read_key() {
  if [[ -n "${FLEETOPS_API_KEY:-}" ]]; then
    printf '%s' "$FLEETOPS_API_KEY"
    return
  fi
  local key
  read -r -s -p "API key: " key
  echo >&2
  printf '%s' "$key"
}

exchange() {
  local key="$1"
  curl -fsS -X POST "$ENDPOINT/v1/sessions" \
    -H "Authorization: Bearer $key" \
    -H 'Content-Type: application/json' \
    --data '{"ttl":"12h"}' | jq -r '.session_id'
}

store() {
  local session="$1" tmp
  umask 077
  mkdir -p "$CONF_DIR"
  tmp="$(mktemp "$CONF_DIR/.session.XXXX")"
  if [[ -f "$SESSION_FILE" ]]; then
    grep -v "^$PROFILE\." "$SESSION_FILE" > "$tmp" || true
  fi
  {
    echo "$PROFILE.endpoint=$ENDPOINT"
    echo "$PROFILE.session=$session"
    echo "$PROFILE.expires=$(date -u -d '+12 hours' +%FT%TZ 2>/dev/null || date -u -v+12H +%FT%TZ)"
  } >> "$tmp"
  chmod 600 "$tmp"
  mv "$tmp" "$SESSION_FILE"
}

check_deps() {
  local t
  for t in curl jq mktemp; do
    command -v "$t" >/dev/null 2>&1 || die "$t is required"
  done
}

check_deps
key="$(read_key)"
[[ -n "$key" ]] || die "no API key given"
session="$(exchange "$key")"
unset key
[[ -n "$session" && "$session" != null ]] || die "login failed"
store "$session"
echo "logged in to $ENDPOINT as profile '$PROFILE' (session saved to $SESSION_FILE)"
