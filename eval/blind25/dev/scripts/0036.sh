#!/usr/bin/env bash
# fpga.sh - build the ECP5 design and program the dev board.
#
#   ./fpga.sh synth              yosys -> build/top.json
#   ./fpga.sh pnr                nextpnr-ecp5 -> build/top.config, timing report
#   ./fpga.sh bit                ecppack -> build/top.bit
#   ./fpga.sh sram               load the bitstream into SRAM (lost on power cycle)
#   ./fpga.sh flash              write the bitstream to the board's SPI flash (asks)
#   ./fpga.sh sim [TB]           iverilog/vvp testbench, waves in build/*.vcd
#   ./fpga.sh clean
#
# The board is identified by USB serial number (BOARD_SERIAL in board.env)
# so we never program some other FTDI device plugged into the machine.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")" && pwd)"
BUILD="$ROOT/build"
RTL="$ROOT/rtl"
TB_DIR="$ROOT/tb"
TOP=top
DEVICE="${DEVICE:-25k}"
PACKAGE="${PACKAGE:-CABGA256}"
LPF="$ROOT/constraints/board.lpf"
FREQ_MHZ="${FREQ_MHZ:-48}"
BOARD_ENV="$ROOT/board.env"

note() { echo "fpga: $*"; }
die() { echo "fpga: error: $*" >&2; exit 1; }

require() {
  local t
  for t in "$@"; do command -v "$t" >/dev/null || die "$t not found (oss-cad-suite on PATH?)"; done
}

sources() {
  find "$RTL" -type f \( -name '*.v' -o -name '*.sv' \) -print | sort
}

newer_than() {
  # newer_than TARGET SRC... -> true if TARGET missing or any SRC newer
  local target="$1"; shift
  [[ -e "$target" ]] || return 0
  local s
  for s in "$@"; do [[ "$s" -nt "$target" ]] && return 0; done
  return 1
}

cmd_synth() {
  require yosys
  mkdir -p "$BUILD"
  local -a srcs
  mapfile -t srcs < <(sources)
  (( ${#srcs[@]} )) || die "no sources in rtl/"
  if ! newer_than "$BUILD/$TOP.json" "${srcs[@]}"; then
    note "synth up to date"
    return 0
  fi
  yosys -q -l "$BUILD/yosys.log" \
    -p "read_verilog -sv ${srcs[*]}; synth_ecp5 -top $TOP -abc9 -json $BUILD/$TOP.json"
  grep -A20 'Printing statistics' "$BUILD/yosys.log" | grep -E 'LUT4|TRELLIS_FF|DP16KD|MULT18' || true
}

cmd_pnr() {
  cmd_synth
  require nextpnr-ecp5
  [[ -f "$LPF" ]] || die "constraints missing: $LPF"
  if ! newer_than "$BUILD/$TOP.config" "$BUILD/$TOP.json" "$LPF"; then
    note "pnr up to date"
    return 0
  fi
  nextpnr-ecp5 "--$DEVICE" --package "$PACKAGE" \
    --json "$BUILD/$TOP.json" --lpf "$LPF" --textcfg "$BUILD/$TOP.config" \
    --freq "$FREQ_MHZ" --report "$BUILD/report.json" --log "$BUILD/nextpnr.log" -q
  local fmax
  fmax="$(jq -r '.fmax | to_entries[] | "\(.key): \(.value.achieved | floor) MHz (want \(.value.constraint | floor))"' "$BUILD/report.json" 2>/dev/null || true)"
  [[ -n "$fmax" ]] && note "timing: $fmax"
  if grep -q 'FAIL' "$BUILD/nextpnr.log"; then
    note "warning: timing not met, see build/nextpnr.log"
  fi
}

cmd_bit() {
  cmd_pnr
  require ecppack
  if newer_than "$BUILD/$TOP.bit" "$BUILD/$TOP.config"; then
    ecppack --compress --input "$BUILD/$TOP.config" --bit "$BUILD/$TOP.bit"
  fi
  note "bitstream: build/$TOP.bit ($(stat -c %s "$BUILD/$TOP.bit") bytes)"
}

board_args() {
  [[ -f "$BOARD_ENV" ]] || die "create board.env with BOARD=<openFPGALoader board> and BOARD_SERIAL=<usb serial>"
  local BOARD="" BOARD_SERIAL=""
  local key value
  while IFS='=' read -r key value; do
    case "$key" in
      BOARD) BOARD="$value" ;;
      BOARD_SERIAL) BOARD_SERIAL="$value" ;;
    esac
  done < "$BOARD_ENV"
  [[ -n "$BOARD" && -n "$BOARD_SERIAL" ]] || die "board.env needs BOARD and BOARD_SERIAL"
  # make sure exactly that board is attached
  if ! openFPGALoader --scan-usb 2>/dev/null | grep -q -- "$BOARD_SERIAL"; then
    die "board with serial $BOARD_SERIAL not connected"
  fi
  printf '%s\n' -b "$BOARD" --ftdi-serial "$BOARD_SERIAL"
}

cmd_sram() {
  cmd_bit
  require openFPGALoader
  local -a args
  mapfile -t args < <(board_args)
  openFPGALoader "${args[@]}" "$BUILD/$TOP.bit"
}

cmd_flash() {
  cmd_bit
  require openFPGALoader
  local -a args
  mapfile -t args < <(board_args)
  note "this overwrites the SPI flash of the board (${args[*]})"
  local reply
  read -r -p "write build/$TOP.bit to flash? [y/N] " reply
  [[ "$reply" =~ ^[Yy]$ ]] || { note "cancelled"; return 0; }
  openFPGALoader "${args[@]}" -f --verify "$BUILD/$TOP.bit"
}

cmd_sim() {
  require iverilog vvp
  local tb="${1:-tb_top}"
  [[ -f "$TB_DIR/$tb.v" ]] || die "no testbench $TB_DIR/$tb.v"
  mkdir -p "$BUILD"
  local -a srcs
  mapfile -t srcs < <(sources)
  iverilog -g2012 -o "$BUILD/$tb.vvp" -s "$tb" -DVCD_FILE="\"$BUILD/$tb.vcd\"" \
    "$TB_DIR/$tb.v" "${srcs[@]}"
  (cd "$BUILD" && vvp -n "$tb.vvp") | tee "$BUILD/$tb.log"
  if grep -q 'FAIL' "$BUILD/$tb.log"; then
    die "testbench $tb reported failures"
  fi
  note "waves: build/$tb.vcd"
}

cmd_clean() {
  [[ -d "$BUILD" ]] || { note "nothing to clean"; return 0; }
  case "$BUILD" in
    "$ROOT/build") rm -rf -- "$BUILD" ;;
    *) die "unexpected build dir $BUILD" ;;
  esac
  note "removed build/"
}

cmd_lint() {
  require verilator
  local -a srcs
  mapfile -t srcs < <(sources)
  verilator --lint-only -Wall -Wno-DECLFILENAME --top-module "$TOP" "${srcs[@]}"
  note "lint clean"
}

cmd_info() {
  note "device LFE5U-$DEVICE $PACKAGE @ ${FREQ_MHZ} MHz"
  note "$(sources | wc -l) source file(s) in rtl/"
  [[ -f "$BUILD/$TOP.bit" ]] && note "last bitstream: $(date -r "$BUILD/$TOP.bit" '+%F %T')"
  if command -v openFPGALoader >/dev/null; then
    openFPGALoader --scan-usb 2>/dev/null | sed 's/^/    /' || true
  fi
}

case "${1:-}" in
  synth) cmd_synth ;;
  pnr) cmd_pnr ;;
  bit) cmd_bit ;;
  sram) cmd_sram ;;
  flash) cmd_flash ;;
  sim) shift; cmd_sim "$@" ;;
  clean) cmd_clean ;;
  lint) cmd_lint ;;
  info) cmd_info ;;
  *) sed -n '2,14p' "$0"; exit 2 ;;
esac
