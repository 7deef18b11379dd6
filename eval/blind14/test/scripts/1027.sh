#!/usr/bin/env bash
# Pick and run a test suite from a menu. Handy in a fresh checkout when
# you do not remember the exact commands for each layer.
set -uo pipefail

cd "$(git rev-parse --show-toplevel)" || exit 1

declare -A suite_cmd=(
  ["unit (fast)"]="pnpm vitest run --project unit"
  ["integration"]="pnpm vitest run --project integration"
  ["e2e (headless)"]="pnpm playwright test"
  ["e2e (headed)"]="pnpm playwright test --headed --workers=1"
  ["go services"]="go test ./services/..."
  ["python workers"]="uv run pytest -q workers"
)
declare -a order=("unit (fast)" "integration" "e2e (headless)" "e2e (headed)" "go services" "python workers")
declare -A last_status=()

run_suite() {
  local label=$1 started rc
  local -a argv
  read -r -a argv <<< "${suite_cmd[$label]}"
  printf '\n>>> %s: %s\n' "$label" "${argv[*]}"
  started=$(date +%s)
  "${argv[@]}"
  rc=$?
  last_status[$label]="exit $rc in $(( $(date +%s) - started ))s"
  return "$rc"
}

show_status() {
  local label
  if [[ ${#last_status[@]} -eq 0 ]]; then
    echo "nothing run yet"
    return
  fi
  for label in "${order[@]}"; do
    [[ -n ${last_status[$label]+x} ]] && printf '  %-18s %s\n' "$label" "${last_status[$label]}"
  done
}

check_tools() {
  local missing=() tool
  for tool in pnpm go uv; do
    command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    printf 'note: not installed: %s (related suites will fail)\n' "${missing[*]}"
  fi
}

check_tools
if [[ ! -d node_modules ]]; then
  echo "note: node_modules missing; run pnpm install first"
fi

PS3=$'\nsuite number (or status/all/quit): '
while true; do
  select label in "${order[@]}" status all quit; do
    case $label in
      quit)
        show_status
        exit 0
        ;;
      status)
        show_status
        ;;
      all)
        for l in "${order[@]:0:3}"; do
          run_suite "$l" || { echo "stopping after failure in $l"; break; }
        done
        ;;
      "")
        echo "invalid choice: $REPLY"
        ;;
      *)
        run_suite "$label" || echo "$label failed"
        ;;
    esac
    break
  done
done
