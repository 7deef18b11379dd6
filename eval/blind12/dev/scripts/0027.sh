#!/usr/bin/env bash
# Run lint/typecheck/test for every workspace package that changed since a
# base ref (default origin/main). Results are collected into a table.
#   usage: scripts/check-changed.sh [-b base] [-t task]... [-a] [-j jobs]
set -euo pipefail

BASE="origin/main"
TASKS=()
ALL=0
JOBS=1

usage() {
  cat >&2 <<EOF
usage: $0 [-b base-ref] [-t lint|typecheck|test]... [-a] [-j jobs]
  -a  check all packages, not only changed ones
EOF
  exit 2
}

while getopts ":b:t:aj:h" opt; do
  case "$opt" in
    b) BASE="$OPTARG" ;;
    t) TASKS+=("$OPTARG") ;;
    a) ALL=1 ;;
    j) JOBS="$OPTARG" ;;
    h|*) usage ;;
  esac
done
shift $((OPTIND - 1))
(( ${#TASKS[@]} )) || TASKS=(lint typecheck test)

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

all_packages() {
  local d
  for d in packages/*/ apps/*/; do
    [[ -f "$d/package.json" ]] && echo "${d%/}"
  done
}

changed_packages() {
  git diff --name-only "$BASE"...HEAD \
    | awk -F/ '($1 == "packages" || $1 == "apps") && NF > 2 {print $1 "/" $2}' \
    | sort -u \
    | while read -r d; do [[ -f "$d/package.json" ]] && echo "$d"; done
}

has_script() {
  jq -e --arg s "$2" '.scripts[$s] != null' "$1/package.json" >/dev/null
}

run_task() {
  local pkg="$1" task="$2" log
  log="$(mktemp)"
  if ! has_script "$pkg" "$task"; then
    echo "$pkg $task skip"
  elif (cd "$pkg" && npm run --silent "$task") >"$log" 2>&1; then
    echo "$pkg $task ok"
  else
    echo "$pkg $task FAIL"
    sed 's/^/    /' "$log" | tail -n 30 >&2
  fi
  rm -f "$log"
}
export -f run_task has_script

main() {
  local pkgs
  if (( ALL )); then
    mapfile -t pkgs < <(all_packages)
  else
    git fetch --quiet origin
    mapfile -t pkgs < <(changed_packages)
  fi
  if (( ${#pkgs[@]} == 0 )); then
    echo "no changed packages since $BASE"
    exit 0
  fi
  echo "checking ${#pkgs[@]} package(s): ${pkgs[*]}"
  local results
  results="$(
    for p in "${pkgs[@]}"; do
      for t in "${TASKS[@]}"; do printf '%s\t%s\n' "$p" "$t"; done
    done | xargs -P "$JOBS" -L 1 bash -c 'run_task "$0" "$1"'
  )"
  column -t <<<"$results"
  ! grep -q ' FAIL$' <<<"$results"
}

main
