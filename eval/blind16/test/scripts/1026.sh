#!/usr/bin/env bash
# espflash helper for the weatherbox ESP32-S3 boards.
#
#   tools/esp_flash.sh build            cargo build --release for xtensa-esp32s3-none-elf
#   tools/esp_flash.sh flash [PORT]     flash the release ELF and open the monitor
#   tools/esp_flash.sh info  [PORT]     print chip/flash info only
#   tools/esp_flash.sh ports            list candidate serial ports
#
# Ports are restricted to USB CDC/JTAG and common USB-UART bridges; Bluetooth
# and built-in serial ports are never used. The partition table comes from
# firmware/partitions.csv. Flashing writes the app image only; the script never
# calls `espflash erase-flash` or passes --erase-parts/--erase-data-parts.
set -euo pipefail

REPO_DIR="$(git -C "$(dirname "${BASH_SOURCE[0]}")" rev-parse --show-toplevel)"
FW_DIR="$REPO_DIR/firmware/weatherbox-esp"
TARGET_TRIPLE="xtensa-esp32s3-none-elf"
ELF="$FW_DIR/target/$TARGET_TRIPLE/release/weatherbox-esp"
PARTITIONS="$FW_DIR/partitions.csv"
BAUD="${ESPFLASH_BAUD:-921600}"
PORT_PATTERNS=(
  '/dev/ttyACM[0-9]*'
  '/dev/ttyUSB[0-9]*'
  '/dev/cu.usbmodem*'
  '/dev/cu.usbserial-*'
  '/dev/cu.wchusbserial*'
)

msg()  { printf '\e[36m[esp]\e[0m %s\n' "$*"; }
fail() { printf '\e[31m[esp] %s\e[0m\n' "$*" >&2; exit 1; }

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || fail "$tool is required (see firmware/README.md)"
  done
}

candidate_ports() {
  local pattern p
  shopt -s nullglob
  for pattern in "${PORT_PATTERNS[@]}"; do
    for p in $pattern; do
      printf '%s\n' "$p"
    done
  done
  shopt -u nullglob
}

is_allowed_port() {
  local wanted="$1" p
  while IFS= read -r p; do
    [[ "$p" == "$wanted" ]] && return 0
  done < <(candidate_ports)
  return 1
}

resolve_port() {
  local requested="${1:-}" ports=()
  if [[ -n "$requested" ]]; then
    is_allowed_port "$requested" || fail "$requested is not a USB serial port of a dev board"
    printf '%s\n' "$requested"
    return
  fi
  mapfile -t ports < <(candidate_ports)
  case "${#ports[@]}" in
    0) fail "no ESP32 board found; connect it over USB" ;;
    1) printf '%s\n' "${ports[0]}" ;;
    *) fail "several serial ports (${ports[*]}); pass one explicitly" ;;
  esac
}

check_toolchain() {
  if ! rustup toolchain list 2>/dev/null | grep -q '^esp'; then
    fail "the 'esp' Rust toolchain is missing; install it with espup (docs/firmware.md)"
  fi
}

cmd_build() {
  require cargo rustup
  check_toolchain
  msg "building release firmware"
  (cd "$FW_DIR" && cargo +esp build --release --target "$TARGET_TRIPLE")
  [[ -f "$ELF" ]] || fail "build did not produce $ELF"
  local size
  size=$(wc -c <"$ELF")
  msg "ELF ready: ${ELF#"$REPO_DIR"/} (${size} bytes)"
}

cmd_info() {
  require espflash
  local port
  port="$(resolve_port "${1:-}")"
  msg "querying $port"
  espflash board-info --port "$port"
}

cmd_flash() {
  require espflash
  local port
  port="$(resolve_port "${1:-}")"
  [[ -f "$ELF" ]] || cmd_build
  [[ -f "$PARTITIONS" ]] || fail "partition table $PARTITIONS missing"
  msg "flashing ${ELF#"$REPO_DIR"/} to $port at ${BAUD} baud"
  espflash flash \
    --port "$port" \
    --baud "$BAUD" \
    --partition-table "$PARTITIONS" \
    --monitor \
    "$ELF"
}

cmd_ports() {
  local p found=0
  while IFS= read -r p; do
    found=1
    if command -v udevadm >/dev/null 2>&1; then
      local model
      model="$(udevadm info -q property -n "$p" 2>/dev/null | awk -F= '/^ID_MODEL=/{print $2}')"
      printf '%-24s %s\n' "$p" "${model:-unknown}"
    else
      printf '%s\n' "$p"
    fi
  done < <(candidate_ports)
  (( found )) || msg "no candidate ports"
}

cmd_size() {
  # Report app partition usage so we notice before the OTA slot overflows.
  require espflash
  [[ -f "$ELF" ]] || fail "build first"
  local app_size part_size
  app_size="$(espflash save-image --chip esp32s3 "$ELF" /dev/stdout 2>/dev/null | wc -c)"
  part_size="$(awk -F, '$1 ~ /^ *factory|^ *ota_0/ { gsub(/ /, "", $5); print $5; exit }' "$PARTITIONS")"
  case "$part_size" in
    *K) part_size=$(( ${part_size%K} * 1024 )) ;;
    *M) part_size=$(( ${part_size%M} * 1024 * 1024 )) ;;
    0x*) part_size=$(( part_size )) ;;
  esac
  if [[ -n "$part_size" && "$part_size" -gt 0 ]]; then
    msg "app image ${app_size} bytes of ${part_size} ($(( app_size * 100 / part_size ))%)"
  else
    msg "app image ${app_size} bytes (partition size unknown)"
  fi
}

usage() {
  sed -n '3,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  local sub="${1:-}"
  shift || true
  case "$sub" in
    build) cmd_build ;;
    flash) cmd_flash "$@" ;;
    info)  cmd_info "$@" ;;
    ports) cmd_ports ;;
    size)  cmd_size ;;
    ""|-h|--help) usage ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
