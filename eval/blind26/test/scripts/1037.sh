#!/usr/bin/env bash
# record-session.sh - record a speech-corpus session from the microphone.
#
#   tools/record-session.sh --speaker s07 --prompts prompts/set-b.txt
#
# For every prompt line: show the prompt, count down, record N seconds with
# ffmpeg from the default PulseAudio/PipeWire source into
# sessions/<date>-<speaker>/<nn>.wav (48 kHz mono), then let the speaker keep
# or redo the take. Recordings stay on this machine inside the project; the
# consent form id is written to the session manifest. Ctrl-C stops only the
# ffmpeg process this script started and keeps the takes recorded so far.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SPEAKER=""
PROMPTS=""
SECONDS_PER_TAKE=6
SOURCE="default"
CONSENT=""
REC_PID=""

say() { printf '\n\e[1m%s\e[0m\n' "$*"; }
err() { printf 'record: %s\n' "$*" >&2; }
stop() { err "$*"; exit 1; }

stop_recording() {
  if [[ -n "$REC_PID" ]] && kill -0 "$REC_PID" 2>/dev/null; then
    kill -INT "$REC_PID" 2>/dev/null || true
    wait "$REC_PID" 2>/dev/null || true
  fi
  REC_PID=""
}

on_interrupt() {
  stop_recording
  say "session interrupted; takes so far are kept"
  write_manifest
  exit 130
}
trap on_interrupt INT TERM

parse() {
  while (( $# )); do
    case "$1" in
      --speaker) SPEAKER="$2"; shift ;;
      --prompts) PROMPTS="$2"; shift ;;
      --seconds) SECONDS_PER_TAKE="$2"; shift ;;
      --source) SOURCE="$2"; shift ;;
      --consent) CONSENT="$2"; shift ;;
      -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
      *) stop "unknown option $1" ;;
    esac
    shift
  done
  [[ "$SPEAKER" =~ ^s[0-9]{2,3}$ ]] || stop "--speaker must look like s07"
  [[ -f "$PROMPTS" ]] || stop "--prompts file not found"
  [[ "$SECONDS_PER_TAKE" =~ ^[0-9]+$ ]] && (( SECONDS_PER_TAKE >= 2 && SECONDS_PER_TAKE <= 30 )) \
    || stop "--seconds must be 2-30"
  [[ -n "$CONSENT" ]] || stop "--consent <form id> is required before recording anyone"
}

SESSION_DIR=""

prepare_session() {
  SESSION_DIR="$ROOT/sessions/$(date +%Y%m%d)-$SPEAKER"
  mkdir -p "$SESSION_DIR"
  cp "$PROMPTS" "$SESSION_DIR/prompts.txt"
}

check_input() {
  command -v ffmpeg >/dev/null || stop "ffmpeg not installed"
  if command -v pactl >/dev/null; then
    local def
    def="$(pactl get-default-source 2>/dev/null || echo '?')"
    say "input source: $SOURCE (system default: $def)"
  fi
  # 1-second level check so a muted mic is noticed before the session
  local level
  level="$(ffmpeg -hide_banner -f pulse -i "$SOURCE" -t 1 -af volumedetect -f null - 2>&1 \
    | sed -n 's/.*max_volume: \(-\{0,1\}[0-9.]*\) dB.*/\1/p')"
  if [[ -z "$level" ]]; then
    stop "could not read from the microphone"
  fi
  say "peak level during check: ${level} dB"
  awk -v l="$level" 'BEGIN { exit !(l < -45) }' && err "input is very quiet; check the mic gain"
  return 0
}

countdown() {
  local i
  for i in 3 2 1; do
    printf '\r  recording in %d…' "$i"
    sleep 1
  done
  printf '\r  \e[31m● recording\e[0m     \n'
}

record_take() {
  local out="$1"
  ffmpeg -hide_banner -loglevel error -y -f pulse -i "$SOURCE" \
    -t "$SECONDS_PER_TAKE" -ac 1 -ar 48000 -c:a pcm_s24le "$out" &
  REC_PID=$!
  wait "$REC_PID" || true
  REC_PID=""
}

take_ok() {
  local f="$1" dur peak
  dur="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f" 2>/dev/null || echo 0)"
  peak="$(ffmpeg -hide_banner -i "$f" -af volumedetect -f null - 2>&1 | sed -n 's/.*max_volume: \(.*\) dB/\1/p')"
  printf '  take: %.1fs, peak %s dB\n' "$dur" "${peak:-?}"
  awk -v p="${peak:-0}" 'BEGIN { exit !(p > -0.5) }' && printf '  \e[33mclipping!\e[0m\n'
  return 0
}

write_manifest() {
  [[ -n "$SESSION_DIR" && -d "$SESSION_DIR" ]] || return 0
  local f n=0
  {
    printf 'speaker\t%s\nconsent\t%s\ndate\t%s\nsource\t%s\n\n' "$SPEAKER" "$CONSENT" "$(date -Iseconds)" "$SOURCE"
    printf 'file\tprompt\n'
    for f in "$SESSION_DIR"/[0-9][0-9][0-9].wav; do
      [[ -e "$f" ]] || continue
      n=$((10#$(basename "$f" .wav)))
      printf '%s\t%s\n' "$(basename "$f")" "$(sed -n "${n}p" "$SESSION_DIR/prompts.txt")"
    done
  } >"$SESSION_DIR/manifest.tsv"
}

session_stats() {
  # total recorded audio and per-take durations, for the corpus spreadsheet
  local f total=0 d
  for f in "$SESSION_DIR"/[0-9][0-9][0-9].wav; do
    [[ -e "$f" ]] || continue
    d="$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$f" 2>/dev/null || echo 0)"
    total="$(awk -v a="$total" -v b="$d" 'BEGIN { printf "%.2f", a + b }')"
  done
  say "recorded audio: ${total}s"
  printf '%s\t%s\t%s\n' "$(date +%F)" "$SPEAKER" "$total" >>"$ROOT/sessions/durations.tsv"
}

make_checksums() {
  # checksums let the annotation team verify the copy they receive on the lab share
  (cd "$SESSION_DIR" && sha256sum ./*.wav >SHA256SUMS 2>/dev/null) || true
}

run_session() {
  local n=0 prompt out answer
  while IFS= read -r prompt <&3; do
    [[ -z "${prompt// }" ]] && continue
    n=$((n + 1))
    out="$SESSION_DIR/$(printf '%03d' "$n").wav"
    if [[ -f "$out" ]]; then
      continue
    fi
    while true; do
      say "[$n] $prompt"
      countdown
      record_take "$out"
      take_ok "$out"
      read -r -p "  keep (k), redo (r), skip (s), quit (q)? " answer
      case "$answer" in
        r) rm -f -- "$out" ;;
        s) rm -f -- "$out"; break ;;
        q) write_manifest; say "stopped at prompt $n"; return 0 ;;
        *) break ;;
      esac
    done
  done 3<"$SESSION_DIR/prompts.txt"
}

main() {
  parse "$@"
  prepare_session
  check_input
  say "session ${SESSION_DIR#$ROOT/} ($(grep -c . "$SESSION_DIR/prompts.txt") prompts, ${SECONDS_PER_TAKE}s each)"
  run_session
  write_manifest
  make_checksums
  session_stats
  say "done: $(ls "$SESSION_DIR"/*.wav 2>/dev/null | wc -l) take(s) in ${SESSION_DIR#$ROOT/}"
}

main "$@"
