#!/usr/bin/env bash
# scripts/ci/clean-workspace.sh
# Remove build outputs of every CMake/Conan preset so CI starts from scratch.
# Only paths below the repository root are ever deleted.
set -euo pipefail

REPO_ROOT="$(git rev-parse --show-toplevel)"
cd "$REPO_ROOT"

PRESET_DIRS=(
  "build"
  "build-asan"
  "build-release"
  "out"
  ".conan-cache"
  "cmake-build-debug"
)

VERBOSE=0
KEEP_CONAN=0

usage() {
  cat <<USAGE
usage: $(basename "$0") [-v] [-k]
  -v  verbose
  -k  keep .conan-cache (faster rebuilds)
USAGE
}

while getopts ":vkh" opt; do
  case "$opt" in
    v) VERBOSE=1 ;;
    k) KEEP_CONAN=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

log() { [[ $VERBOSE -eq 1 ]] && echo "[clean] $*" || true; }

inside_repo() {
  local target
  target="$(realpath -m "$1")"
  [[ "$target" == "$REPO_ROOT"/* && "$target" != "$REPO_ROOT" ]]
}

remove_dir() {
  local dir="$1"
  if [[ ! -e "$dir" ]]; then
    log "skip $dir (absent)"
    return 0
  fi
  if [[ -L "$dir" ]]; then
    echo "refusing to follow symlink $dir" >&2
    return 1
  fi
  if ! inside_repo "$dir"; then
    echo "refusing to delete $dir outside $REPO_ROOT" >&2
    return 1
  fi
  local size
  size="$(du -sh "$dir" 2>/dev/null | cut -f1)"
  rm -rf -- "$dir"
  echo "removed $dir ($size)"
}

cleanup_tmp() {
  [[ -n "${SCRATCH:-}" && -d "$SCRATCH" ]] && rm -rf -- "$SCRATCH"
}
SCRATCH="$(mktemp -d)"
trap cleanup_tmp EXIT

failed=0
for dir in "${PRESET_DIRS[@]}"; do
  if [[ "$dir" == ".conan-cache" && $KEEP_CONAN -eq 1 ]]; then
    log "keeping $dir"
    continue
  fi
  remove_dir "$dir" || failed=1
done

# generated compile database symlink at the root
if [[ -L compile_commands.json ]]; then
  rm -f compile_commands.json
  log "removed compile_commands.json link"
fi

git status --short --ignored > "$SCRATCH/status.txt"
log "ignored files left: $(grep -c '^!!' "$SCRATCH/status.txt" || true)"
exit "$failed"
