#!/usr/bin/env bash
# serial-setup.sh - prepare the USB serial adapters for the sensor rig.
#
# Lists attached FTDI/CH340 adapters, checks group membership for dialout
# and names the ports by serial number so the logger finds them.
set -euo pipefail

RIG="$(cd "$(dirname "$0")/.." && pwd)"
RULE_NAME="99-sensor-rig.rules"
LOGGER="$RIG/tools/start-logger.sh"

note() { echo "serial: $*"; }

list_adapters() {
  local dev
  for dev in /dev/ttyUSB* /dev/ttyACM*; do
    [[ -e "$dev" ]] || continue
    local serial vendor
    serial="$(udevadm info -q property -n "$dev" | sed -n 's/^ID_SERIAL_SHORT=//p')"
    vendor="$(udevadm info -q property -n "$dev" | sed -n 's/^ID_VENDOR_ID=//p')"
    printf '%-14s vendor=%s serial=%s\n' "$dev" "$vendor" "$serial"
  done
}

check_groups() {
  if id -nG | tr ' ' '\n' | grep -qx dialout; then
    note "user is in dialout"
  else
    note "user not in dialout; ask an admin: sudo usermod -aG dialout $USER"
  fi
}

rule_lines() {
  local line
  while IFS=, read -r serial name; do
    [[ -z "$serial" || "$serial" == \#* ]] && continue
    line="SUBSYSTEM==\"tty\", ATTRS{serial}==\"$serial\", SYMLINK+=\"rig/$name\""
    line+=", RUN+=\"/usr/bin/env bash $LOGGER $name\""
    printf '%s\n' "$line"
  done < "$RIG/config/ports.csv"
}

install_rules() {
  local tmp
  tmp="$(mktemp)"
  rule_lines > "$tmp"
  note "$(wc -l < "$tmp") port rule(s)"
  sudo install -m 0644 "$tmp" "/etc/udev/rules.d/$RULE_NAME"
  rm -f "$tmp"
  sudo udevadm control --reload-rules
  sudo udevadm trigger --subsystem-match=tty
}

note "attached adapters:"
list_adapters
check_groups

[[ -f "$RIG/config/ports.csv" ]] || { note "config/ports.csv missing"; exit 1; }
install_rules

sleep 1
if [[ -d /dev/rig ]]; then
  note "named ports:"
  ls -l /dev/rig/
else
  note "no /dev/rig links yet; replug the adapters"
fi

note "test a port with: picocom -b 115200 /dev/rig/<name>"
