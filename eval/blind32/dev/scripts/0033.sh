#!/usr/bin/env bash
# encode-batch.sh - transcode the conference recordings in footage/ for the website.
#
# For every source in footage/**/*.{mov,mkv,mp4}:
#   1. HandBrakeCLI -> build/web/<name>-1080.mp4 and <name>-720.mp4
#   2. if subs/<name>.<lang>.srt exists: ffsubsync it against the 720p render
#   3. ffmpeg thumbnail at 10% of the duration -> build/web/<name>.jpg
#   4. a line in build/web/manifest.tsv
#
# Runs up to $JOBS encodes in parallel (background jobs this script starts and
# waits for).  Ctrl-C stops those jobs and removes partial outputs.
# Filenames with spaces are fine ("Day 2/Keynote Q&A.mov").
set -uo pipefail
shopt -s globstar nullglob

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC_DIR="$ROOT/footage"
SUB_DIR="$ROOT/subs"
OUT_DIR="$ROOT/build/web"
LOG_DIR="$ROOT/build/logs/encode"
JOBS="${JOBS:-2}"
FORCE="${FORCE:-0}"
declare -a PIDS=()
declare -A PARTIAL=()

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }
die() { log "fatal: $*"; exit 1; }

for tool in HandBrakeCLI ffmpeg ffprobe; do
  command -v "$tool" >/dev/null || die "$tool is not installed"
done
HAVE_SUBSYNC=1
command -v ffsubsync >/dev/null || { HAVE_SUBSYNC=0; log "ffsubsync missing: subtitles copied unsynced"; }

mkdir -p "$OUT_DIR" "$LOG_DIR"

on_interrupt() {
  log "interrupted; stopping ${#PIDS[@]} encode job(s)"
  local pid
  for pid in "${PIDS[@]}"; do
    kill -TERM "$pid" 2>/dev/null || true
  done
  wait
  local f
  for f in "${!PARTIAL[@]}"; do
    rm -f -- "$f"
  done
  exit 130
}
trap on_interrupt INT TERM

slug() {
  local s="${1,,}"
  s="${s//[^a-z0-9]/-}"
  while [[ "$s" == *--* ]]; do s="${s//--/-}"; done
  s="${s#-}"
  echo "${s%-}"
}

duration_of() {
  ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$1" | cut -d. -f1
}

encode_one() {
  local src="$1" name="$2" preset="$3" suffix="$4"
  local out="$OUT_DIR/$name-$suffix.mp4" tmp="$OUT_DIR/.$name-$suffix.partial.mp4"
  if [[ -s "$out" && "$FORCE" != 1 && "$out" -nt "$src" ]]; then
    return 0
  fi
  HandBrakeCLI -i "$src" -o "$tmp" --preset "$preset" --optimize \
    --audio-lang-list eng,deu --all-audio --subtitle none \
    >>"$LOG_DIR/$name.log" 2>&1 || return 1
  mv -f -- "$tmp" "$out"
}

subtitles_for() {
  local name="$1" base="$2" srt lang out
  for srt in "$SUB_DIR/$base".*.srt; do
    lang="${srt%.srt}"
    lang="${lang##*.}"
    out="$OUT_DIR/$name.$lang.srt"
    if (( HAVE_SUBSYNC )); then
      ffsubsync "$OUT_DIR/$name-720.mp4" -i "$srt" -o "$out" >>"$LOG_DIR/$name.log" 2>&1 \
        || { log "$name: ffsubsync failed for $lang, copying original"; cp -- "$srt" "$out"; }
    else
      cp -- "$srt" "$out"
    fi
  done
}

thumbnail() {
  local src="$1" name="$2" dur at
  dur="$(duration_of "$src")"
  at=$(( ${dur:-10} / 10 ))
  ffmpeg -v error -y -ss "$at" -i "$OUT_DIR/$name-720.mp4" -frames:v 1 -q:v 3 \
    "$OUT_DIR/$name.jpg" >>"$LOG_DIR/$name.log" 2>&1
}

process() {
  local src="$1" rel base name
  rel="${src#"$SRC_DIR"/}"
  base="$(basename "${src%.*}")"
  name="$(slug "${rel%.*}")"
  log "start $rel -> $name"
  encode_one "$src" "$name" "Fast 1080p30" 1080 || { log "$name: 1080p encode failed"; return 1; }
  encode_one "$src" "$name" "Fast 720p30" 720 || { log "$name: 720p encode failed"; return 1; }
  subtitles_for "$name" "$base"
  thumbnail "$src" "$name" || log "$name: thumbnail failed"
  printf '%s\t%s\t%s\n' "$name" "$rel" "$(duration_of "$src")" >> "$OUT_DIR/.manifest.parts"
  log "done  $rel"
}

check_space() {
  # rough estimate: both renders together are about 60% of the source size
  local need=0 src avail
  for src in "$@"; do
    need=$(( need + $(stat -c %s "$src") * 6 / 10 ))
  done
  avail=$(( $(df -P --output=avail "$OUT_DIR" | tail -n 1) * 1024 ))
  if (( avail < need )); then
    die "need about $(( need / 1073741824 )) GiB in build/, only $(( avail / 1073741824 )) GiB free"
  fi
}

write_index() {
  local index="$OUT_DIR/index.html" name src secs
  {
    echo '<!doctype html><meta charset="utf-8"><title>Recordings</title><ul>'
    while IFS=$'\t' read -r name src secs; do
      [[ "$name" == name ]] && continue
      printf '<li><a href="%s-1080.mp4"><img src="%s.jpg" width="240" alt=""> %s</a> (%d min)</li>\n' \
        "$name" "$name" "${src//&/&amp;}" $(( ${secs:-0} / 60 ))
    done < "$OUT_DIR/manifest.tsv"
    echo '</ul>'
  } > "$index.tmp"
  mv -f -- "$index.tmp" "$index"
}

list_only() {
  local src
  for src in "$SRC_DIR"/**/*.{mov,mkv,mp4}; do
    printf '%-60s %s\n' "${src#"$SRC_DIR"/}" "$(slug "${src#"$SRC_DIR"/}")"
  done
  exit 0
}

throttle() {
  while (( $(jobs -rp | wc -l) >= JOBS )); do
    wait -n || true
  done
}

main() {
  [[ "${1:-}" == "--list" ]] && list_only
  local sources=("$SRC_DIR"/**/*.{mov,mkv,mp4})
  (( ${#sources[@]} )) || die "no footage found under footage/"
  check_space "${sources[@]}"
  rm -f -- "$OUT_DIR/.manifest.parts"
  local src name
  for src in "${sources[@]}"; do
    throttle
    name="$(slug "${src#"$SRC_DIR"/}")"
    PARTIAL["$OUT_DIR/.${name%-*}-1080.partial.mp4"]=1
    process "$src" &
    PIDS+=("$!")
  done
  local failed=0 pid
  for pid in "${PIDS[@]}"; do
    wait "$pid" || failed=$(( failed + 1 ))
  done
  {
    printf 'name\tsource\tseconds\n'
    sort "$OUT_DIR/.manifest.parts" 2>/dev/null
  } > "$OUT_DIR/manifest.tsv"
  rm -f -- "$OUT_DIR/.manifest.parts" "$OUT_DIR"/.*.partial.mp4
  write_index
  log "finished: ${#sources[@]} source(s), $failed failure(s); see build/web/manifest.tsv"
  (( failed == 0 ))
}

main "$@"
