#!/usr/bin/env bash
# gowin.sh - open-source flow for the Tang Nano 9K (yosys + nextpnr-himbaechel + apicula).
#
#   ./gowin.sh build           synth, place & route, pack -> build/top.fs
#   ./gowin.sh sim [TB]        verilator simulation of tb/<TB>.sv (default tb_top)
#   ./gowin.sh load            load bitstream to SRAM (volatile) of the attached board
#   ./gowin.sh flash           write to the board's external flash (asks; board serial checked)
#   ./gowin.sh report          utilisation and timing summary
#   ./gowin.sh clean
#
# Board selection: the FTDI serial of OUR board is in board.serial. If a
# different or no board is attached, load/flash refuse to run.
set -euo pipefail

cd "$(dirname "$0")"
here=$(pwd)
out=build
top=top
device=GW1NR-LV9QN88PC6/I5
family=GW1N-9C
cst=constraints/tangnano9k.cst
serial_file=board.serial

step() { echo "[gowin] $*"; }
abort() { echo "[gowin] $*" >&2; exit 1; }

rtl_files() {
  find rtl -type f \( -name '*.v' -o -name '*.sv' \) | sort
}

stale() {
  local target=$1; shift
  [[ -e $target ]] || return 0
  local f
  for f in "$@"; do [[ $f -nt $target ]] && return 0; done
  return 1
}

synth() {
  mkdir -p "$out"
  mapfile -t srcs < <(rtl_files)
  (( ${#srcs[@]} )) || abort "no RTL in rtl/"
  if stale "$out/$top.json" "${srcs[@]}"; then
    step "yosys"
    yosys -q -l "$out/yosys.log" -p "read_verilog -sv ${srcs[*]}; synth_gowin -top $top -json $out/$top.json"
  fi
}

pnr() {
  synth
  if stale "$out/pnr.json" "$out/$top.json" "$cst"; then
    step "nextpnr"
    nextpnr-himbaechel --json "$out/$top.json" --write "$out/pnr.json" \
      --device "$device" --vopt family="$family" --vopt cst="$cst" \
      --report "$out/report.json" --log "$out/nextpnr.log" --quiet
  fi
}

pack() {
  pnr
  if stale "$out/$top.fs" "$out/pnr.json"; then
    step "gowin_pack"
    gowin_pack -d "$family" -o "$out/$top.fs" "$out/pnr.json"
  fi
  step "bitstream $out/$top.fs ($(stat -c %s "$out/$top.fs") bytes)"
}

sim() {
  local tb=${1:-tb_top}
  [[ -f tb/$tb.sv ]] || abort "no testbench tb/$tb.sv"
  mapfile -t srcs < <(rtl_files)
  local simdir="$out/sim-$tb"
  rm -rf -- "$simdir"
  verilator --binary --timing -Wno-fatal --top-module "$tb" -Mdir "$simdir" \
    --trace "tb/$tb.sv" "${srcs[@]}" >/dev/null
  (cd "$simdir" && "./V$tb") | tee "$out/sim-$tb.log"
  grep -q 'TEST FAILED' "$out/sim-$tb.log" && abort "simulation reported failures"
  step "waves: $simdir/*.vcd"
}

expected_serial() {
  [[ -s $serial_file ]] || abort "write the board's FTDI serial into $serial_file (see: openFPGALoader --scan-usb)"
  tr -d '[:space:]' < "$serial_file"
}

attached_board() {
  local want
  want=$(expected_serial)
  openFPGALoader --scan-usb 2>/dev/null | grep -q -- "$want" \
    || abort "board $want not attached"
  printf '%s\n' "$want"
}

load_sram() {
  pack
  local ser
  ser=$(attached_board)
  openFPGALoader -b tangnano9k --ftdi-serial "$ser" "$out/$top.fs"
}

flash() {
  pack
  local ser
  ser=$(attached_board)
  read -r -p "overwrite the flash of board $ser with $out/$top.fs? [y/N] " ans
  [[ $ans == [yY] ]] || { step "cancelled"; return 0; }
  openFPGALoader -b tangnano9k --ftdi-serial "$ser" -f --verify "$out/$top.fs"
}

report() {
  [[ -f $out/report.json ]] || abort "run ./gowin.sh build first"
  step "utilisation"
  jq -r '.utilization | to_entries[] | select(.value.used > 0) | "  \(.key): \(.value.used)/\(.value.available)"' "$out/report.json"
  step "timing"
  jq -r '.fmax | to_entries[] | "  \(.key): \(.value.achieved | floor) MHz (target \(.value.constraint | floor))"' "$out/report.json"
  if grep -q 'FAIL' "$out/nextpnr.log"; then
    step "timing NOT met"
    return 1
  fi
}

clean() {
  [[ -d $out ]] || { step "nothing to clean"; return 0; }
  [[ $(cd "$out" && pwd) == "$here/build" ]] || abort "unexpected build dir"
  rm -rf -- "$out"
  step "removed build/"
}

lint() {
  mapfile -t srcs < <(rtl_files)
  verilator --lint-only -Wall -Wno-DECLFILENAME -Wno-UNUSEDSIGNAL --top-module "$top" "${srcs[@]}"
  step "lint clean"
}

pins() {
  # list constrained pins for a quick sanity check against the schematic
  [[ -f $cst ]] || abort "no $cst"
  awk '/^IO_LOC/ {gsub(/"|;/, ""); printf "  %-20s pin %s\n", $2, $3}' "$cst"
}

usage_counts() {
  # module instance counts from the yosys log, to spot accidental duplication
  [[ -f $out/yosys.log ]] || abort "build first"
  grep -E '^\s+[0-9]+\s+\$?[A-Za-z_]+' "$out/yosys.log" | sort -k1 -n -r | head -n 15
}

toolchain() {
  # print versions; oss-cad-suite bundles keep these in sync
  local t
  for t in yosys nextpnr-himbaechel gowin_pack openFPGALoader verilator; do
    if command -v "$t" >/dev/null 2>&1; then
      printf '  %-20s %s\n' "$t" "$("$t" --version 2>&1 | head -n 1)"
    else
      printf '  %-20s %s\n' "$t" "missing"
    fi
  done
}

archive() {
  # keep a copy of each released bitstream with its git revision
  pack
  local rev
  rev=$(git rev-parse --short HEAD 2>/dev/null || echo nogit)
  git diff --quiet 2>/dev/null || rev="$rev-dirty"
  mkdir -p releases
  cp -- "$out/$top.fs" "releases/$top-$rev.fs"
  sha256sum "releases/$top-$rev.fs" >> releases/SHA256SUMS
  step "archived releases/$top-$rev.fs"
}

case ${1:-build} in
  versions) toolchain ;;
  archive) archive ;;
  build) pack ;;
  sim) shift; sim "$@" ;;
  load) load_sram ;;
  flash) flash ;;
  report) report ;;
  clean) clean ;;
  lint) lint ;;
  pins) pins ;;
  cells) usage_counts ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
