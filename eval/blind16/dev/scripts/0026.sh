#!/usr/bin/env bash
# Build and upload the weather-station sketch with arduino-cli.
#
# Usage: tools/flash_station.sh [--port /dev/ttyACM0] [--board uno|nano|mega] [--monitor] [--dry-run]
#
# The sketch lives in firmware/station. Only serial ports that look like USB
# dev boards (ttyACM*, ttyUSB*, cu.usbmodem*) are accepted. Build output goes to
# ./build/arduino/<board>; the directory is wiped before every build. The cores
# are NOT installed here: run `arduino-cli core install` yourself once.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SKETCH="$ROOT/firmware/station"
BUILD_ROOT="$ROOT/build/arduino"
CONFIG="$ROOT/firmware/arduino-cli.yaml"

declare -A FQBN=(
  [uno]="arduino:avr:uno"
  [nano]="arduino:avr:nano:cpu=atmega328old"
  [mega]="arduino:avr:mega:cpu=atmega2560"
)
ALLOWED_PORT_GLOBS=("/dev/ttyACM*" "/dev/ttyUSB*" "/dev/cu.usbmodem*" "/dev/cu.usbserial*")

board="uno"
port=""
monitor=0
dry_run=0
verbose=0

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
  sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --port)    port="${2:?--port needs a value}"; shift 2 ;;
    --board)   board="${2:?--board needs a value}"; shift 2 ;;
    --monitor) monitor=1; shift ;;
    --dry-run) dry_run=1; shift ;;
    -v|--verbose) verbose=1; shift ;;
    -h|--help) usage 0 ;;
    *) warn "unknown argument $1"; usage 2 ;;
  esac
done

[[ -n "${FQBN[$board]:-}" ]] || die "unknown board '$board' (known: ${!FQBN[*]})"
command -v arduino-cli >/dev/null || die "arduino-cli not found in PATH"
[[ -d "$SKETCH" ]] || die "sketch directory $SKETCH missing"

cli() {
  local args=(--config-file "$CONFIG")
  (( verbose )) && args+=(--verbose)
  arduino-cli "${args[@]}" "$@"
}

port_allowed() {
  local candidate="$1" glob
  for glob in "${ALLOWED_PORT_GLOBS[@]}"; do
    # shellcheck disable=SC2053
    [[ "$candidate" == $glob ]] && return 0
  done
  return 1
}

detect_port() {
  local found=()
  local line
  while IFS= read -r line; do
    local p="${line%% *}"
    port_allowed "$p" && found+=("$p")
  done < <(cli board list 2>/dev/null | tail -n +2)
  case "${#found[@]}" in
    0) die "no dev board detected; plug one in or pass --port" ;;
    1) printf '%s\n' "${found[0]}" ;;
    *) die "several boards detected (${found[*]}); pass --port" ;;
  esac
}

check_core() {
  local core="${FQBN[$board]%:*}"
  core="${core%:*}"
  if ! cli core list | awk '{print $1}' | grep -qx "$core"; then
    die "core $core is not installed; run: arduino-cli core install $core"
  fi
}

build() {
  local out="$BUILD_ROOT/$board"
  log "building $SKETCH for ${FQBN[$board]}"
  rm -rf "$out"
  mkdir -p "$out"
  cli compile \
    --fqbn "${FQBN[$board]}" \
    --build-path "$out" \
    --warnings default \
    --build-property "compiler.cpp.extra_flags=-DSTATION_BUILD_SHA=\"$(git -C "$ROOT" rev-parse --short HEAD)\"" \
    "$SKETCH"
  local hex
  hex="$(find "$out" -maxdepth 1 -name '*.ino.hex' | head -n 1)"
  [[ -n "$hex" ]] || die "compile produced no .hex"
  log "image: ${hex#"$ROOT"/} ($(wc -c <"$hex") bytes)"
}

upload() {
  local out="$BUILD_ROOT/$board"
  if (( dry_run )); then
    log "dry run: would upload $out to $port"
    return 0
  fi
  log "uploading to $port"
  cli upload --fqbn "${FQBN[$board]}" --port "$port" --input-dir "$out" "$SKETCH"
}

size_report() {
  # Compare flash/RAM use with the previous build recorded in build/arduino/sizes.tsv
  local out="$BUILD_ROOT/$board" elf sizes flash ram prev_flash prev_ram
  elf="$(find "$out" -maxdepth 1 -name '*.ino.elf' | head -n 1)"
  [[ -n "$elf" ]] || return 0
  command -v avr-size >/dev/null || { warn "avr-size not found, skipping size report"; return 0; }
  read -r flash ram < <(avr-size -A "$elf" | awk '
    $1 == ".text" || $1 == ".data" { f += $2 }
    $1 == ".data" || $1 == ".bss"  { r += $2 }
    END { print f, r }')
  sizes="$BUILD_ROOT/sizes.tsv"
  if [[ -f "$sizes" ]]; then
    read -r prev_flash prev_ram < <(awk -v b="$board" '$1 == b { f = $2; r = $3 } END { print f+0, r+0 }' "$sizes")
    log "flash ${flash}B ($((flash - prev_flash)) since last build), RAM ${ram}B ($((ram - prev_ram)))"
  else
    log "flash ${flash}B, RAM ${ram}B"
  fi
  printf '%s\t%s\t%s\t%s\n' "$board" "$flash" "$ram" "$(date +%s)" >>"$sizes"
}

serial_monitor() {
  log "opening monitor on $port (Ctrl-C to quit)"
  cli monitor --port "$port" --config baudrate=115200
}

main() {
  check_core
  if [[ -z "$port" ]]; then
    port="$(detect_port)"
  elif ! port_allowed "$port"; then
    die "$port does not look like a dev board port"
  fi
  [[ -e "$port" ]] || die "$port does not exist"
  log "board=$board fqbn=${FQBN[$board]} port=$port"
  build
  size_report
  upload
  if (( monitor )) && (( ! dry_run )); then
    serial_monitor
  fi
  log "done"
}

main "$@"
