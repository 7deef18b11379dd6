#!/usr/bin/env bash
# consul-kv-snap.sh - save and restore this app's Consul KV prefix.
#
#   tools/consul-kv-snap.sh save [name]        export app/<env>/ to kv-snapshots/<name>.json
#   tools/consul-kv-snap.sh restore <name>     replace app/<env>/ with a saved snapshot
#   tools/consul-kv-snap.sh diff <name>        show what restore would change
#   tools/consul-kv-snap.sh prune              keep the newest $KEEP snapshots
#
# Only the prefix app/$APP_ENV/ is ever read, deleted or written. restore
# deletes that prefix before importing, so it is limited to local agents and
# the dev/test environments unless --allow-remote is given for staging.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
SNAP_DIR="$ROOT/kv-snapshots"
APP_ENV="${APP_ENV:-dev}"
PREFIX="app/$APP_ENV/"
KEEP="${KEEP:-10}"
ALLOW_REMOTE=0
TMP=""

export CONSUL_HTTP_ADDR="${CONSUL_HTTP_ADDR:-127.0.0.1:8500}"

die() { echo "consul-kv-snap: $*" >&2; exit 1; }
cleanup() { [[ -n "$TMP" ]] && rm -rf -- "$TMP"; }
trap cleanup EXIT

args=()
for a in "$@"; do
  if [[ "$a" == "--allow-remote" ]]; then
    ALLOW_REMOTE=1
  else
    args+=("$a")
  fi
done
set -- "${args[@]+"${args[@]}"}"

is_local_agent() {
  local host="${CONSUL_HTTP_ADDR#*://}"
  host="${host%%:*}"
  [[ "$host" == "127.0.0.1" || "$host" == "localhost" ]]
}

guard_writes() {
  case "$APP_ENV" in
    dev|test) ;;
    staging) (( ALLOW_REMOTE )) || die "restoring staging needs --allow-remote" ;;
    *) die "refusing to restore into '$APP_ENV' with this tool" ;;
  esac
  if ! is_local_agent && (( ! ALLOW_REMOTE )); then
    die "CONSUL_HTTP_ADDR=$CONSUL_HTTP_ADDR is not local; pass --allow-remote if intended"
  fi
  [[ "$PREFIX" =~ ^app/[a-z]+/$ ]] || die "bad prefix '$PREFIX'"
}

snapshot_path() {
  local name="${1:?snapshot name}"
  [[ "$name" =~ ^[A-Za-z0-9._-]+$ ]] || die "bad snapshot name '$name'"
  printf '%s/%s-%s.json' "$SNAP_DIR" "$APP_ENV" "$name"
}

cmd_save() {
  local name="${1:-$(date +%Y%m%d-%H%M%S)}"
  local out
  out="$(snapshot_path "$name")"
  mkdir -p "$SNAP_DIR"
  consul kv export "$PREFIX" > "$out.tmp"
  local n
  n="$(jq 'length' "$out.tmp")"
  mv -f -- "$out.tmp" "$out"
  echo "saved $n keys under $PREFIX to ${out#$ROOT/}"
}

decode_values() {
  # consul kv export base64-encodes values; decode for human-readable diffs
  jq -r '.[] | "\(.key)\t\(.value | @base64d)"' "$1" | sort
}

cmd_diff() {
  local snap
  snap="$(snapshot_path "${1:-}")"
  [[ -f "$snap" ]] || die "no snapshot ${snap#$ROOT/}"
  TMP="$(mktemp -d)"
  consul kv export "$PREFIX" > "$TMP/current.json"
  decode_values "$TMP/current.json" > "$TMP/current.tsv"
  decode_values "$snap" > "$TMP/snap.tsv"
  if diff -u --label "live $PREFIX" --label "snapshot" "$TMP/current.tsv" "$TMP/snap.tsv"; then
    echo "no differences"
  fi
}

cmd_restore() {
  guard_writes
  local snap
  snap="$(snapshot_path "${1:-}")"
  [[ -f "$snap" ]] || die "no snapshot ${snap#$ROOT/}"
  # every key in the snapshot must be inside our prefix
  local outside
  outside="$(jq -r --arg p "$PREFIX" '[.[] | select(.key | startswith($p) | not)] | length' "$snap")"
  (( outside == 0 )) || die "snapshot contains $outside keys outside $PREFIX; refusing"
  cmd_save "pre-restore-$(date +%H%M%S)"
  echo "deleting $PREFIX on $CONSUL_HTTP_ADDR"
  consul kv delete -recurse "$PREFIX"
  consul kv import @"$snap"
  echo "restored $(jq length "$snap") keys from ${snap#$ROOT/}"
}

cmd_prune() {
  local -a snaps
  mapfile -t snaps < <(ls -1t "$SNAP_DIR/$APP_ENV"-*.json 2>/dev/null)
  if (( ${#snaps[@]} <= KEEP )); then
    echo "${#snaps[@]} snapshots, nothing to prune"
    return
  fi
  local f
  for f in "${snaps[@]:$KEEP}"; do
    rm -f -- "$f"
    echo "removed ${f#$ROOT/}"
  done
}

cmd_list() {
  local f
  for f in "$SNAP_DIR/$APP_ENV"-*.json; do
    [[ -e "$f" ]] || { echo "no snapshots for $APP_ENV"; return; }
    printf '%-48s %5s keys  %s\n' "$(basename "$f" .json)" "$(jq length "$f")" \
      "$(date -r "$f" '+%F %T')"
  done
}

cmd_get() {
  # print one key of the live prefix, decoded
  local key="${1:?key (relative to $PREFIX)}"
  [[ "$key" != /* && "$key" != *..* ]] || die "bad key '$key'"
  consul kv get "$PREFIX$key"
}

cmd_set() {
  guard_writes
  local key="${1:?key}" value="${2?value}"
  [[ "$key" != /* && "$key" != *..* ]] || die "bad key '$key'"
  cmd_save "pre-set-$(date +%H%M%S)" >/dev/null
  consul kv put "$PREFIX$key" "$value" >/dev/null
  echo "set $PREFIX$key"
}

cmd_verify() {
  # every snapshot must be valid JSON with keys under its own prefix
  local f bad=0
  for f in "$SNAP_DIR"/*.json; do
    [[ -e "$f" ]] || continue
    local env_of="${f##*/}"
    env_of="${env_of%%-*}"
    if ! jq -e --arg p "app/$env_of/" 'all(.[]; .key | startswith($p))' "$f" >/dev/null 2>&1; then
      echo "invalid: ${f#$ROOT/}"
      bad=$(( bad + 1 ))
    fi
  done
  echo "$bad invalid snapshot(s)"
  (( bad == 0 ))
}

main() {
  command -v consul >/dev/null || die "consul CLI not installed"
  command -v jq >/dev/null || die "jq not installed"
  consul info >/dev/null 2>&1 || die "no consul agent at $CONSUL_HTTP_ADDR"
  local cmd="${1:-list}"
  shift || true
  case "$cmd" in
    save) cmd_save "$@" ;;
    diff) cmd_diff "$@" ;;
    restore) cmd_restore "$@" ;;
    prune) cmd_prune ;;
    list) cmd_list ;;
    get) cmd_get "$@" ;;
    set) cmd_set "$@" ;;
    verify) cmd_verify ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
