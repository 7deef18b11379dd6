#!/usr/bin/env bash
# Walk every package in the monorepo and run a task (lint, typecheck, test)
# in the packages that define it. Reports a summary table at the end.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TASK="${1:-lint}"
shift || true
ONLY=()
FAIL_FAST=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) ONLY+=("$2"); shift 2 ;;
    --fail-fast) FAIL_FAST=1; shift ;;
    *) echo "unknown flag $1" >&2; exit 2 ;;
  esac
done

case "$TASK" in
  lint|typecheck|test|build) ;;
  *) echo "task must be one of lint|typecheck|test|build" >&2; exit 2 ;;
esac

declare -a PKG_DIRS=()
while IFS= read -r manifest; do
  PKG_DIRS+=("$(dirname "$manifest")")
done < <(find "$ROOT/packages" "$ROOT/apps" -mindepth 2 -maxdepth 2 -name package.json 2>/dev/null | sort)

if [[ ${#PKG_DIRS[@]} -eq 0 ]]; then
  echo "no packages found" >&2
  exit 1
fi

wanted() {
  local name="$1"
  [[ ${#ONLY[@]} -eq 0 ]] && return 0
  local o
  for o in "${ONLY[@]}"; do
    [[ "$name" == "$o" ]] && return 0
  done
  return 1
}

has_script() {
  jq -e --arg t "$TASK" '.scripts[$t] // empty' "$1/package.json" >/dev/null
}

declare -A RESULT=()
declare -A DURATION=()
overall=0

for dir in "${PKG_DIRS[@]}"; do
  name="$(jq -r .name "$dir/package.json")"
  wanted "$name" || continue
  if ! has_script "$dir"; then
    RESULT["$name"]="skip"
    DURATION["$name"]=0
    continue
  fi
  echo "::group::$name $TASK"
  start=$SECONDS
  if (cd "$dir" && npm run --silent "$TASK"); then
    RESULT["$name"]="ok"
  else
    RESULT["$name"]="FAIL"
    overall=1
  fi
  DURATION["$name"]=$((SECONDS - start))
  echo "::endgroup::"
  if [[ $overall -ne 0 && $FAIL_FAST -eq 1 ]]; then
    break
  fi
done

printf '\n%-40s %-6s %s\n' "package" "result" "seconds"
printf '%-40s %-6s %s\n' "-------" "------" "-------"
for name in $(printf '%s\n' "${!RESULT[@]}" | sort); do
  printf '%-40s %-6s %s\n' "$name" "${RESULT[$name]}" "${DURATION[$name]}"
done

exit "$overall"
