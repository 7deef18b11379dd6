#!/usr/bin/env bash
# players-status.sh - read-only status of the Anthias signage players.
#
# For every player in signage/players.tsv (name, base URL on *.internal) this
# queries the Anthias REST API with the player's basic-auth credentials from
# .env (ANTHIAS_USER/ANTHIAS_PASSWORD) and prints: reachable?, software
# version, current asset, number of active assets, disk free, uptime.  Nothing
# is changed on the players.  A JSON snapshot is kept in build/players/.
#
#   scripts/players-status.sh
#   scripts/players-status.sh --watch 60      # refresh every minute
#   scripts/players-status.sh --only lobby-2

set -uo pipefail

BASE="$(cd "$(dirname "$0")/.." && pwd)"
PLAYERS="$BASE/signage/players.tsv"
SNAPDIR="$BASE/build/players"
WATCH=0
ONLY=""
STALE_MINUTES=30

err() { printf 'players-status: %s\n' "$*" >&2; }
fatal() { err "$*"; exit 1; }

while (($#)); do
  case "$1" in
    --watch) WATCH="${2:?}"; shift 2 ;;
    --only) ONLY="${2:?}"; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) fatal "unknown option $1" ;;
  esac
done

explain_columns() {
  cat <<'EOF'
Columns
  player          name from signage/players.tsv
  up              "up" when /api/v2/info answered within 8 seconds, else DOWN
  version         Anthias version reported by the player
  current asset   what the viewer is showing right now
  assets          number of active assets in the playlist
  disk            free space as reported by the player
  uptime          days and hours since the player booted

Snapshots
  build/players/<timestamp>.json   one file per run, newest 200 kept

Frozen players
  When the previous snapshot is at least STALE_MINUTES (30) old and a player
  with more than one active asset still shows the same asset, it is listed
  as "possibly frozen" - usually a hung chromium that needs a reboot from
  the Anthias web UI.

Credentials are written to a private temporary netrc file (mode 600) for
curl and removed when the script exits.
EOF
}

if [[ "${EXPLAIN:-}" == 1 ]]; then
  explain_columns
  exit 0
fi

[[ -f "$PLAYERS" ]] || fatal "missing $PLAYERS"
command -v jq >/dev/null || fatal "jq required"

envval() { sed -n "s/^$1=//p" "$BASE/.env" 2>/dev/null | head -n1 | tr -d '"'; }
USER_NAME="${ANTHIAS_USER:-$(envval ANTHIAS_USER)}"
PASSWORD="${ANTHIAS_PASSWORD:-$(envval ANTHIAS_PASSWORD)}"
[[ -n "$USER_NAME" && -n "$PASSWORD" ]] || fatal "ANTHIAS_USER/ANTHIAS_PASSWORD missing in .env"

NETRC="$(mktemp)"
chmod 600 "$NETRC"
trap 'rm -f -- "$NETRC"' EXIT

check_url() {
  local url="$1" host
  host="$(sed -E 's#^https?://([^/:]+).*#\1#' <<<"$url")"
  [[ "$host" == *.internal ]] || { err "skipping $url: not an office host"; return 1; }
  # curl reads credentials from a private netrc so they do not appear in ps
  printf 'machine %s login %s password %s\n' "$host" "$USER_NAME" "$PASSWORD" > "$NETRC"
}

get() {
  curl -fsS --max-time 8 --netrc-file "$NETRC" "$1" 2>/dev/null
}

human_uptime() {
  local s="${1%.*}"
  [[ "$s" =~ ^[0-9]+$ ]] || { echo "?"; return; }
  printf '%dd%02dh' $((s / 86400)) $(((s % 86400) / 3600))
}

snapshot_once() {
  local name url info assets viewer out rows='[]'
  printf '%-12s %-5s %-10s %-28s %6s %8s %8s\n' player up version "current asset" assets disk uptime
  while IFS=$'\t' read -r name url; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
    check_url "$url" || continue
    url="${url%/}"
    if ! info="$(get "$url/api/v2/info")"; then
      printf '%-12s %-5s\n' "$name" "DOWN"
      rows="$(jq -c --arg n "$name" '. + [{name: $n, up: false}]' <<<"$rows")"
      continue
    fi
    assets="$(get "$url/api/v2/assets" || echo '[]')"
    viewer="$(get "$url/api/v2/viewer_current_asset" || echo '{}')"
    out="$(jq -c --arg n "$name" --argjson a "$assets" --argjson v "$viewer" '{
        name: $n, up: true,
        version: (.anthias_version // .viewlog // "?"),
        disk_free: (.free_space // "?"),
        uptime: (.uptime // 0),
        current: ($v.name // "-"),
        active: ([$a[] | select(.is_active)] | length)
      }' <<<"$info")"
    rows="$(jq -c --argjson o "$out" '. + [$o]' <<<"$rows")"
    jq -r --arg up "$(human_uptime "$(jq -r .uptime <<<"$out")")" \
      '[.name, "up", (.version|tostring)[0:10], (.current|tostring)[0:28], (.active|tostring), (.disk_free|tostring), $up] | @tsv' <<<"$out" \
      | awk -F'\t' '{printf "%-12s %-5s %-10s %-28s %6s %8s %8s\n", $1, $2, $3, $4, $5, $6, $7}'
  done < <(tail -n +2 "$PLAYERS")

  mkdir -p "$SNAPDIR"
  local snap="$SNAPDIR/$(date +%Y%m%d-%H%M%S).json"
  jq . <<<"$rows" > "$snap"
  # compare the current asset with the previous snapshot to spot frozen players
  local prev
  prev="$(ls -1t "$SNAPDIR"/*.json 2>/dev/null | sed -n 2p)"
  if [[ -n "$prev" ]]; then
    local age_min=$(( ( $(date +%s) - $(stat -c %Y "$prev") ) / 60 ))
    if (( age_min >= STALE_MINUTES )); then
      jq -r --slurpfile old "$prev" '
        .[] as $p | ($old[0][] | select(.name == $p.name)) as $o
        | select($p.up and $o.up and $p.current == $o.current and $p.active > 1)
        | "possibly frozen: \($p.name) still shows \($p.current)"' "$snap"
    fi
  fi
  # keep the newest 200 snapshots
  ls -1t "$SNAPDIR"/*.json 2>/dev/null | tail -n +201 | xargs -r rm -f --
}

validate_players_file() {
  local n=0 name url
  while IFS=$'\t' read -r name url; do
    n=$((n + 1))
    (( n == 1 )) && continue
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ "$name" =~ ^[a-z0-9-]+$ ]] || fatal "players.tsv line $n: bad name '$name'"
    [[ "$url" =~ ^https?://[a-z0-9.-]+\.internal(:[0-9]+)?/?$ ]] || fatal "players.tsv line $n: '$url' is not an office URL"
  done < "$PLAYERS"
}

validate_players_file

# Summary of the last 24 hours of snapshots: how often each player was down.
availability() {
  local since
  since=$(( $(date +%s) - 86400 ))
  find "$SNAPDIR" -name '*.json' -newermt "@$since" -print0 2>/dev/null \
    | xargs -0 -r cat \
    | jq -s -r 'map(.[]) | group_by(.name)[] |
        "\(.[0].name): \(map(select(.up)) | length)/\(length) snapshots up"'
}

if [[ "${1:-}" == "--availability" ]]; then
  availability
  exit 0
fi

if (( WATCH > 0 )); then
  while :; do
    clear
    date
    snapshot_once
    sleep "$WATCH"
  done
else
  snapshot_once
fi
