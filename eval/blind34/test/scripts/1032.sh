#!/usr/bin/env bash
# janus-health.sh - health report for the dev Janus gateway via its Admin API.
#
# Lists sessions and handles, plugin versions, ICE state of each handle and
# the event handlers, and flags handles stuck in a non-"connected" ICE state
# for longer than STUCK_SECONDS.  Talks only to the admin endpoint in
# config/janus.dev.env (must be localhost or *.internal).  The admin secret is
# read from .env (JANUS_ADMIN_SECRET) and only placed in the JSON body of
# admin requests to that endpoint; it is never printed in full.
#
#   scripts/janus-health.sh
#   scripts/janus-health.sh --json > build/janus-health.json
#   scripts/janus-health.sh --destroy-stuck --yes   # only handles we created in tests

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CONF="$ROOT/config/janus.dev.env"
STUCK_SECONDS="${STUCK_SECONDS:-120}"
TEST_OPAQUE_PREFIX="e2e-"
JSON_OUT=0
DESTROY=0
YES=0

say() { printf '%s\n' "$*" >&2; }
quit() { say "janus-health: $*"; exit 1; }

while (($#)); do
  case "$1" in
    --json) JSON_OUT=1 ;;
    --destroy-stuck) DESTROY=1 ;;
    --yes) YES=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) quit "unknown option $1" ;;
  esac
  shift
done

long_help() {
  cat <<'EOF'
janus-health.sh - Janus Admin API health report (dev gateway only)

Config
  config/janus.dev.env   JANUS_ADMIN_URL=http://127.0.0.1:7088/admin
  .env                   JANUS_ADMIN_SECRET=...   (same as admin_secret in janus.jcfg)

Requests used
  info           server version, plugins, transports, event handlers
  list_sessions  all session ids
  list_handles   handles of one session
  handle_info    plugin, opaque id, ICE state and media counters of a handle
  destroy_session (only with --destroy-stuck --yes, only e2e-* test handles)

Columns
  session / handle   numeric ids
  plugin             videoroom, audiobridge, streaming, ...
  ice                connected / checking / failed / none
  opaque             opaque_id set by the client; our e2e tests use "e2e-*"

A handle counts as stuck when its ICE state is neither "connected" nor
"none" for longer than STUCK_SECONDS (default 120).
EOF
}

if [[ "${HELP:-}" == 1 ]]; then
  long_help
  exit 0
fi

command -v jq >/dev/null || quit "jq required"
command -v curl >/dev/null || quit "curl required"

kv() { awk -F= -v k="$2" '$1 == k {sub(/^[^=]*=/, ""); print; exit}' "$1" 2>/dev/null; }

ADMIN_URL="$(kv "$CONF" JANUS_ADMIN_URL)"
ADMIN_URL="${ADMIN_URL:-http://127.0.0.1:7088/admin}"
host="$(sed -E 's#^[a-z]+://([^/:]+).*#\1#' <<<"$ADMIN_URL")"
case "$host" in
  localhost|127.0.0.1|*.internal) ;;
  *) quit "admin URL host $host is not a dev host" ;;
esac

SECRET="${JANUS_ADMIN_SECRET:-$(kv "$ROOT/.env" JANUS_ADMIN_SECRET)}"
[[ -n "$SECRET" ]] || quit "JANUS_ADMIN_SECRET missing (.env)"
say "admin endpoint $ADMIN_URL, secret ${SECRET:0:2}…(${#SECRET})"

tx() { printf 'hc-%s-%s' "$$" "$RANDOM"; }

admin() {
  # admin REQUEST [SESSION [HANDLE]] -> JSON response
  local request="$1" session="${2:-}" handle="${3:-}" url="$ADMIN_URL" body
  [[ -n "$session" ]] && url="$url/$session"
  [[ -n "$handle" ]] && url="$url/$handle"
  body="$(jq -cn --arg r "$request" --arg t "$(tx)" --arg s "$SECRET" '{janus: $r, transaction: $t, admin_secret: $s}')"
  curl -fsS --max-time 10 -H 'Content-Type: application/json' -d "$body" "$url"
}

ping_admin() {
  local started ended
  started=$(date +%s%N)
  admin ping >/dev/null || return 1
  ended=$(date +%s%N)
  say "admin ping $(( (ended - started) / 1000000 )) ms"
}

ping_admin || quit "admin API did not answer ping at $ADMIN_URL"
info="$(admin info)" || quit "admin API not reachable"
if [[ "$(jq -r '.janus' <<<"$info")" != "server_info" ]]; then
  quit "unexpected reply to info: $(jq -c . <<<"$info" | head -c 200)"
fi
version="$(jq -r '.version_string' <<<"$info")"
plugins="$(jq -r '.plugins | to_entries | map("\(.key | sub("janus.plugin."; ""))@\(.value.version_string)") | join(", ")' <<<"$info")"
say "Janus $version; plugins: $plugins"

sessions_json="$(admin list_sessions)"
mapfile -t SESSIONS < <(jq -r '.sessions[]?' <<<"$sessions_json")

report='[]'
stuck=()
now="$(date +%s)"
for s in "${SESSIONS[@]}"; do
  handles_json="$(admin list_handles "$s")" || continue
  mapfile -t HANDLES < <(jq -r '.handles[]?' <<<"$handles_json")
  for h in "${HANDLES[@]}"; do
    hi="$(admin handle_info "$s" "$h")" || continue
    row="$(jq -c --arg s "$s" --arg h "$h" '{
        session: $s, handle: $h,
        plugin: (.info.plugin // "?"),
        opaque: (.info.opaque_id // ""),
        ice: (.info.webrtc.ice.state // "none"),
        created: ((.info.created // 0) / 1000000 | floor),
        bytes_in: ([.info.webrtc.media[]?.in_stats.bytes // 0] | add // 0)
      }' <<<"$hi")"
    report="$(jq -c --argjson r "$row" '. + [$r]' <<<"$report")"
    state="$(jq -r .ice <<<"$row")"
    created="$(jq -r .created <<<"$row")"
    if [[ "$state" != connected && "$state" != none ]] && (( now - created > STUCK_SECONDS )); then
      stuck+=("$s/$h/$(jq -r .opaque <<<"$row")")
    fi
  done
done

if (( JSON_OUT )); then
  jq -n --arg v "$version" --argjson handles "$report" '{version: $v, handles: $handles}'
else
  printf '%-18s %-18s %-16s %-12s %s\n' session handle plugin ice opaque
  jq -r '.[] | [.session, .handle, (.plugin | sub("janus.plugin."; "")), .ice, .opaque] | @tsv' <<<"$report" \
    | while IFS=$'\t' read -r a b c d e; do printf '%-18s %-18s %-16s %-12s %s\n' "$a" "$b" "$c" "$d" "$e"; done
fi

say "${#SESSIONS[@]} session(s), $(jq length <<<"$report") handle(s), ${#stuck[@]} stuck"

# Per-plugin breakdown and handles that received no media at all.
jq -r 'group_by(.plugin) | .[] | "\(.[0].plugin | sub("janus.plugin."; "")): \(length) handle(s)"' <<<"$report" >&2
silent="$(jq -r '[.[] | select(.ice == "connected" and .bytes_in == 0)] | length' <<<"$report")"
if (( silent > 0 )); then
  say "$silent connected handle(s) have received no media bytes (check TURN/codec setup)"
fi

# Event handlers and transports from `info`, to spot a disabled websocket transport.
jq -r '.transports // {} | keys[] | "transport: \(. | sub("janus.transport."; ""))"' <<<"$info" >&2
jq -r '.events // {} | keys[] | "event handler: \(. | sub("janus.eventhandler."; ""))"' <<<"$info" >&2

# Keep a small rolling history for the dashboard sparkline.
hist="$ROOT/build/janus-health.tsv"
mkdir -p "$(dirname "$hist")"
printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "${#SESSIONS[@]}" "$(jq length <<<"$report")" "${#stuck[@]}" >> "$hist"
tail -n 500 "$hist" > "$hist.tmp" && mv "$hist.tmp" "$hist"

if (( DESTROY )) && ((${#stuck[@]})); then
  for entry in "${stuck[@]}"; do
    IFS=/ read -r s h opaque <<<"$entry"
    if [[ "$opaque" != "$TEST_OPAQUE_PREFIX"* ]]; then
      say "leaving $s/$h alone (opaque '$opaque' is not one of our test handles)"
      continue
    fi
    if (( YES )); then
      admin destroy_session "$s" >/dev/null && say "destroyed test session $s"
    else
      say "would destroy test session $s (add --yes)"
    fi
  done
fi
