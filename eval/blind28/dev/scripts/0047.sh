#!/usr/bin/env bash
# route-snapshot.sh - read-only snapshot of routing state on the lab route servers
#
# For every host in inventory/lab-hosts.txt (name type), collects over ssh:
#   frr  : show running-config, show bgp summary json, show ip route json
#   bird : show protocols all, show route count, bird.conf (cat)
# and stores it under snapshots/<date>/<host>/.  Then prints a diff of the
# BGP neighbour states against the previous snapshot.
#
#   tools/route-snapshot.sh [-i inventory/lab-hosts.txt] [-k KEEP] [--commit]
#
# Only show/read commands are sent.  Hosts must be in lab.internal; ssh runs
# with BatchMode so it never prompts, and with a short ConnectTimeout.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
INVENTORY="$ROOT/inventory/lab-hosts.txt"
SNAP_ROOT="$ROOT/snapshots"
KEEP=14
COMMIT=0
SSH_USER="${LAB_SSH_USER:-netops}"
SSH_OPTS=(-o BatchMode=yes -o ConnectTimeout=8 -o StrictHostKeyChecking=accept-new)

log() { printf '%s %s\n' "$(date +%T)" "$*"; }
die() { log "error: $*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    -i) INVENTORY="$2"; shift 2 ;;
    -k) KEEP="$2"; shift 2 ;;
    --commit) COMMIT=1; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

[[ -f "$INVENTORY" ]] || die "inventory $INVENTORY not found"
[[ "$KEEP" =~ ^[0-9]+$ ]] || die "-k expects a number"

TODAY="$(date +%Y-%m-%d_%H%M)"
OUT="$SNAP_ROOT/$TODAY"

remote() {
  local host="$1"
  shift
  ssh "${SSH_OPTS[@]}" "$SSH_USER@$host" "$@"
}

frr_snapshot() {
  local host="$1" dir="$2"
  remote "$host" "vtysh -c 'show running-config'" >"$dir/running-config.txt"
  remote "$host" "vtysh -c 'show bgp summary json'" >"$dir/bgp-summary.json"
  remote "$host" "vtysh -c 'show ip route json'" >"$dir/routes.json"
  jq -r '.ipv4Unicast.peers // {} | to_entries[] | "\(.key) \(.value.state) \(.value.pfxRcd // 0)"' \
    "$dir/bgp-summary.json" | sort >"$dir/neighbours.txt"
}

bird_snapshot() {
  local host="$1" dir="$2"
  remote "$host" "birdc -r show protocols all" >"$dir/protocols.txt"
  remote "$host" "birdc -r show route count" >"$dir/route-count.txt"
  remote "$host" "cat /etc/bird/bird.conf" >"$dir/bird.conf"
  awk '$2 == "BGP" {print $1, $4, $6}' "$dir/protocols.txt" | sort >"$dir/neighbours.txt"
}

previous_snapshot() {
  ls -1d "$SNAP_ROOT"/*/ 2>/dev/null | sed 's:/$::' | grep -v "/$TODAY\$" | sort | tail -n 1
}

compare_neighbours() {
  local host="$1" prev="$2"
  local before="$prev/$host/neighbours.txt" after="$OUT/$host/neighbours.txt"
  if [[ ! -f "$before" ]]; then
    log "$host: no previous snapshot to compare"
    return 0
  fi
  if diff -q "$before" "$after" >/dev/null; then
    log "$host: neighbour states unchanged"
  else
    log "$host: neighbour state changes:"
    diff -u "$before" "$after" | grep -E '^[+-][^+-]' | sed 's/^/    /' || true
  fi
}

prune_old() {
  local old
  while IFS= read -r old; do
    [[ -n "$old" ]] || continue
    case "$old" in
      "$SNAP_ROOT"/20*) rm -rf -- "$old"; log "pruned ${old#"$ROOT"/}" ;;
    esac
  done < <(ls -1d "$SNAP_ROOT"/20*/ 2>/dev/null | sed 's:/$::' | sort | head -n -"$KEEP")
}

route_counts() {
  # one line per host: prefixes in the RIB, taken from the files just written
  local host dir n
  printf '\n%-32s %10s\n' host prefixes
  for dir in "$OUT"/*/; do
    host="$(basename "$dir")"
    if [[ -f "$dir/routes.json" ]]; then
      n="$(jq 'keys | length' "$dir/routes.json" 2>/dev/null || echo '?')"
    elif [[ -f "$dir/route-count.txt" ]]; then
      n="$(grep -Eo '[0-9]+ of [0-9]+ routes' "$dir/route-count.txt" | head -n 1 | awk '{print $3}')"
    else
      n='?'
    fi
    printf '%-32s %10s\n' "$host" "${n:-?}"
  done
}

secrets_scrubbed() {
  # running configs can carry BGP passwords; replace them before committing
  local f
  for f in "$OUT"/*/running-config.txt "$OUT"/*/bird.conf; do
    [[ -e "$f" ]] || continue
    sed -i -E \
      -e 's/(neighbor [^ ]+ password) .*/\1 <removed>/' \
      -e 's/(password ")[^"]*(";)/\1<removed>\2/' \
      "$f"
  done
}

check_inventory() {
  local name type _ line=0 bad=0
  while read -r name type _; do
    line=$((line + 1))
    [[ -z "$name" || "$name" == \#* ]] && continue
    case "$type" in
      frr|bird) ;;
      *) log "inventory line $line: unknown type '$type'"; bad=$((bad + 1)) ;;
    esac
  done <"$INVENTORY"
  ((bad == 0)) || die "fix $INVENTORY first"
}

commit_snapshot() {
  git -C "$ROOT" add -- snapshots
  if git -C "$ROOT" diff --cached --quiet -- snapshots; then
    log "nothing to commit"
  else
    git -C "$ROOT" commit -q -m "route snapshot $TODAY" -- snapshots
    log "committed snapshot $TODAY"
  fi
}

main() {
  command -v jq >/dev/null || die "jq required"
  check_inventory
  mkdir -p "$OUT"
  local prev name type ok=0 failed=0
  prev="$(previous_snapshot || true)"
  while read -r name type _; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    case "$name" in
      *.lab.internal) ;;
      *) log "skip $name: not a lab host"; continue ;;
    esac
    mkdir -p "$OUT/$name"
    log "$name ($type)"
    if case "$type" in
         frr) frr_snapshot "$name" "$OUT/$name" ;;
         bird) bird_snapshot "$name" "$OUT/$name" ;;
         *) log "unknown type $type"; false ;;
       esac; then
      ok=$((ok + 1))
      [[ -n "$prev" ]] && compare_neighbours "$name" "$prev"
    else
      failed=$((failed + 1))
      log "$name: snapshot failed"
    fi
  done <"$INVENTORY"
  log "$ok host(s) ok, $failed failed -> ${OUT#"$ROOT"/}"
  secrets_scrubbed
  route_counts
  prune_old
  ((COMMIT)) && commit_snapshot
  ((failed == 0))
}

main
