#!/usr/bin/env bash
# Client delivery export: RAW selects -> graded JPEGs with metadata.
#
#   delivery/export.sh <client> <job> [--size 3000] [--quality 90] [--watermark]
#
# Renders library/<client>/<job>/selects/*.{CR3,NEF,ARW} with darktable-cli
# (private config dir under build/), applies copyright/credit with exiftool
# to the *exported JPEGs only* (-overwrite_original on files this script just
# created in build/delivery/), builds a zip and a contact sheet.
set -euo pipefail
shopt -s nullglob nocaseglob

BASE="$(cd "$(dirname "$0")/.." && pwd)"
SIZE=3000
QUALITY=90
WATERMARK=0

log() { printf '[export] %s\n' "$*"; }
die() { printf '[export] error: %s\n' "$*" >&2; exit 1; }

CLIENT="${1:-}"; JOB="${2:-}"
[[ -n "$CLIENT" && -n "$JOB" ]] || die "usage: export.sh <client> <job> [options]"
shift 2
while (( $# )); do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --quality) QUALITY="$2"; shift 2 ;;
    --watermark) WATERMARK=1; shift ;;
    *) die "unknown option $1" ;;
  esac
done
for v in "$CLIENT" "$JOB"; do
  [[ "$v" =~ ^[A-Za-z0-9_-]+$ ]] || die "invalid name '$v'"
done

SELECTS="$BASE/library/$CLIENT/$JOB/selects"
OUT="$BASE/build/delivery/$CLIENT-$JOB"
DTCONF="$BASE/build/.darktable-export"
STUDIO_JSON="$BASE/studio.json"
[[ -d "$SELECTS" ]] || die "no selects folder: ${SELECTS#$BASE/}"
for t in darktable-cli exiftool zip; do
  command -v "$t" >/dev/null || die "$t not installed"
done

preflight() {
  # warn about selects without edits and about mixed cameras before rendering
  local raw missing=0 total=0
  for raw in "$SELECTS"/*.cr3 "$SELECTS"/*.nef "$SELECTS"/*.arw; do
    total=$((total + 1))
    [[ -f "$raw.xmp" ]] || missing=$((missing + 1))
  done
  (( missing )) && log "note: $missing of $total selects have no darktable sidecar (default look)"
  local models
  models="$(exiftool -q -s3 -Model "$SELECTS" 2>/dev/null | sort -u | paste -sd, -)"
  log "cameras in selects: ${models:-unknown}"
  local ratings
  ratings="$(exiftool -q -s3 -Rating "$SELECTS" 2>/dev/null | sort | uniq -c | tr -s ' ' | paste -sd';' -)"
  [[ -n "$ratings" ]] && log "ratings: $ratings"
  return 0
}

disk_check() {
  local need_mb avail_mb
  need_mb=$(( $(find "$SELECTS" -type f | wc -l) * 15 ))
  avail_mb="$(df -Pm "$BASE" | awk 'NR==2 {print $4}')"
  if (( avail_mb < need_mb * 2 )); then
    die "about ${need_mb} MB needed for the export, only ${avail_mb} MB free"
  fi
}

preflight
disk_check

PHOTOGRAPHER="$(jq -r '.photographer // "Studio"' "$STUDIO_JSON" 2>/dev/null || echo Studio)"
STUDIO_NAME="$(jq -r '.studio_name // "Studio"' "$STUDIO_JSON" 2>/dev/null || echo Studio)"
YEAR="$(date +%Y)"

rm -rf -- "$OUT"
mkdir -p "$OUT/jpg" "$DTCONF"
cleanup() { rm -rf -- "$DTCONF"; }
trap cleanup EXIT

render() {
  local raw="$1" base xmp out
  base="$(basename "${raw%.*}")"
  out="$OUT/jpg/$base.jpg"
  xmp="$raw.xmp"
  local args=("$raw")
  [[ -f "$xmp" ]] && args+=("$xmp")
  args+=("$out" --width "$SIZE" --height "$SIZE" --hq true --upscale false
         --core --configdir "$DTCONF" --conf "plugins/imageio/format/jpeg/quality=$QUALITY")
  if darktable-cli "${args[@]}" >/dev/null 2>&1; then
    echo ok
  else
    echo "fail $base"
  fi
}

raws=("$SELECTS"/*.cr3 "$SELECTS"/*.nef "$SELECTS"/*.arw "$SELECTS"/*.raf "$SELECTS"/*.dng)
(( ${#raws[@]} )) || die "no RAW files in selects"
log "rendering ${#raws[@]} file(s) at ${SIZE}px q$QUALITY"
fails=0
for raw in "${raws[@]}"; do
  res="$(render "$raw")"
  if [[ "$res" != ok ]]; then
    log "  ${res}"
    fails=$((fails + 1))
  fi
done
jpgs=("$OUT"/jpg/*.jpg)
log "${#jpgs[@]} JPEG(s) rendered, $fails failure(s)"
(( ${#jpgs[@]} )) || die "nothing rendered"

log "writing metadata into the exported JPEGs"
exiftool -q -overwrite_original \
  -Artist="$PHOTOGRAPHER" \
  -Copyright="© $YEAR $STUDIO_NAME" \
  -XMP-dc:Rights="© $YEAR $STUDIO_NAME. Licensed to $CLIENT for job $JOB." \
  -XMP-photoshop:Credit="$STUDIO_NAME" \
  -IPTC:Keywords+="$CLIENT" -IPTC:Keywords+="$JOB" \
  -GPS:all= \
  "$OUT/jpg"

if (( WATERMARK )); then
  command -v magick >/dev/null || die "--watermark needs ImageMagick 7 (magick)"
  mkdir -p "$OUT/proof"
  for j in "${jpgs[@]}"; do
    magick "$j" -resize 1600x1600 -gravity southeast -pointsize 36 -fill 'rgba(255,255,255,0.6)' \
      -annotate +30+30 "PROOF · $STUDIO_NAME" "$OUT/proof/$(basename "$j")"
  done
  log "proof copies in ${OUT#$BASE/}/proof"
fi

contact_sheet() {
  command -v magick >/dev/null || { log "skip contact sheet (no ImageMagick)"; return 0; }
  magick montage "$OUT"/jpg/*.jpg -thumbnail 400x400 -geometry +8+8 -tile 6x \
    -background white "$OUT/contact-sheet.jpg"
  log "contact sheet: ${OUT#$BASE/}/contact-sheet.jpg"
}
contact_sheet

checksums() {
  (cd "$OUT/jpg" && sha256sum -- *.jpg > ../SHA256SUMS)
}
checksums

write_readme() {
  cat > "$OUT/README.txt" <<EOF
Client: $CLIENT
Job: $JOB
Images: ${#jpgs[@]} (long edge ${SIZE}px, JPEG quality $QUALITY)
Photographer: $PHOTOGRAPHER
Usage licence: see contract for job $JOB.
Checksums: SHA256SUMS
EOF
}
write_readme

ZIP="$BASE/build/delivery/$CLIENT-$JOB.zip"
rm -f -- "$ZIP"
(cd "$OUT" && zip -qr "$ZIP" jpg README.txt SHA256SUMS)
log "zip: ${ZIP#$BASE/} ($(du -h "$ZIP" | cut -f1))"

# keep only the three newest deliveries per client in build/delivery
ls -1dt "$BASE/build/delivery/$CLIENT"-*/ 2>/dev/null | tail -n +4 | while read -r old; do
  log "removing old export ${old#$BASE/}"
  rm -rf -- "$old" "${old%/}.zip"
done

summary() {
  local n size
  n="$(ls -1 "$OUT"/jpg/*.jpg | wc -l)"
  size="$(du -sh "$OUT/jpg" | cut -f1)"
  log "delivery summary: $n images, $size, client $CLIENT, job $JOB"
  if (( fails )); then
    log "re-run after fixing the failed renders; the zip contains only successful ones"
  fi
}
summary
log "done"
