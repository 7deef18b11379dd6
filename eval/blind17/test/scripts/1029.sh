#!/usr/bin/env bash
# scripts/optimize-images.sh — shrink and convert the marketing site's images.
#
# Source images live in site/static/img-src/. Outputs go to site/static/img/:
#   <name>.webp + <name>.avif at widths 480/960/1600, and an optimised fallback
#   <name>.jpg or <name>.png. SVGs are minified with svgo if it is installed.
# A manifest (site/data/images.json) records dimensions for the <img> helper.
#
# Flags: -f force rebuild, -q quiet, -p N parallel jobs (default: CPU count)
set -uo pipefail

cd "$(git rev-parse --show-toplevel)/site"

SRC_DIR="static/img-src"
OUT_DIR="static/img"
MANIFEST="data/images.json"
WIDTHS=(480 960 1600)
FORCE=false
QUIET=false
PAR="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 4)"

while getopts "fqp:" o; do
  case "$o" in
    f) FORCE=true ;;
    q) QUIET=true ;;
    p) PAR="$OPTARG" ;;
    *) exit 2 ;;
  esac
done

note() { $QUIET || echo "$@"; }

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "missing: $1 ($2)" >&2; exit 1; }
}
need magick "ImageMagick 7"
need cwebp "libwebp"
need avifenc "libavif"

TMP="$(mktemp -d -t optimize-images.XXXXXX)"
cleanup() { rm -rf -- "$TMP"; }
trap cleanup EXIT

newer() {
  # newer <src> <out>: true when out is missing or older than src (or -f)
  $FORCE && return 0
  [[ ! -e "$2" || "$1" -nt "$2" ]]
}

process_raster() {
  local src="$1" name ext w h
  name="$(basename "${src%.*}")"
  ext="${src##*.}"
  ext="${ext,,}"
  read -r w h < <(magick identify -format '%w %h' "$src[0]")
  local width
  for width in "${WIDTHS[@]}"; do
    (( width > w )) && continue
    local resized="$TMP/$name-$width.png"
    if newer "$src" "$OUT_DIR/$name-$width.webp"; then
      magick "$src" -auto-orient -strip -resize "${width}x" "$resized"
      cwebp -quiet -q 80 -m 6 "$resized" -o "$OUT_DIR/$name-$width.webp"
      avifenc --jobs 2 --min 20 --max 32 "$resized" "$OUT_DIR/$name-$width.avif" >/dev/null
      note "  $name @${width}w"
    fi
  done
  case "$ext" in
    png)
      if newer "$src" "$OUT_DIR/$name.png"; then
        magick "$src" -strip -define png:compression-level=9 "$OUT_DIR/$name.png"
        command -v oxipng >/dev/null && oxipng -q -o 3 "$OUT_DIR/$name.png"
      fi ;;
    *)
      if newer "$src" "$OUT_DIR/$name.jpg"; then
        magick "$src" -auto-orient -strip -sampling-factor 4:2:0 -quality 82 -interlace JPEG "$OUT_DIR/$name.jpg"
      fi ;;
  esac
  printf '{"name":"%s","width":%d,"height":%d}\n' "$name" "$w" "$h" >"$TMP/$name.meta.json"
}

process_svg() {
  local src="$1" name
  name="$(basename "$src")"
  if newer "$src" "$OUT_DIR/$name"; then
    if command -v svgo >/dev/null; then
      svgo --quiet --multipass -i "$src" -o "$OUT_DIR/$name"
    else
      cp -- "$src" "$OUT_DIR/$name"
    fi
    note "  $name (svg)"
  fi
}

export -f process_raster process_svg newer note
export OUT_DIR TMP FORCE QUIET
export WIDTHS_STR="${WIDTHS[*]}"

run_all() {
  mkdir -p "$OUT_DIR" "$(dirname "$MANIFEST")"
  local -a rasters svgs
  mapfile -t rasters < <(find "$SRC_DIR" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' -o -iname '*.tif' \) | sort)
  mapfile -t svgs < <(find "$SRC_DIR" -type f -iname '*.svg' | sort)
  note "${#rasters[@]} raster image(s), ${#svgs[@]} svg(s), $PAR job(s)"
  local src running=0
  for src in "${rasters[@]}"; do
    WIDTHS=(480 960 1600) process_raster "$src" &
    running=$((running + 1))
    if (( running >= PAR )); then
      wait -n
      running=$((running - 1))
    fi
  done
  wait
  for src in "${svgs[@]}"; do
    process_svg "$src"
  done
}

write_manifest() {
  if compgen -G "$TMP/*.meta.json" >/dev/null; then
    jq -s 'map({(.name): {width, height}}) | add' "$TMP"/*.meta.json >"$MANIFEST"
    note "manifest: $MANIFEST ($(jq 'length' "$MANIFEST") entries)"
  fi
}

remove_orphans() {
  # outputs whose source image was deleted from img-src
  local out base
  for out in "$OUT_DIR"/*; do
    [[ -f "$out" ]] || continue
    base="$(basename "$out")"
    base="${base%.*}"
    base="${base%-[0-9]*}"
    if ! compgen -G "$SRC_DIR/$base.*" >/dev/null; then
      note "  removing orphan $(basename "$out")"
      rm -f -- "$out"
    fi
  done
}

report() {
  local before after
  before="$(du -sk "$SRC_DIR" | cut -f1)"
  after="$(du -sk "$OUT_DIR" | cut -f1)"
  note "source ${before} KiB -> output ${after} KiB"
}

check_budget() {
  # the hero images must stay under 250 KiB at 1600w or Lighthouse complains
  local f size over=0
  for f in "$OUT_DIR"/*-1600.webp; do
    [[ -f "$f" ]] || continue
    size="$(( $(wc -c <"$f") / 1024 ))"
    if (( size > 250 )); then
      echo "over budget: $(basename "$f") ${size} KiB" >&2
      over=$((over + 1))
    fi
  done
  (( over == 0 )) || note "$over image(s) over the 250 KiB budget"
}

alt_text_report() {
  # every source image needs an entry in data/alt-text.yml
  local alt="data/alt-text.yml" src name missing=0
  [[ -f "$alt" ]] || { note "no $alt yet"; return 0; }
  while IFS= read -r src; do
    name="$(basename "${src%.*}")"
    if ! grep -q "^${name}:" "$alt"; then
      echo "missing alt text: $name" >&2
      missing=$((missing + 1))
    fi
  done < <(find "$SRC_DIR" -type f \( -iname '*.jpg' -o -iname '*.jpeg' -o -iname '*.png' \))
  note "$missing image(s) without alt text"
}

print_versions() {
  $QUIET && return 0
  magick -version | head -n 1
  cwebp -version
  avifenc --version 2>&1 | head -n 1
}

print_versions
run_all
write_manifest
check_budget
alt_text_report
remove_orphans
report
