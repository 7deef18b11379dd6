#!/usr/bin/env bash
# Run a named task defined in tasks.conf (NAME=command lines), with dependencies.
set -euo pipefail

CONF="${TASKS_CONF:-tasks.conf}"
declare -A TASKS
declare -A DEPS
declare -A DONE

load() {
  [ -f "$CONF" ] || { echo "no $CONF" >&2; exit 1; }
  while IFS= read -r line; do
    line="${line%%#*}"
    [ -z "${line// }" ] && continue
    local name="${line%%=*}"
    local rest="${line#*=}"
    if [[ "$name" == *:deps ]]; then
      DEPS["${name%:deps}"]="$rest"
    else
      TASKS["$name"]="$rest"
    fi
  done < "$CONF"
}

run_task() {
  local name="$1"
  [ -n "${DONE[$name]:-}" ] && return 0
  if [ -z "${TASKS[$name]:-}" ]; then
    echo "unknown task: $name" >&2
    exit 1
  fi
  for dep in ${DEPS[$name]:-}; do
    run_task "$dep"
  done
  echo "==> $name: ${TASKS[$name]}"
  eval "${TASKS[$name]}"
  DONE["$name"]=1
}

list() {
  for k in "${!TASKS[@]}"; do
    printf '%-16s %s\n' "$k" "${TASKS[$k]}"
  done | sort
}

main() {
  load
  if [ $# -eq 0 ]; then
    list
    exit 0
  fi
  for t in "$@"; do
    run_task "$t"
  done
}

main "$@"
