#!/usr/bin/env bash
# cross-kmod.sh - cross-compile the i2c sensor driver for the Raspberry Pi test
# board and try it there over SSH.
#
#   tools/cross-kmod.sh build            cross-compile against the board's kernel headers
#   tools/cross-kmod.sh deploy           copy the .ko to the board's scratch dir (/tmp/kmod-test)
#   tools/cross-kmod.sh try [PARAMS]     insmod on the board (asks), dump dmesg, rmmod
#   tools/cross-kmod.sh headers          sync the board's /lib/modules/<rel>/build locally
#   tools/cross-kmod.sh clean
#   tools/cross-kmod.sh board-clean      remove /tmp/kmod-test on the board
#   tools/cross-kmod.sh status           loaded?, local build vermagic, synced headers
#   tools/cross-kmod.sh i2c-scan [BUS]   read-only i2cdetect on the board
#   tools/cross-kmod.sh sparse           sparse static analysis (C=2)
#   tools/cross-kmod.sh checkpatch       kernel style check of driver/*.c
#   tools/cross-kmod.sh log [N]          last N kernel log lines mentioning the module
#
# SSH uses BatchMode, so a missing key fails fast instead of prompting.
# sudo on the board is limited to insmod/rmmod/dmesg/i2cdetect/tee /dev/kmsg.
#
# The board is the dev unit named in board.env (BOARD_HOST, a *.internal name
# on the lab network). Nothing is installed persistently on it: the module is
# copied to /tmp and loaded with insmod, never modules_install/depmod, and
# it is unloaded again at the end of `try`.
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
drv="$here/driver"
hdr_cache="$here/.cache/board-headers"
module=bmx_sensor
ko="$drv/$module.ko"
arch=arm64
cross=aarch64-linux-gnu-

echo_step() { printf '\n--- %s\n' "$*"; }
fail() { printf 'cross-kmod: %s\n' "$*" >&2; exit 1; }

load_board() {
  [[ -f "$here/board.env" ]] || fail "create board.env with BOARD_HOST and BOARD_USER"
  BOARD_HOST=$(sed -n 's/^BOARD_HOST=//p' "$here/board.env")
  BOARD_USER=$(sed -n 's/^BOARD_USER=//p' "$here/board.env")
  [[ "$BOARD_HOST" == *.internal ]] || fail "BOARD_HOST must be a lab dev board (*.internal), got '$BOARD_HOST'"
  [[ -n "$BOARD_USER" ]] || fail "BOARD_USER missing"
  target="$BOARD_USER@$BOARD_HOST"
}

board() {
  ssh -o BatchMode=yes -o ConnectTimeout=8 "$target" "$@"
}

board_release() {
  board uname -r
}

cmd_headers() {
  load_board
  local rel
  rel=$(board_release)
  echo_step "syncing kernel headers for $rel from $BOARD_HOST"
  mkdir -p "$hdr_cache/$rel"
  rsync -a --delete --info=stats1 \
    "$target:/lib/modules/$rel/build/" "$hdr_cache/$rel/"
  ln -sfn "$rel" "$hdr_cache/current"
}

cmd_build() {
  command -v "${cross}gcc" >/dev/null || fail "${cross}gcc missing (apt install gcc-aarch64-linux-gnu)"
  [[ -e "$hdr_cache/current" ]] || fail "no headers yet: tools/cross-kmod.sh headers"
  echo_step "building $module for $(readlink "$hdr_cache/current")"
  make -C "$hdr_cache/current" M="$drv" ARCH="$arch" CROSS_COMPILE="$cross" -j"$(nproc)" modules
  modinfo "$ko" | grep -E '^(vermagic|version|parm):'
}

cmd_deploy() {
  load_board
  [[ -f "$ko" ]] || fail "build first"
  local want have
  want=$(modinfo -F vermagic "$ko" | awk '{print $1}')
  have=$(board_release)
  [[ "$want" == "$have" ]] || fail "module is for $want but board runs $have; resync headers and rebuild"
  echo_step "copying to $BOARD_HOST:/tmp/kmod-test/"
  board mkdir -p /tmp/kmod-test
  scp -q "$ko" "$target:/tmp/kmod-test/"
  board sha256sum "/tmp/kmod-test/$module.ko"
  sha256sum "$ko"
}

confirm() {
  local reply
  read -r -p "$1 [y/N] " reply
  [[ "$reply" =~ ^([yY]|yes)$ ]]
}

cmd_try() {
  load_board
  local params=("$@") p
  for p in "${params[@]}"; do
    [[ "$p" =~ ^[a-z_]+=[A-Za-z0-9_,x]+$ ]] || fail "invalid parameter '$p'"
  done
  confirm "insmod $module on $BOARD_HOST (dev board) with '${params[*]}'?" || { echo "skipped"; return 0; }
  local marker="kmod-try-$(date +%s)"
  board "echo $marker | sudo tee /dev/kmsg >/dev/null"
  # unload on the board even if something below fails
  trap 'board "sudo rmmod '"$module"' 2>/dev/null || true"' EXIT
  board sudo insmod "/tmp/kmod-test/$module.ko" "${params[@]}"
  sleep 1
  echo_step "sysfs"
  board "ls /sys/bus/i2c/drivers/$module/ 2>/dev/null; cat /sys/module/$module/parameters/* 2>/dev/null" || true
  echo_step "kernel log since load"
  board "sudo dmesg | sed -n '/$marker/,\$p'" | tail -n +2
  echo_step "unloading"
  board sudo rmmod "$module"
  trap - EXIT
  board "grep -q '^$module ' /proc/modules && echo 'STILL LOADED' || echo 'unloaded'"
}

cmd_clean() {
  make -C "$hdr_cache/current" M="$drv" ARCH="$arch" CROSS_COMPILE="$cross" clean >/dev/null 2>&1 || true
  rm -f -- "$drv"/*.ko "$drv"/*.o "$drv"/*.mod "$drv"/*.mod.c "$drv"/.*.cmd "$drv"/modules.order "$drv"/Module.symvers
  echo "cleaned driver/"
}

cmd_board_clean() {
  # remove our scratch copy on the board (only /tmp/kmod-test)
  load_board
  board "rm -rf /tmp/kmod-test"
  echo "removed /tmp/kmod-test on $BOARD_HOST"
}

cmd_status() {
  load_board
  echo "board: $BOARD_HOST ($(board_release))"
  board "grep '^$module ' /proc/modules || echo 'module not loaded'"
  [[ -f "$ko" ]] && echo "local build: $(modinfo -F vermagic "$ko" | awk '{print $1}')"
  [[ -e "$hdr_cache/current" ]] && echo "headers: $(readlink "$hdr_cache/current")"
  return 0
}

cmd_i2c_scan() {
  # read-only bus scan on the board so we know the sensor answers at all
  load_board
  local bus=${1:-1}
  [[ "$bus" =~ ^[0-9]+$ ]] || fail "bus must be a number"
  echo_step "i2cdetect on bus $bus ($BOARD_HOST)"
  board "command -v i2cdetect >/dev/null || { echo 'i2c-tools missing on the board'; exit 1; }"
  board sudo i2cdetect -y -r "$bus"
}

cmd_sparse() {
  # static analysis with sparse, same flags as the kernel's C=1 build
  command -v sparse >/dev/null || fail "sparse not installed"
  [[ -e "$hdr_cache/current" ]] || fail "no headers yet"
  make -C "$hdr_cache/current" M="$drv" ARCH="$arch" CROSS_COMPILE="$cross" C=2 modules 2>&1 \
    | grep -E 'warning|error' | sed 's/^/    /' || echo "    sparse: clean"
}

cmd_checkpatch() {
  local script="$hdr_cache/current/scripts/checkpatch.pl"
  [[ -x "$script" ]] || fail "checkpatch.pl not in the synced headers"
  "$script" --no-tree --terse -f "$drv"/*.c "$drv"/*.h || true
}

cmd_log() {
  load_board
  board "sudo dmesg --level=err,warn,info | grep -i '$module' | tail -n ${1:-40}" || true
}

case "${1:-}" in
  i2c-scan) shift; cmd_i2c_scan "$@" ;;
  sparse) cmd_sparse ;;
  checkpatch) cmd_checkpatch ;;
  log) shift; cmd_log "$@" ;;
  headers) cmd_headers ;;
  build) cmd_build ;;
  deploy) cmd_deploy ;;
  try) shift; cmd_try "$@" ;;
  clean) cmd_clean ;;
  board-clean) cmd_board_clean ;;
  status) cmd_status ;;
  *) sed -n '2,15p' "$0"; exit 2 ;;
esac
