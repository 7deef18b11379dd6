#!/usr/bin/env bash
# tools/media/build-assets.sh — turn raw game media into shipped assets.
#
#   * audio: assets-src/audio/*.wav  -> assets/audio/*.ogg  (loudness normalised)
#   * video: assets-src/cutscenes/*.mov -> assets/cutscenes/*.webm (VP9, 2 pass)
#   * icons: assets-src/icon.png -> assets/icons/{16..512}.png + icon.ico
#   * sprites: assets-src/sprites/<sheet>/*.png -> assets/sprites/<sheet>.png atlas
#
# Only regenerates outputs older than their inputs unless -f is given. Pass logs
# and temp frames live in a mktemp dir removed on exit.
set -euo pipefail

SRC="assets-src"
OUT="assets"
FORCE=0
JOBS="$(nproc 2>/dev/null || sysctl -n hw.ncpu 2>/dev/null || echo 2)"
ONLY=""

usage() { sed -n '2,11p' "$0" | cut -c3-; }

while getopts "fj:o:h" opt; do
  case "$opt" in
    f) FORCE=1 ;;
    j) JOBS="$OPTARG" ;;
    o) ONLY="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

cd "$(git rev-parse --show-toplevel)"

for tool in ffmpeg ffprobe magick; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done

WORK="$(mktemp -d "${TMPDIR:-/tmp}/build-assets.XXXXXX")"
trap 'rm -rf -- "$WORK"' EXIT

stale() {
  # stale <output> <input...>: true if output missing or older than any input
  local out="$1"; shift
  (( FORCE )) && return 0
  [[ -e "$out" ]] || return 0
  local in
  for in in "$@"; do
    [[ "$in" -nt "$out" ]] && return 0
  done
  return 1
}

want() { [[ -z "$ONLY" || "$ONLY" == "$1" ]]; }

audio() {
  mkdir -p "$OUT/audio"
  local f name out
  shopt -s nullglob
  for f in "$SRC"/audio/*.wav; do
    name="$(basename "${f%.*}")"
    out="$OUT/audio/$name.ogg"
    stale "$out" "$f" || continue
    echo "audio  $name"
    ffmpeg -hide_banner -loglevel error -y -i "$f" \
      -af "loudnorm=I=-16:TP=-1.5:LRA=11" -c:a libvorbis -q:a 5 "$out"
  done
  shopt -u nullglob
}

video_one() {
  local f="$1" name out passlog
  name="$(basename "${f%.*}")"
  out="$OUT/cutscenes/$name.webm"
  stale "$out" "$f" || return 0
  passlog="$WORK/$name-pass"
  echo "video  $name"
  ffmpeg -hide_banner -loglevel error -y -i "$f" -c:v libvpx-vp9 -b:v 0 -crf 31 \
    -pass 1 -passlogfile "$passlog" -an -f null /dev/null
  ffmpeg -hide_banner -loglevel error -y -i "$f" -c:v libvpx-vp9 -b:v 0 -crf 31 \
    -pass 2 -passlogfile "$passlog" -c:a libopus -b:a 96k "$out"
}

video() {
  mkdir -p "$OUT/cutscenes"
  local running=0 f
  shopt -s nullglob
  for f in "$SRC"/cutscenes/*.mov; do
    video_one "$f" &
    running=$((running + 1))
    if (( running >= JOBS )); then
      wait -n
      running=$((running - 1))
    fi
  done
  wait
  shopt -u nullglob
}

icons() {
  local src="$SRC/icon.png"
  [[ -f "$src" ]] || { echo "no $src, skipping icons"; return; }
  mkdir -p "$OUT/icons"
  local size
  for size in 16 24 32 48 64 128 256 512; do
    local out="$OUT/icons/$size.png"
    stale "$out" "$src" || continue
    magick "$src" -resize "${size}x${size}" -strip "$out"
  done
  if stale "$OUT/icons/icon.ico" "$src"; then
    magick "$OUT"/icons/{16,24,32,48,64,128,256}.png "$OUT/icons/icon.ico"
  fi
  echo "icons  $(ls "$OUT/icons" | wc -l | tr -d ' ') files"
}

sprites() {
  mkdir -p "$OUT/sprites"
  local dir sheet frames out
  for dir in "$SRC"/sprites/*/; do
    [[ -d "$dir" ]] || continue
    sheet="$(basename "$dir")"
    out="$OUT/sprites/$sheet.png"
    mapfile -t frames < <(find "$dir" -maxdepth 1 -name '*.png' | sort)
    (( ${#frames[@]} )) || continue
    stale "$out" "${frames[@]}" || continue
    echo "sprite $sheet (${#frames[@]} frames)"
    magick montage "${frames[@]}" -background none -tile 8x -geometry +0+0 "$out"
    # frame table for the engine
    printf '{"sheet":"%s","frames":%d,"columns":8}\n' "$sheet" "${#frames[@]}" >"$OUT/sprites/$sheet.json"
  done
}

report() {
  echo
  echo "asset sizes:"
  du -sh "$OUT"/* 2>/dev/null | sort -h | sed 's/^/  /'
  local dur total=0
  shopt -s nullglob
  for f in "$OUT"/cutscenes/*.webm; do
    dur="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f")"
    total="$(awk -v a="$total" -v b="$dur" 'BEGIN { printf "%.1f", a + b }')"
  done
  shopt -u nullglob
  echo "cutscene runtime: ${total}s"
}

prune_outputs() {
  # remove outputs whose source was deleted
  local f name
  shopt -s nullglob
  for f in "$OUT"/audio/*.ogg; do
    name="$(basename "${f%.*}")"
    [[ -f "$SRC/audio/$name.wav" ]] || { echo "prune  $f"; rm -f -- "$f"; }
  done
  for f in "$OUT"/cutscenes/*.webm; do
    name="$(basename "${f%.*}")"
    [[ -f "$SRC/cutscenes/$name.mov" ]] || { echo "prune  $f"; rm -f -- "$f"; }
  done
  shopt -u nullglob
}

validate_outputs() {
  # every cutscene must decode and have an audio track; catch broken encodes early
  local f bad=0
  shopt -s nullglob
  for f in "$OUT"/cutscenes/*.webm; do
    if ! ffprobe -v error -select_streams a:0 -show_entries stream=codec_name -of csv=p=0 "$f" | grep -q opus; then
      echo "warning: $f has no opus audio track" >&2
      bad=$((bad + 1))
    fi
  done
  shopt -u nullglob
  return 0
}

want audio && audio
want video && video
want icons && icons
want sprites && sprites
prune_outputs
validate_outputs
report
