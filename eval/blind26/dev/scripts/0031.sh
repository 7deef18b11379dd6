#!/usr/bin/env bash
# transcribe.sh - convert and transcribe the podcast episodes in episodes/.
#
# The whisper.cpp model is fetched once into ~/.cache/podcast-tools/ from
# huggingface.co and checked against models.sha256 before it is used. Audio is
# resampled to 16 kHz mono in a temp dir which is removed on exit.
#
#   tools/transcribe.sh                      # all new episodes
#   tools/transcribe.sh episodes/ep042.flac  # one file
#   MODEL=small.en tools/transcribe.sh
set -euo pipefail

PROJECT_DIR="$(cd "$(dirname "$0")/.." && pwd)"
MODEL="${MODEL:-base.en}"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/podcast-tools"
MODEL_FILE="$CACHE_DIR/ggml-$MODEL.bin"
MODEL_URL="https://huggingface.co/ggerganov/whisper.cpp/resolve/main/ggml-$MODEL.bin"
SUMS="$PROJECT_DIR/models.sha256"
WHISPER="${WHISPER:-$PROJECT_DIR/vendor/whisper.cpp/build/bin/whisper-cli}"
OUT_DIR="$PROJECT_DIR/transcripts"
THREADS="${THREADS:-$(( $(nproc) > 2 ? $(nproc) - 1 : 1 ))}"
TMP=""

info() { printf '\e[32m•\e[0m %s\n' "$*"; }
warn() { printf '\e[33m!\e[0m %s\n' "$*" >&2; }
die()  { printf '\e[31m✗\e[0m %s\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$TMP" ]] && rm -rf -- "$TMP"
  [[ -f "$MODEL_FILE.part" ]] && rm -f -- "$MODEL_FILE.part"
  return 0
}
trap cleanup EXIT

expected_sum() {
  awk -v f="ggml-$MODEL.bin" '$2 == f { print $1 }' "$SUMS"
}

verify_model() {
  local want got
  want="$(expected_sum)"
  [[ -n "$want" ]] || die "ggml-$MODEL.bin has no entry in models.sha256"
  got="$(sha256sum "$1" | cut -d' ' -f1)"
  [[ "$got" == "$want" ]]
}

fetch_model() {
  mkdir -p "$CACHE_DIR"
  if [[ -f "$MODEL_FILE" ]] && verify_model "$MODEL_FILE"; then
    return 0
  fi
  info "downloading ggml-$MODEL.bin"
  local tries=0
  until curl -fL --retry 3 --retry-delay 5 -C - -o "$MODEL_FILE.part" "$MODEL_URL"; do
    tries=$((tries + 1))
    (( tries < 3 )) || die "model download failed"
    sleep $((tries * 10))
  done
  verify_model "$MODEL_FILE.part" || die "checksum mismatch for ggml-$MODEL.bin"
  mv -f "$MODEL_FILE.part" "$MODEL_FILE"
  info "model cached at ${MODEL_FILE/#$HOME/~}"
}

to_wav() {
  local src="$1" dst="$2"
  case "${src,,}" in
    *.wav|*.flac|*.ogg)
      sox "$src" -r 16000 -c 1 -b 16 "$dst" norm -1 ;;
    *.mp3|*.m4a|*.aac|*.mp4)
      ffmpeg -nostdin -loglevel error -y -i "$src" -ar 16000 -ac 1 -c:a pcm_s16le "$dst" ;;
    *)
      warn "unsupported format: $src"; return 1 ;;
  esac
}

duration() {
  soxi -D "$1" 2>/dev/null | awk '{ printf "%d:%02d", $1/60, $1%60 }'
}

transcribe_one() {
  local src="$1"
  local base; base="$(basename "${src%.*}")"
  local out="$OUT_DIR/$base"
  if [[ -f "$out.vtt" && -z "${FORCE:-}" ]]; then
    info "$base: done already"
    return 0
  fi
  local wav="$TMP/$base.wav"
  to_wav "$src" "$wav" || return 1
  info "$base ($(duration "$wav"))"
  "$WHISPER" -m "$MODEL_FILE" -f "$wav" -t "$THREADS" -l en \
    -ovtt -otxt -osrt -of "$out" >"$TMP/$base.log" 2>&1 || {
      warn "$base: whisper failed"; tail -n 5 "$TMP/$base.log" >&2; return 1; }
  rm -f -- "$wav"
}

word_count_report() {
  local f total=0 n
  printf '%-28s %8s\n' "episode" "words"
  for f in "$OUT_DIR"/*.txt; do
    [[ -e "$f" ]] || continue
    n="$(wc -w <"$f")"
    total=$((total + n))
    printf '%-28s %8d\n' "$(basename "$f" .txt)" "$n"
  done
  printf '%-28s %8d\n' "total" "$total"
}

make_chapters() {
  # turn the VTT cue times into a simple chapter list every ~10 minutes
  local vtt="$1" out="${1%.vtt}.chapters.txt"
  awk '
    /-->/ {
      split($1, t, ":")
      secs = (length(t) == 3) ? t[1] * 3600 + t[2] * 60 + t[3] : t[1] * 60 + t[2]
      getline text
      if (secs - last >= 600 || NR < 5) {
        printf "%02d:%02d:%02d %s\n", secs / 3600, (secs % 3600) / 60, secs % 60, substr(text, 1, 60)
        last = secs
      }
    }' "$vtt" >"$out"
}

show_notes_stub() {
  # draft show notes: title from metadata, chapters, word count
  local src="$1" base title
  base="$(basename "${src%.*}")"
  title="$(ffprobe -v error -show_entries format_tags=title -of default=nw=1:nk=1 "$src" 2>/dev/null || true)"
  {
    echo "# ${title:-$base}"
    echo
    echo "## Chapters"
    cat "$OUT_DIR/$base.chapters.txt" 2>/dev/null || echo "(none)"
    echo
    echo "_$(wc -w <"$OUT_DIR/$base.txt" 2>/dev/null || echo 0) words transcribed with whisper.cpp ($MODEL)_"
  } >"$OUT_DIR/$base.notes.md"
}

post_process() {
  local f base
  for f in "$@"; do
    base="$(basename "${f%.*}")"
    [[ -f "$OUT_DIR/$base.vtt" ]] || continue
    make_chapters "$OUT_DIR/$base.vtt"
    show_notes_stub "$f"
  done
}

main() {
  command -v sox >/dev/null || die "sox missing"
  command -v ffmpeg >/dev/null || die "ffmpeg missing"
  [[ -x "$WHISPER" ]] || die "whisper-cli not built: cmake -B vendor/whisper.cpp/build vendor/whisper.cpp && cmake --build vendor/whisper.cpp/build"
  [[ -f "$SUMS" ]] || die "models.sha256 missing"

  fetch_model
  TMP="$(mktemp -d)"
  mkdir -p "$OUT_DIR"

  local -a files
  if (( $# )); then
    files=("$@")
  else
    mapfile -d '' -t files < <(find "$PROJECT_DIR/episodes" -type f \
      \( -iname '*.flac' -o -iname '*.wav' -o -iname '*.mp3' -o -iname '*.m4a' \) -print0 | sort -z)
  fi
  (( ${#files[@]} )) || { info "nothing to transcribe"; exit 0; }

  local failed=0 f
  for f in "${files[@]}"; do
    transcribe_one "$f" || failed=$((failed + 1))
  done
  post_process "${files[@]}"
  word_count_report
  if (( failed )); then
    die "$failed file(s) failed"
  fi
  info "all transcripts in ${OUT_DIR#$PROJECT_DIR/}"
}

main "$@"
