#!/usr/bin/env bash
# Photo desk: ingest a card/camera into the project, rename, tag, preview.
#
#   desk/ingest.sh camera  [--event NAME]        pull from camera via gphoto2
#   desk/ingest.sh card /media/$USER/EOS_DIGITAL [--event NAME]
#   desk/ingest.sh tag     [--event NAME]        write keywords into XMP sidecars
#   desk/ingest.sh preview [--event NAME]        darktable-cli JPEG previews
#   desk/ingest.sh report  [--event NAME]
#
# Originals are copied, never moved: the card is formatted in-camera by the
# photographer once the backup is confirmed. exiftool only writes sidecars
# (-o %d%f.%e.xmp) or files inside this project's library/ folder.
set -euo pipefail

DESK="$(cd "$(dirname "$0")/.." && pwd)"
LIB="$DESK/library"
BUILD="$DESK/build"
EVENT="$(date +%Y-%m-%d)"
KEYWORDS_FILE="$DESK/desk/keywords.txt"
RAW_GLOB='*.@(CR3|cr3|CR2|cr2|NEF|nef|ARW|arw|RAF|raf|DNG|dng)'
JPG_GLOB='*.@(JPG|jpg|JPEG|jpeg|HEIC|heic)'
shopt -s extglob nullglob

log() { printf '[ingest] %s\n' "$*"; }
die() { printf '[ingest] %s\n' "$*" >&2; exit 1; }

need() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null || die "missing tool: $t"
  done
}

parse_event() {
  while (( $# )); do
    case "$1" in
      --event) EVENT="$2"; shift 2 ;;
      *) shift ;;
    esac
  done
  [[ "$EVENT" =~ ^[A-Za-z0-9._-]+$ ]] || die "event name may only contain letters, digits, . _ -"
}

event_dir() { printf '%s/%s' "$LIB" "$EVENT"; }

rename_by_exif() {
  local dir="$1"
  # rename inside the event dir only: YYYYmmdd-HHMMSS_model_seq.ext
  exiftool -q -P -d '%Y%m%d-%H%M%S' \
    '-FileName<${DateTimeOriginal}_${Model;tr/ /_/}%-c.%le' \
    -ext cr3 -ext cr2 -ext nef -ext arw -ext raf -ext dng -ext jpg -ext heic \
    "$dir" || die "rename failed"
}

from_camera() {
  need gphoto2 exiftool
  local dest
  dest="$(event_dir)/originals"
  mkdir -p "$dest"
  gphoto2 --auto-detect | tail -n +3 | grep -q . || die "no camera detected"
  log "downloading from camera into ${dest#$DESK/}"
  (
    cd "$dest"
    gphoto2 --get-all-files --skip-existing --filename '%f.%C'
  )
  rename_by_exif "$dest"
  log "$(ls "$dest" | wc -l) files in ${dest#$DESK/}"
}

from_card() {
  need exiftool rsync
  local src="${1:?give the card mount point}"
  [[ -d "$src/DCIM" ]] || die "$src has no DCIM folder; is this a camera card?"
  local dest
  dest="$(event_dir)/originals"
  mkdir -p "$dest"
  log "copying $src/DCIM -> ${dest#$DESK/}"
  rsync -a --info=progress2 --ignore-existing \
    --include='*/' --include='*.CR3' --include='*.JPG' --include='*.NEF' --include='*.ARW' \
    --exclude='*' "$src/DCIM/" "$dest/incoming/"
  find "$dest/incoming" -type f -exec mv -n -t "$dest" {} +
  find "$dest/incoming" -depth -type d -empty -delete
  rename_by_exif "$dest"
  log "verifying copies"
  local n_src n_dst
  n_src="$(find "$src/DCIM" -type f \( -iname '*.cr3' -o -iname '*.jpg' -o -iname '*.nef' -o -iname '*.arw' \) | wc -l)"
  n_dst="$(find "$dest" -maxdepth 1 -type f | wc -l)"
  log "card: $n_src files, library: $n_dst files"
  (( n_dst >= n_src )) || die "fewer files in library than on card; do not format the card"
}

tag_event() {
  need exiftool
  local dir
  dir="$(event_dir)/originals"
  [[ -d "$dir" ]] || die "no originals for event $EVENT"
  local args=()
  if [[ -f "$KEYWORDS_FILE" ]]; then
    while IFS= read -r kw; do
      [[ -z "$kw" || "$kw" == \#* ]] && continue
      args+=("-XMP-dc:Subject+=$kw")
    done < "$KEYWORDS_FILE"
  fi
  args+=("-XMP-dc:Subject+=$EVENT")
  [[ -n "${PHOTOGRAPHER:-}" ]] && args+=("-XMP-dc:Creator=$PHOTOGRAPHER")
  log "writing ${#args[@]} tags into sidecars"
  local f
  for f in "$dir"/$RAW_GLOB "$dir"/$JPG_GLOB; do
    local side="$f.xmp"
    if [[ -f "$side" ]]; then
      exiftool -q -overwrite_original "${args[@]}" "$side"
    else
      exiftool -q -tagsfromfile "$f" '-all:all' "${args[@]}" -o "$side" "$f"
    fi
  done
}

preview_event() {
  need darktable-cli
  local dir out
  dir="$(event_dir)/originals"
  out="$BUILD/previews/$EVENT"
  mkdir -p "$out"
  local cfg
  cfg="$(mktemp -d "$BUILD/.dtconf.XXXX")"
  trap 'rm -rf -- "$cfg"' RETURN
  local f n=0
  for f in "$dir"/$RAW_GLOB; do
    local jpg="$out/$(basename "${f%.*}").jpg"
    [[ -f "$jpg" ]] && continue
    local side=()
    [[ -f "$f.xmp" ]] && side=("$f.xmp")
    if darktable-cli "$f" "${side[@]}" "$jpg" --width 2048 --height 2048 --hq true \
         --core --configdir "$cfg" >/dev/null 2>&1; then
      n=$((n + 1))
    else
      log "preview failed: $(basename "$f")"
    fi
  done
  log "$n new previews in ${out#$DESK/}"
}

report_event() {
  need exiftool
  local dir
  dir="$(event_dir)/originals"
  mkdir -p "$BUILD/reports"
  local csv="$BUILD/reports/$EVENT.csv"
  exiftool -q -csv -r -ext cr3 -ext nef -ext arw -ext jpg \
    -FileName -DateTimeOriginal -Model -LensModel -FocalLength -FNumber -ExposureTime -ISO \
    "$dir" > "$csv"
  log "report: ${csv#$DESK/} ($(($(wc -l < "$csv") - 1)) images)"
  awk -F, 'NR > 1 { lens[$5]++ } END { for (l in lens) printf "  %4d  %s\n", lens[l], l }' "$csv" | sort -rn
}

backup_check() {
  # The NAS mirror is done by the nightly job; just show whether the event is there yet.
  local mirror="/mnt/nas/photo-desk/library/$EVENT"
  if [[ -d "$mirror" ]]; then
    log "NAS mirror has $(find "$mirror" -type f | wc -l) files for $EVENT"
  else
    log "event not on the NAS mirror yet (nightly job)"
  fi
}

list_events() {
  local d
  for d in "$LIB"/*/; do
    printf '  %-24s %6s files\n' "$(basename "$d")" "$(find "$d" -type f | wc -l)"
  done
}

cmd="${1:-}"
[[ "$cmd" == "list" ]] && { list_events; exit 0; }
[[ -n "$cmd" ]] || { sed -n '2,13p' "$0"; exit 1; }
shift
case "$cmd" in
  camera) parse_event "$@"; from_camera; backup_check ;;
  card) src="${1:-}"; shift || true; parse_event "$@"; from_card "$src"; backup_check ;;
  tag) parse_event "$@"; tag_event ;;
  preview) parse_event "$@"; preview_event ;;
  report) parse_event "$@"; report_event ;;
  *) die "unknown command $cmd" ;;
esac
