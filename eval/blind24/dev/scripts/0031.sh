#!/usr/bin/env bash
# optimize-assets.sh -- shrink images and SVGs in the site's asset folders.
#
#   scripts/optimize-assets.sh              # dry run, prints what would change
#   scripts/optimize-assets.sh --apply      # rewrite files (originals backed up)
#   scripts/optimize-assets.sh --restore    # put the last backup back
#
# Works on src/assets and public/ only. Uses magick (ImageMagick 7), svgo and
# cwebp when present. Originals are copied to .asset-backups/<stamp>/ before
# anything is rewritten; the three newest backups are kept.
set -euo pipefail
shopt -s globstar nullglob

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$ROOT"

DIRS=(src/assets public)
BACKUPS="$ROOT/.asset-backups"
STAMP="$(date +%Y%m%d-%H%M%S)"
MAX_WIDTH="${MAX_WIDTH:-2048}"
JPEG_Q="${JPEG_Q:-82}"
WEBP_Q="${WEBP_Q:-78}"
APPLY=0
RESTORE=0
LIST=()

log() { printf '[assets] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

while (($#)); do
  case "$1" in
    --apply) APPLY=1 ;;
    --restore) RESTORE=1 ;;
    --max-width) MAX_WIDTH="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
  shift
done

have() { command -v "$1" >/dev/null 2>&1; }

bytes() { wc -c <"$1" | tr -d ' '; }

human() {
  local b=$1
  if ((b > 1048576)); then
    printf '%d.%d MiB' $((b / 1048576)) $(((b % 1048576) * 10 / 1048576))
  elif ((b > 1024)); then
    printf '%d KiB' $((b / 1024))
  else
    printf '%d B' "$b"
  fi
}

restore_last() {
  local last
  last="$(ls -1d "$BACKUPS"/*/ 2>/dev/null | sort | tail -n 1)"
  [[ -n "$last" ]] || die "no backups in $BACKUPS"
  log "restoring from ${last%/}"
  (cd "$last" && find . -type f -print0) | while IFS= read -r -d '' f; do
    mkdir -p "$(dirname "$ROOT/${f#./}")"
    cp -p "$last/${f#./}" "$ROOT/${f#./}"
  done
  log "restored; remove the backup with: rm -r '${last%/}'"
}

if ((RESTORE)); then
  restore_last
  exit 0
fi

collect() {
  local d f
  for d in "${DIRS[@]}"; do
    [[ -d "$d" ]] || continue
    for f in "$d"/**/*.{png,jpg,jpeg,svg,PNG,JPG,JPEG,SVG}; do
      [[ -f "$f" ]] && LIST+=("$f")
    done
  done
}
collect
((${#LIST[@]})) || { log "no assets found under ${DIRS[*]}"; exit 0; }

backup() {
  local f="$1" dest="$BACKUPS/$STAMP/$1"
  mkdir -p "$(dirname "$dest")"
  cp -p "$f" "$dest"
}

width_of() { magick identify -format '%w' "$1[0]" 2>/dev/null || echo 0; }

optimize_raster() {
  local f="$1" w args=()
  w="$(width_of "$f")"
  if ((w > MAX_WIDTH)); then
    args+=(-resize "${MAX_WIDTH}x>")
  fi
  case "${f,,}" in
    *.jpg|*.jpeg) args+=(-strip -interlace Plane -sampling-factor 4:2:0 -quality "$JPEG_Q") ;;
    *.png) args+=(-strip -define png:compression-level=9 -define png:compression-filter=5) ;;
  esac
  if ((APPLY)); then
    magick mogrify "${args[@]}" "$f"
    if have cwebp; then
      cwebp -quiet -q "$WEBP_Q" "$f" -o "${f%.*}.webp"
    fi
  else
    printf 'would run: magick mogrify %s %q\n' "${args[*]}" "$f"
  fi
}

optimize_svg() {
  local f="$1"
  if ((APPLY)); then
    svgo --quiet --multipass -i "$f" -o "$f"
  else
    printf 'would run: svgo --multipass %q\n' "$f"
  fi
}

prune_backups() {
  local old
  mapfile -t old < <(ls -1d "$BACKUPS"/*/ 2>/dev/null | sort | head -n -3)
  for d in "${old[@]}"; do
    case "$d" in
      "$BACKUPS"/*) rm -rf -- "$d"; log "pruned old backup $(basename "$d")" ;;
    esac
  done
}

check_clean_tree() {
  # refuse to rewrite files that have uncommitted edits, so a bad run is
  # always recoverable from git as well as from the backup
  local dirty
  dirty="$(git status --porcelain -- "${DIRS[@]}" 2>/dev/null | grep -E '\.(png|jpe?g|svg)$' || true)"
  if [[ -n "$dirty" ]]; then
    log "uncommitted asset changes:"
    printf '%s\n' "$dirty" >&2
    die "commit or stash them before --apply"
  fi
}

((APPLY)) && check_clean_tree
have magick || die "ImageMagick 7 (magick) is required"
if ! have svgo; then
  log "svgo not installed; SVGs will be skipped (npm i -D svgo)"
fi

total_before=0
total_after=0
changed=0
for f in "${LIST[@]}"; do
  before="$(bytes "$f")"
  if ((APPLY)); then
    backup "$f"
  fi
  case "${f,,}" in
    *.svg) have svgo && optimize_svg "$f" ;;
    *) optimize_raster "$f" ;;
  esac
  if ((APPLY)); then
    after="$(bytes "$f")"
    total_before=$((total_before + before))
    total_after=$((total_after + after))
    if ((after < before)); then
      changed=$((changed + 1))
    elif ((after > before)); then
      # re-encoding made it bigger: put the original back
      cp -p "$BACKUPS/$STAMP/$f" "$f"
      total_after=$((total_after - after + before))
    fi
  fi
done

if ((APPLY)); then
  prune_backups
  log "$changed of ${#LIST[@]} files smaller; $(human "$total_before") -> $(human "$total_after")"
  log "undo with: $0 --restore"
else
  log "dry run over ${#LIST[@]} files; pass --apply to rewrite them"
fi
