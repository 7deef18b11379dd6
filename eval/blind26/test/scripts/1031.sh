#!/usr/bin/env bash
# master-episode.sh - loudness-normalise a podcast episode and transcribe it.
#
#   tools/master-episode.sh "raw/Episode 31 - Soil sensors.wav"
#
# 1. first ffmpeg loudnorm pass measures integrated loudness / true peak / LRA
# 2. second pass applies linear normalisation to -16 LUFS / -1.5 dBTP using the
#    measured values (the two-pass method from the ffmpeg docs)
# 3. exports masters/<slug>.flac and masters/<slug>.mp3 (128k, ID3 tags)
# 4. resamples to 16 kHz mono and transcribes with the project's whisper.cpp
#    build and the model already present in models/
# Temp files live in a mktemp dir removed by the EXIT trap.
set -Eeuo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MASTERS="$ROOT/masters"
TRANSCRIPTS="$ROOT/transcripts"
WHISPER="$ROOT/third_party/whisper.cpp/build/bin/whisper-cli"
MODEL="${WHISPER_MODEL:-$ROOT/models/ggml-medium.en.bin}"
TARGET_I="-16"
TARGET_TP="-1.5"
TARGET_LRA="11"
WORK=""

log() { printf '\e[1m==>\e[0m %s\n' "$*"; }
die() { printf '\e[31merror:\e[0m %s\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$WORK" && -d "$WORK" ]] && rm -rf -- "$WORK"
}
trap cleanup EXIT

slugify() {
  local s="$1"
  s="${s##*/}"
  s="${s%.*}"
  s="$(printf '%s' "$s" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9]+/-/g; s/^-+|-+$//g')"
  printf '%s' "$s"
}

require_tools() {
  local t
  for t in ffmpeg ffprobe jq; do
    command -v "$t" >/dev/null || die "$t is required"
  done
  [[ -x "$WHISPER" ]] || die "whisper-cli not built (cmake --build third_party/whisper.cpp/build)"
  [[ -f "$MODEL" ]] || die "model $MODEL missing (see models/README.md)"
}

measure() {
  local input="$1"
  ffmpeg -hide_banner -nostdin -i "$input" \
    -af "loudnorm=I=$TARGET_I:TP=$TARGET_TP:LRA=$TARGET_LRA:print_format=json" \
    -f null - 2>&1 | sed -n '/^{/,/^}/p'
}

normalise() {
  local input="$1" stats="$2" out="$3"
  local mi mtp mlra mthresh offset
  mi="$(jq -r '.input_i' <<<"$stats")"
  mtp="$(jq -r '.input_tp' <<<"$stats")"
  mlra="$(jq -r '.input_lra' <<<"$stats")"
  mthresh="$(jq -r '.input_thresh' <<<"$stats")"
  offset="$(jq -r '.target_offset' <<<"$stats")"
  log "measured: I=${mi} LUFS, TP=${mtp} dBTP, LRA=${mlra}"
  ffmpeg -hide_banner -nostdin -y -i "$input" \
    -af "loudnorm=I=$TARGET_I:TP=$TARGET_TP:LRA=$TARGET_LRA:measured_I=$mi:measured_TP=$mtp:measured_LRA=$mlra:measured_thresh=$mthresh:offset=$offset:linear=true" \
    -ar 48000 "$out" -loglevel error
}

tag_value() {
  local key="$1" file="$ROOT/episodes.tsv" slug="$2"
  [[ -f "$file" ]] || return 0
  awk -F'\t' -v s="$slug" -v k="$key" 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    $col["slug"] == s { print $col[k] }' "$file"
}

export_masters() {
  local wav="$1" slug="$2"
  mkdir -p "$MASTERS"
  local title number
  title="$(tag_value title "$slug")"
  number="$(tag_value number "$slug")"
  ffmpeg -hide_banner -nostdin -y -i "$wav" -c:a flac -compression_level 8 \
    -metadata title="${title:-$slug}" -metadata track="${number:-}" \
    "$MASTERS/$slug.flac" -loglevel error
  ffmpeg -hide_banner -nostdin -y -i "$wav" -c:a libmp3lame -b:a 128k -id3v2_version 3 \
    -metadata title="${title:-$slug}" -metadata track="${number:-}" -metadata artist="Soil & Signal" \
    "$MASTERS/$slug.mp3" -loglevel error
  log "masters: masters/$slug.flac, masters/$slug.mp3"
}

verify_loudness() {
  local file="$1" got
  got="$(measure "$file" | jq -r '.input_i')"
  log "check: $(basename "$file") is ${got} LUFS (target $TARGET_I)"
  awk -v g="$got" -v t="$TARGET_I" 'BEGIN { d = g - t; if (d < 0) d = -d; exit (d > 1.0) }' \
    || die "loudness off by more than 1 LU"
}

transcribe() {
  local wav="$1" slug="$2"
  local mono="$WORK/$slug.16k.wav"
  ffmpeg -hide_banner -nostdin -y -i "$wav" -ar 16000 -ac 1 -c:a pcm_s16le "$mono" -loglevel error
  mkdir -p "$TRANSCRIPTS"
  log "transcribing (model $(basename "$MODEL"))"
  "$WHISPER" -m "$MODEL" -f "$mono" -t "$(nproc)" -l en -ovtt -otxt -of "$TRANSCRIPTS/$slug" \
    >"$WORK/whisper.log" 2>&1 || { tail -n 20 "$WORK/whisper.log" >&2; die "whisper failed"; }
  log "transcript: transcripts/$slug.{vtt,txt} ($(wc -w <"$TRANSCRIPTS/$slug.txt") words)"
}

duration() {
  ffprobe -v error -show_entries format=duration -of csv=p=0 "$1" | awk '{ printf "%d:%02d", $1/60, $1%60 }'
}

write_notes_stub() {
  local slug="$1" notes="$ROOT/shownotes/$slug.md"
  [[ -f "$notes" ]] && return 0
  mkdir -p "$ROOT/shownotes"
  {
    echo "# $(tag_value title "$slug")"
    echo
    echo "Duration: $(duration "$MASTERS/$slug.mp3")"
    echo
    echo "## Notes"
    echo
    echo "- "
  } >"$notes"
  log "created shownotes/$slug.md"
}

chapters_from_markers() {
  # Audacity label export (raw/<name>.labels.txt) -> ffmetadata chapters in the mp3
  local slug="$1" labels="$2"
  [[ -f "$labels" ]] || return 0
  local meta="$WORK/chapters.ffmeta"
  {
    echo ";FFMETADATA1"
    awk -F'\t' '{
      start = int($1 * 1000); title = $3
      if (NR > 1) { printf "END=%d\ntitle=%s\n", start, prev_title }
      printf "[CHAPTER]\nTIMEBASE=1/1000\nSTART=%d\n", start
      prev_title = title
    }
    END { printf "END=%d\ntitle=%s\n", start + 1000, prev_title }' "$labels"
  } >"$meta"
  ffmpeg -hide_banner -nostdin -y -i "$MASTERS/$slug.mp3" -i "$meta" -map_metadata 1 -codec copy \
    "$WORK/$slug.chapters.mp3" -loglevel error
  mv "$WORK/$slug.chapters.mp3" "$MASTERS/$slug.mp3"
  log "added $(grep -c '^\[CHAPTER\]' "$meta") chapter(s)"
}

archive_raw() {
  # keep the raw take next to the master, read-only, so it is never edited by accident
  local input="$1" slug="$2" dest="$ROOT/raw/archive/$slug${1##*.}"
  mkdir -p "$ROOT/raw/archive"
  if [[ ! -f "$dest" ]]; then
    cp -p "$input" "$dest"
    chmod a-w "$dest"
  fi
}

main() {
  (( $# == 1 )) || die "usage: $0 <raw episode file>"
  local input="$1"
  [[ -f "$input" ]] || die "no such file: $input"
  require_tools
  WORK="$(mktemp -d)"
  local slug
  slug="$(slugify "$input")"
  [[ -n "$slug" ]] || die "could not derive a slug from $input"
  log "episode $slug ($(duration "$input"))"

  local stats
  stats="$(measure "$input")"
  [[ -n "$stats" ]] || die "loudness measurement failed"
  normalise "$input" "$stats" "$WORK/$slug.norm.wav"
  verify_loudness "$WORK/$slug.norm.wav"
  export_masters "$WORK/$slug.norm.wav" "$slug"
  chapters_from_markers "$slug" "${input%.*}.labels.txt"
  archive_raw "$input" "$slug."
  transcribe "$WORK/$slug.norm.wav" "$slug"
  write_notes_stub "$slug"
  log "done"
}

main "$@"
