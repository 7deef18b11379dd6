#!/usr/bin/env bash
# flows-backup.sh - back up and restore Node-RED flows on this machine.
#
#   tools/flows-backup.sh backup            # GET /flows -> backups/flows/<stamp>.json
#   tools/flows-backup.sh list
#   tools/flows-backup.sh diff [file]       # what changed since a backup
#   tools/flows-backup.sh restore <file> --yes
#
# Node-RED listens on 127.0.0.1:1880 (adminAuth on). The bearer token is the
# one `node-red-admin login` stored in ~/.node-red/.cli-config.json and is
# only sent to that local admin API. Credentials (flows_cred.json) are never
# part of these backups; they stay encrypted in the Node-RED user dir.
set -Eeuo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
ADMIN="${NODE_RED_ADMIN:-http://127.0.0.1:1880}"
CLI_CONFIG="$HOME/.node-red/.cli-config.json"
BACKUP_DIR="$ROOT/backups/flows"
KEEP=40
YES=0
TMP=""

log() { printf '[flows] %s\n' "$*"; }
die() { printf '[flows] error: %s\n' "$*" >&2; exit 1; }

cleanup() { [[ -n "$TMP" ]] && rm -f -- "$TMP"; return 0; }
trap cleanup EXIT

case "$ADMIN" in
  http://127.0.0.1:*) ;;
  http://localhost:*) ;;
  *) die "NODE_RED_ADMIN must be the local instance (got $ADMIN)" ;;
esac

token() {
  if [[ -n "${NODE_RED_TOKEN:-}" ]]; then
    printf '%s' "$NODE_RED_TOKEN"
    return
  fi
  [[ -f "$CLI_CONFIG" ]] || die "not logged in: run node-red-admin target $ADMIN && node-red-admin login"
  jq -r '.tokens.access_token // empty' "$CLI_CONFIG"
}

api() {
  local method="$1" path="$2"
  shift 2
  curl -fsS -X "$method" "$ADMIN$path" \
    -H "Authorization: Bearer $(token)" \
    -H "Node-RED-API-Version: v2" \
    "$@"
}

stamp() { date +%Y%m%d-%H%M%S; }

cmd_backup() {
  mkdir -p "$BACKUP_DIR"
  TMP="$(mktemp)"
  api GET /flows >"$TMP" || die "could not read flows (is Node-RED running?)"
  jq -e '.flows | length > 0' "$TMP" >/dev/null || die "empty flow set returned"
  local rev latest target
  rev="$(jq -r '.rev' "$TMP")"
  latest="$(ls -1t "$BACKUP_DIR"/*.json 2>/dev/null | head -n 1 || true)"
  if [[ -n "$latest" ]] && [[ "$(jq -r '.rev' "$latest")" == "$rev" ]]; then
    log "no change since $(basename "$latest") (rev $rev)"
    return 0
  fi
  target="$BACKUP_DIR/$(stamp)-$rev.json"
  jq --sort-keys . "$TMP" >"$target"
  log "saved $(basename "$target") ($(jq '.flows | length' "$target") nodes)"
  prune
}

prune() {
  local -a files
  mapfile -t files < <(ls -1t "$BACKUP_DIR"/*.json 2>/dev/null || true)
  local f
  for f in "${files[@]:KEEP}"; do
    rm -f -- "$f"
    log "pruned $(basename "$f")"
  done
}

cmd_list() {
  local f
  for f in "$BACKUP_DIR"/*.json; do
    [[ -e "$f" ]] || { log "no backups"; return; }
    printf '%-40s %5s nodes  %s tabs\n' "$(basename "$f")" \
      "$(jq '.flows | length' "$f")" "$(jq '[.flows[] | select(.type == "tab")] | length' "$f")"
  done
}

summarise_nodes() {
  jq -r '.flows[] | "\(.id)\t\(.type)\t\(.name // "")"' "$1" | sort
}

cmd_diff() {
  local file="${1:-}"
  [[ -n "$file" ]] || file="$(ls -1t "$BACKUP_DIR"/*.json | head -n 1)"
  [[ -f "$file" ]] || file="$BACKUP_DIR/$file"
  [[ -f "$file" ]] || die "no such backup"
  TMP="$(mktemp)"
  api GET /flows >"$TMP"
  log "changes since $(basename "$file"):"
  diff <(summarise_nodes "$file") <(summarise_nodes "$TMP") \
    | grep -E '^[<>]' | sed 's/^</  removed:/; s/^>/  added:  /' || log "  none"
}

validate_backup() {
  local file="$1"
  jq -e '.flows and (.flows | type == "array")' "$file" >/dev/null || die "$file is not a flows backup"
  local dup
  dup="$(jq -r '[.flows[].id] | group_by(.) | map(select(length > 1) | .[0]) | .[]' "$file")"
  [[ -z "$dup" ]] || die "backup contains duplicate node ids: $dup"
}

cmd_restore() {
  local file="${1:-}"
  [[ -n "$file" ]] || die "restore: which backup? (see: $0 list)"
  [[ -f "$file" ]] || file="$BACKUP_DIR/$file"
  [[ -f "$file" ]] || die "no such backup: $1"
  case "$(realpath "$file")" in
    "$BACKUP_DIR"/*) ;;
    *) die "restore only from backups/flows/" ;;
  esac
  validate_backup "$file"
  (( YES )) || die "restore replaces all running flows; add --yes"
  log "taking a safety backup of the running flows first"
  cmd_backup
  local rev
  rev="$(api GET /flows | jq -r '.rev')"
  jq --arg rev "$rev" '{flows: .flows, rev: $rev}' "$file" \
    | api POST /flows -H "Content-Type: application/json" -H "Node-RED-Deployment-Type: full" --data-binary @- \
    >/dev/null
  log "restored $(basename "$file")"
}

cmd_export_tab() {
  # export a single tab (by label) from the newest backup, e.g. to share it
  local label="${1:-}" latest id
  [[ -n "$label" ]] || die "export-tab needs a tab label"
  latest="$(ls -1t "$BACKUP_DIR"/*.json | head -n 1)"
  id="$(jq -r --arg l "$label" '.flows[] | select(.type == "tab" and .label == $l) | .id' "$latest")"
  [[ -n "$id" ]] || die "no tab labelled '$label' in $(basename "$latest")"
  jq --arg id "$id" '[.flows[] | select(.id == $id or .z == $id)]' "$latest" >"$ROOT/build/tab-${label// /_}.json"
  log "exported tab '$label' to build/tab-${label// /_}.json"
}

cmd_health() {
  local settings
  settings="$(api GET /settings)" || die "admin API not reachable"
  log "Node-RED $(jq -r '.version' <<<"$settings"), editor theme $(jq -r '.editorTheme.theme // "default"' <<<"$settings")"
  local count
  count="$(api GET /nodes | jq '[.[] | select(.enabled == false)] | length')"
  (( count == 0 )) || log "$count node module(s) disabled"
}

main() {
  local tool
  for tool in jq curl; do
    command -v "$tool" >/dev/null || die "$tool is needed"
  done
  local cmd="${1:-backup}"
  shift || true
  local -a rest=()
  while (( $# )); do
    case "$1" in
      --yes) YES=1 ;;
      --keep) KEEP="$2"; shift ;;
      *) rest+=("$1") ;;
    esac
    shift
  done
  case "$cmd" in
    backup) cmd_backup ;;
    list) cmd_list ;;
    diff) cmd_diff "${rest[@]:-}" ;;
    restore) cmd_restore "${rest[@]:-}" ;;
    health) cmd_health ;;
    export-tab) cmd_export_tab "${rest[@]:-}" ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
