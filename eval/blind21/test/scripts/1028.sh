#!/usr/bin/env bash
# infra.sh - run pyinfra deploys for the ledger hosts.
#
#   ./infra.sh plan  qa deploy/web.py          dry run (--dry) against inventories/qa.py
#   ./infra.sh apply qa deploy/web.py --limit qa-web-1
#   ./infra.sh facts qa server.LinuxDistribution
#
# apply is only possible for the environments in APPLY_ENVS, needs a --limit
# naming hosts from the inventory (at most MAX_HOSTS), and always runs the
# dry run first in the same invocation. Logs go to .infra-logs/.
#
# Requirements: pyinfra 3.x in the active virtualenv, ssh keys loaded.
set -euo pipefail

cd "$(dirname "$0")"
readonly BASE="$PWD"
readonly APPLY_ENVS="dev qa"
readonly MAX_HOSTS=6
readonly LOGS="$BASE/.infra-logs"

ACTION="${1:-}"
ENVNAME="${2:-}"
TARGET="${3:-}"
shift $(( $# < 3 ? $# : 3 ))
LIMIT=""
EXTRA=()

bail() { echo "infra.sh: $*" >&2; exit 1; }
heading() { printf '\n=== %s ===\n' "$*"; }

while (( $# )); do
  case "$1" in
    --limit) LIMIT="${2:?--limit needs hosts}"; shift 2 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) bail "unknown option $1" ;;
  esac
done

usage() {
  sed -n '3,9p' "$0"
  exit 2
}

[[ -n "$ACTION" && -n "$ENVNAME" ]] || usage

inventory() {
  local inv="inventories/$ENVNAME.py"
  [[ -f "$inv" ]] || bail "no inventory $inv"
  echo "$inv"
}

# pyinfra inventories are Python files with lists of hosts or (host, data)
# tuples; evaluate the file the same way pyinfra does and print host names.
# This only runs our own committed inventory file.
inventory_hosts() {
  python3 - "$(inventory)" <<'PY'
import runpy, sys
ns = runpy.run_path(sys.argv[1])
hosts = []
for name, value in ns.items():
    if name.startswith("_") or not isinstance(value, (list, tuple)):
        continue
    for item in value:
        hosts.append(item[0] if isinstance(item, tuple) else item)
print("\n".join(sorted(set(h for h in hosts if isinstance(h, str)))))
PY
}

check_limit() {
  [[ -n "$LIMIT" ]] || bail "apply needs --limit host[,host...]"
  local known
  known=$(inventory_hosts)
  local IFS=,
  local -a wanted=($LIMIT)
  (( ${#wanted[@]} <= MAX_HOSTS )) || bail "--limit names ${#wanted[@]} hosts; max is $MAX_HOSTS"
  local h
  for h in "${wanted[@]}"; do
    grep -qx -- "$h" <<<"$known" || bail "host '$h' is not in $(inventory)"
  done
}

env_allowed() {
  local e
  for e in $APPLY_ENVS; do
    [[ "$e" == "$ENVNAME" ]] && return 0
  done
  return 1
}

logged() {
  mkdir -p "$LOGS"
  local log="$LOGS/$(date +%Y%m%d-%H%M%S)-$ENVNAME-$1.log"
  shift
  echo "+ $*"
  "$@" 2>&1 | tee "$log"
  local rc=${PIPESTATUS[0]}
  echo "(log: ${log#"$BASE"/})"
  return "$rc"
}

pyinfra_args() {
  local -n out=$1
  out=(pyinfra -y "$(inventory)" "$TARGET")
  [[ -n "$LIMIT" ]] && out+=(--limit "$LIMIT")
  if (( ${#EXTRA[@]} )); then out+=("${EXTRA[@]}"); fi
}

plan() {
  [[ -f "$TARGET" ]] || bail "no deploy file $TARGET"
  heading "dry run: $TARGET on $ENVNAME${LIMIT:+ (limit $LIMIT)}"
  local -a argv
  pyinfra_args argv
  logged plan "${argv[@]}" --dry || bail "dry run failed"
}

apply() {
  env_allowed || bail "apply is not allowed for '$ENVNAME' from here (allowed: $APPLY_ENVS)"
  check_limit
  plan
  heading "apply: $TARGET on $LIMIT"
  if [[ -t 0 ]]; then
    read -r -p "apply these changes? [y/N] " answer
    [[ "$answer" == y || "$answer" == Y ]] || bail "aborted"
  fi
  local -a argv
  pyinfra_args argv
  logged apply "${argv[@]}"
}

facts() {
  [[ -n "$TARGET" ]] || bail "facts needs a fact name, e.g. server.Os"
  pyinfra "$(inventory)" fact "$TARGET" ${LIMIT:+--limit "$LIMIT"}
}

diff_last_two() {
  # compare the two most recent dry runs for this environment, handy when a
  # plan suddenly grows
  local -a plans
  mapfile -t plans < <(ls -1t "$LOGS"/*-"$ENVNAME"-plan.log 2>/dev/null | head -n 2)
  (( ${#plans[@]} == 2 )) || bail "need two plan logs for $ENVNAME"
  diff -u --label previous --label latest \
    <(sed -E 's/\x1b\[[0-9;]*m//g' "${plans[1]}" | grep -E '^\s*\[|Changed|No change') \
    <(sed -E 's/\x1b\[[0-9;]*m//g' "${plans[0]}" | grep -E '^\s*\[|Changed|No change') || true
}

hosts_cmd() {
  heading "hosts in $(inventory)"
  inventory_hosts | sed 's/^/  /'
}

preflight() {
  local py
  py=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  case "$py" in
    3.1[0-9]) ;;
    *) bail "python $py is too old for pyinfra 3 (need 3.10+)" ;;
  esac
  if [[ -n "$(git status --porcelain -- deploy inventories 2>/dev/null)" && "$ACTION" == apply ]]; then
    bail "uncommitted changes in deploy/ or inventories/; commit before apply"
  fi
}

trim_logs() {
  local -a all
  mapfile -t all < <(ls -1t "$LOGS"/*.log 2>/dev/null || true)
  if (( ${#all[@]} > 100 )); then
    printf '%s\0' "${all[@]:100}" | xargs -0 rm -f --
  fi
}

command -v pyinfra >/dev/null || bail "pyinfra not installed (pip install -r requirements-ops.txt)"
preflight
case "$ACTION" in
  hosts) hosts_cmd ;;
  diff) diff_last_two ;;
  plan) plan ;;
  apply) apply ;;
  facts) facts ;;
  *) usage ;;
esac
trim_logs
