#!/usr/bin/env bash
# scratch-pool.sh - keep a small pool of ready scratch orgs for reviewers.
#
# Pool state lives in .sf-pool (one line per org: alias username expiry-date).
# Only orgs recorded there are ever deleted, and only after `sf org display`
# confirms they are scratch orgs. Shared sandboxes / production are never in
# the pool and aliases starting with prod/uat are rejected outright.
#
#   tools/scratch-pool.sh fill [N]     create orgs until the pool has N (default 3)
#   tools/scratch-pool.sh claim        print + remove one ready org from the pool
#   tools/scratch-pool.sh reap         delete expired pool orgs
#   tools/scratch-pool.sh status
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
POOL="$ROOT/.sf-pool"
DEF="$ROOT/config/project-scratch-def.json"
DEVHUB="${SF_DEVHUB:-devhub}"
DAYS="${POOL_DAYS:-3}"
LOCK="$ROOT/.sf-pool.lock"

log() { echo "[pool] $*" >&2; }
die() { log "error: $*"; exit 1; }

with_lock() {
  exec 9>"$LOCK"
  flock -w 60 9 || die "pool is locked by another run"
}

sfj() {
  sf "$@" --json 2>/dev/null
}

is_scratch() {
  local alias="$1" out
  out="$(sfj org display --target-org "$alias")" || return 1
  [[ "$(jq -r '.result.isScratch // .result.devHubId // empty' <<<"$out")" != "" ]]
}

reserved_alias() {
  case "$1" in
    prod*|uat*|staging*|production*) return 0 ;;
  esac
  return 1
}

pool_lines() {
  [[ -f "$POOL" ]] || return 0
  grep -v '^\s*$' "$POOL"
}

pool_size() {
  pool_lines | wc -l | tr -d ' '
}

new_alias() {
  printf 'pool-%s-%04d' "$(date +%m%d)" "$((RANDOM % 10000))"
}

create_one() {
  local alias out user expiry
  alias="$(new_alias)"
  reserved_alias "$alias" && die "generated a reserved alias?"
  log "creating $alias"
  out="$(sfj org create scratch -f "$DEF" -a "$alias" --duration-days "$DAYS" \
          --target-dev-hub "$DEVHUB" --wait 20)" || { log "create failed"; return 1; }
  user="$(jq -r '.result.username' <<<"$out")"
  expiry="$(date -d "+$DAYS days" +%F)"
  if ! sfj project deploy start --target-org "$alias" --wait 30 >/dev/null; then
    log "deploy to $alias failed; deleting the org we just created"
    sf org delete scratch --target-org "$alias" --no-prompt >/dev/null 2>&1
    return 1
  fi
  sfj org assign permset --name Invoice_User --target-org "$alias" >/dev/null || true
  echo "$alias $user $expiry" >>"$POOL"
  log "ready: $alias ($user) until $expiry"
}

cmd_fill() {
  local want="${1:-3}" have
  [[ "$want" =~ ^[0-9]+$ ]] && (( want <= 10 )) || die "pool size must be 0-10"
  have="$(pool_size)"
  log "pool has $have, want $want"
  while (( have < want )); do
    create_one || break
    have=$((have + 1))
  done
}

cmd_claim() {
  local line
  line="$(pool_lines | head -n 1)"
  [[ -n "$line" ]] || die "pool is empty; run fill"
  local tmp; tmp="$(mktemp)"
  pool_lines | tail -n +2 >"$tmp"
  mv "$tmp" "$POOL"
  read -r alias user expiry <<<"$line"
  echo "alias=$alias"
  echo "username=$user"
  echo "expires=$expiry"
  sf org open --target-org "$alias" --url-only 2>/dev/null | tail -n 1
}

cmd_reap() {
  local today tmp alias user expiry kept=0 reaped=0
  today="$(date +%F)"
  tmp="$(mktemp)"
  while read -r alias user expiry; do
    [[ -z "$alias" ]] && continue
    if reserved_alias "$alias"; then
      log "skipping reserved alias $alias found in pool file"
      echo "$alias $user $expiry" >>"$tmp"
      kept=$((kept + 1))
      continue
    fi
    if [[ "$expiry" > "$today" ]]; then
      echo "$alias $user $expiry" >>"$tmp"
      kept=$((kept + 1))
      continue
    fi
    if is_scratch "$alias"; then
      log "deleting expired scratch org $alias"
      sf org delete scratch --target-org "$alias" --no-prompt >/dev/null 2>&1 || true
    else
      log "$alias already gone or not a scratch org; dropping from pool file only"
    fi
    sf alias unset "$alias" >/dev/null 2>&1 || true
    reaped=$((reaped + 1))
  done < <(pool_lines)
  mv "$tmp" "$POOL"
  log "reaped $reaped, kept $kept"
}

cmd_status() {
  printf '%-20s %-40s %s\n' ALIAS USERNAME EXPIRES
  pool_lines | while read -r alias user expiry; do
    printf '%-20s %-40s %s\n' "$alias" "$user" "$expiry"
  done
  local limits
  limits="$(sfj org list limits --target-org "$DEVHUB")" || return 0
  jq -r '.result[] | select(.name | test("ScratchOrgs")) | "\(.name): \(.remaining)/\(.max) remaining"' <<<"$limits"
}

cmd_doctor() {
  # sanity checks that catch most pool failures before a long create run
  local ok=1
  if ! sfj org display --target-org "$DEVHUB" >/dev/null; then
    log "dev hub '$DEVHUB' not authorised (sf org login web -d -a $DEVHUB)"
    ok=0
  fi
  if ! jq -e '.edition' "$DEF" >/dev/null 2>&1; then
    log "scratch definition has no edition"
    ok=0
  fi
  local stale
  stale="$(pool_lines | awk -v t="$(date +%F)" '$3 <= t' | wc -l | tr -d ' ')"
  (( stale == 0 )) || log "$stale expired org(s) in the pool; run reap"
  local untracked
  untracked="$(sf alias list --json 2>/dev/null \
    | jq -r '.result[] | select(.alias | startswith("pool-")) | .alias' \
    | grep -vxF -f <(pool_lines | awk '{print $1}') || true)"
  [[ -z "$untracked" ]] || log "pool-* aliases not in .sf-pool (left alone): $untracked"
  (( ok )) && log "doctor: ok"
}

main() {
  command -v sf >/dev/null || die "sf CLI not installed"
  command -v jq >/dev/null || die "jq not installed"
  [[ -f "$DEF" ]] || die "missing config/project-scratch-def.json"
  local cmd="${1:-status}"; shift || true
  with_lock
  case "$cmd" in
    fill) cmd_fill "$@" ;;
    claim) cmd_claim ;;
    reap) cmd_reap ;;
    status) cmd_status ;;
    doctor) cmd_doctor ;;
    *) sed -n '2,13p' "$0"; exit 2 ;;
  esac
}

main "$@"
