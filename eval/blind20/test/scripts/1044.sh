#!/usr/bin/env bash
# tools/vendor-sync.sh - refresh the vendored Go modules and the git
# submodules used by the tidepool build, optionally through a mirror.
#
#   tools/vendor-sync.sh [-m mirror-base] [-s]
#     -m  base URL of the git mirror to fetch GitHub repositories from
#     -s  skip `go mod vendor`
set -euo pipefail

MIRROR="https://git-mirror.example.net"
SKIP_VENDOR=0
ROOT="$(git rev-parse --show-toplevel)"

while getopts ":m:s" opt; do
  case "$opt" in
    m) MIRROR="$OPTARG" ;;
    s) SKIP_VENDOR=1 ;;
    *) echo "usage: $0 [-m mirror] [-s]" >&2; exit 2 ;;
  esac
done

log() { echo "[vendor-sync] $*"; }

use_mirror() {
  # route every GitHub fetch through the mirror so builds work offline-ish
  git config --global "url.${MIRROR}/.insteadOf" "https://github.com/"
  log "fetches from github.com now go through ${MIRROR}"
}

submodules() {
  git -C "$ROOT" submodule sync --recursive
  git -C "$ROOT" submodule update --init --recursive --jobs 4
  git -C "$ROOT" submodule status
}

vendor() {
  (( SKIP_VENDOR )) && return 0
  (cd "$ROOT" && go mod tidy && go mod vendor)
  log "vendor/ has $(find "${ROOT}/vendor" -name '*.go' | wc -l) Go files"
}

check_go() {
  command -v go >/dev/null || { log "go toolchain not installed"; exit 1; }
  log "$(go version)"
  # toolchain directive in go.mod must be satisfiable
  grep -E '^toolchain ' "${ROOT}/go.mod" || true
}

verify() {
  (cd "$ROOT" && go mod verify)
  git -C "$ROOT" diff --stat -- go.mod go.sum vendor/modules.txt
}

main() {
  check_go
  use_mirror
  submodules
  vendor
  verify
}

main
