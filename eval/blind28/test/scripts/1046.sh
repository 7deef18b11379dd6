#!/usr/bin/env bash
#
# Contacts
#   matrix bridge team (#matrix-dev)
#
# Related tools
#   tools/spam-sweep.ts     redact spam in test rooms
#   tools/synapse-report.js size report
#
# Requirements: curl, jq, GNU date.
#
# Safe to run repeatedly; the report is read-only
# and purges need --apply.
#
#
# ENVIRONMENT
#   SYNAPSE_URL          dev homeserver base URL (default http://localhost:8008)
#   SYNAPSE_ADMIN_TOKEN  admin access token of @admin on the dev server
#   Both may also come from .env in the repository root.
#
# FILES
#   docker/synapse-data/media_store   the dev server's media store (size only)
#   .env                              token and URL (gitignored)
#
# EXIT STATUS
#   0  report printed (and purge requested, if --apply)
#   1  configuration error, unreachable homeserver or refused room
#
# EXAMPLES
#   # what is using the disk?
#   tools/synapse-retention.sh
#   # after a big federation test: drop remote media older than two weeks
#   tools/synapse-retention.sh --purge-remote 14 --apply
#   # wipe the history of a noisy integration-test room
#   tools/synapse-retention.sh --purge-room '!xyz:matrix.test.internal' --apply
#
# NOTES
#   * purge_media_cache only removes the *cached copies* of remote media; the
#     remote servers still hold the originals and clients re-fetch on demand.
#   * purge_history runs asynchronously; the returned purge id can be polled at
#     /_synapse/admin/v1/purge_history_status/<id>.
#   * The production homeserver has its own retention policy in homeserver.yaml
#     and is deliberately unreachable from this script (see the URL check).
#   * Large purges lock the rooms table briefly; run them outside test windows.
#
# HISTORY
#   2024-03  first version (report only)
#   2024-05  remote media purge
#   2024-06  integration-test room purge with alias check
#
# synapse-retention.sh - keep the dev Synapse's media store in check.
#
#   tools/synapse-retention.sh                 report: media store size, top rooms, remote cache age
#   tools/synapse-retention.sh --purge-remote 30 --apply
#                                              purge cached REMOTE media older than 30 days
#   tools/synapse-retention.sh --purge-room '!abc:matrix.test.internal' --apply
#                                              purge history of one integration-test room
#
# Uses the documented admin API on the local dev homeserver only
# (SYNAPSE_URL must be http://localhost:8008 or a *.test.internal host).
# Local media uploaded by users is never purged; room history purges are only
# allowed for rooms whose alias starts with #it- (integration tests).
# Admin token: SYNAPSE_ADMIN_TOKEN in .env, shown masked.

set -euo pipefail

rd=$(cd -- "$(dirname -- "$0")/.." && pwd)
purge_days=""
purge_room=""
apply=0

log() { printf 'retention: %s\n' "$*"; }
die() { printf 'retention: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case $1 in
    --purge-remote) purge_days=$2; shift 2 ;;
    --purge-room) purge_room=$2; shift 2 ;;
    --apply) apply=1; shift ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
done

env_value() {
  local key=$1
  if [[ -n ${!key:-} ]]; then
    printf '%s' "${!key}"
  elif [[ -f $rd/.env ]]; then
    sed -n "s/^$key=//p" "$rd/.env" | tail -n 1
  fi
}

hs=$(env_value SYNAPSE_URL)
hs=${hs:-http://localhost:8008}
token=$(env_value SYNAPSE_ADMIN_TOKEN)
[[ -n $token ]] || die "SYNAPSE_ADMIN_TOKEN not set"
case $hs in
  http://localhost:8008|http://127.0.0.1:8008|https://*.test.internal) ;;
  *) die "SYNAPSE_URL $hs is not the dev homeserver" ;;
esac

masked() { printf '%s…(%d)' "${1:0:5}" "${#1}"; }

api() {
  local method=$1 path=$2
  shift 2
  local attempt
  for attempt in 1 2 3 4; do
    if curl -fsS -X "$method" -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$@" "$hs$path"; then
      return 0
    fi
    sleep $((attempt * 2))
  done
  return 1
}

report() {
  log "homeserver $hs, token $(masked "$token")"
  api GET /_synapse/admin/v1/server_version | jq -r '"synapse " + .server_version'
  log "largest rooms by state events:"
  api GET '/_synapse/admin/v1/rooms?order_by=state_events&limit=10' \
    | jq -r '.rooms[] | "  \(.state_events)\t\(.joined_members) members\t\(.canonical_alias // .room_id)"'
  log "top media uploaders:"
  api GET '/_synapse/admin/v1/statistics/users/media?order_by=media_length&dir=b&limit=10' \
    | jq -r '.users[] | "  \(.media_length / 1048576 | floor) MiB\t\(.media_count) files\t\(.user_id)"'
  if [[ -d $rd/docker/synapse-data/media_store ]]; then
    log "media store on disk: $(du -sh "$rd/docker/synapse-data/media_store" | cut -f1)"
  fi
}

purge_remote() {
  [[ $purge_days =~ ^[0-9]+$ ]] && ((purge_days >= 7)) || die "--purge-remote needs days >= 7"
  local before_ts
  before_ts=$(( ($(date +%s) - purge_days * 86400) * 1000 ))
  if ((apply == 0)); then
    log "dry run: would purge remote media cached before $(date -d "@$((before_ts / 1000))" +%F) (add --apply)"
    return
  fi
  api POST "/_synapse/admin/v1/purge_media_cache?before_ts=$before_ts" -d '{}' \
    | jq -r '"purged \(.deleted) cached remote media file(s)"'
}

purge_room_history() {
  local alias
  alias=$(api GET "/_synapse/admin/v1/rooms/$(jq -rn --arg r "$purge_room" '$r|@uri')" | jq -r '.canonical_alias // ""')
  case $alias in
    '#it-'*) ;;
    *) die "room $purge_room (alias '$alias') is not an integration-test room; refusing" ;;
  esac
  if ((apply == 0)); then
    log "dry run: would purge the history of $alias (add --apply)"
    return
  fi
  local ts
  ts=$(( $(date +%s) * 1000 ))
  api POST "/_synapse/admin/v1/purge_history/$(jq -rn --arg r "$purge_room" '$r|@uri')" \
    -d "{\"delete_local_events\": true, \"purge_up_to_ts\": $ts}" | jq -r '"purge id " + .purge_id'
}

purge_status() {
  # print the status of purges started earlier in this shell session
  local id
  for id in "$@"; do
    api GET "/_synapse/admin/v1/purge_history_status/$id" | jq -r --arg id "$id" '"purge \($id): \(.status)"'
  done
}

disk_report() {
  local store="$rd/docker/synapse-data/media_store"
  [[ -d $store ]] || return 0
  log "media store breakdown:"
  du -sh "$store"/local_content "$store"/remote_content "$store"/local_thumbnails "$store"/remote_thumbnail 2>/dev/null \
    | sed 's/^/  /'
}

command -v jq >/dev/null || die "please install jq"
report
disk_report
[[ -n $purge_days ]] && purge_remote
[[ -n $purge_room ]] && purge_room_history
exit 0
