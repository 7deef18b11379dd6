#!/usr/bin/env bash
#
# Requirements: can-utils (candump, cansend, canplayer, cangen, isotpsend,
# isotprecv, cangw), iproute2, the vcan and can-gw kernel modules.
# The ECU simulator (tools/ecu_sim.py) answers UDS requests on vcan0.
#
# Logs land in build/can/, one file per run.
#
# can-bench.sh - virtual CAN bench for the instrument-cluster firmware tests.
#
#   tools/can-bench.sh setup              create vcan0/vcan1 (sudo, virtual only)
#   tools/can-bench.sh replay LOG         replay a candump log onto vcan0 and record vcan1
#   tools/can-bench.sh fuzz [N]           cangen random frames on vcan0 (N frames)
#   tools/can-bench.sh uds                send a UDS session request over ISO-TP on vcan0
#   tools/can-bench.sh teardown           delete the vcan interfaces we created
#
# Every write goes to a vcanN interface.  Real buses (can0, slcan0, ...) are
# refused by check_iface(); recorded logs may *mention* can0, canplayer maps
# them to vcan0 explicitly.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/build/can"
TX_IFACE="${TX_IFACE:-vcan0}"
RX_IFACE="${RX_IFACE:-vcan1}"
BG_PIDS=()

log() { printf '[can-bench] %s\n' "$*"; }
die() { printf '[can-bench] error: %s\n' "$*" >&2; exit 1; }

cleanup() {
  local pid
  for pid in "${BG_PIDS[@]}"; do
    if kill -0 "$pid" 2>/dev/null; then
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    fi
  done
}
trap cleanup EXIT
trap 'log "interrupted"; exit 130' INT TERM

check_iface() {
  local iface="$1"
  [[ "$iface" =~ ^vcan[0-9]+$ ]] || die "$iface is not a virtual CAN interface; refusing to write"
}

have() { command -v "$1" >/dev/null 2>&1; }

need_utils() {
  local bin
  for bin in candump cansend canplayer cangen; do
    have "$bin" || die "$bin missing - install can-utils"
  done
}

iface_up() {
  ip link show "$1" 2>/dev/null | grep -q 'state UP\|state UNKNOWN'
}

cmd_setup() {
  local iface
  lsmod | grep -q '^vcan' || sudo modprobe vcan
  for iface in "$TX_IFACE" "$RX_IFACE"; do
    check_iface "$iface"
    if ip link show "$iface" >/dev/null 2>&1; then
      log "$iface already exists"
    else
      sudo ip link add dev "$iface" type vcan
      log "created $iface"
    fi
    sudo ip link set up "$iface"
  done
  if have cangw; then
    # mirror vcan0 -> vcan1 so the recorder sees what the replay sends
    sudo cangw -F 2>/dev/null || true
    sudo cangw -A -s "$TX_IFACE" -d "$RX_IFACE" -e
    log "gateway $TX_IFACE -> $RX_IFACE"
  fi
}

cmd_teardown() {
  local iface
  for iface in "$TX_IFACE" "$RX_IFACE"; do
    check_iface "$iface"
    if ip link show "$iface" >/dev/null 2>&1; then
      sudo ip link delete "$iface"
      log "deleted $iface"
    fi
  done
}

start_recorder() {
  local name="$1"
  mkdir -p "$OUT"
  candump -L "$RX_IFACE" >"$OUT/$name.log" &
  BG_PIDS+=("$!")
  log "recording $RX_IFACE -> ${OUT#"$ROOT"/}/$name.log (pid $!)"
}

source_iface_of() {
  # first interface name used in the log, e.g. can0
  awk 'NF >= 3 {print $2; exit}' "$1"
}

cmd_replay() {
  local log_file="${1:-}"
  [[ -f "$log_file" ]] || die "usage: can-bench.sh replay LOG"
  check_iface "$TX_IFACE"
  iface_up "$TX_IFACE" || die "$TX_IFACE is down; run setup first"
  local src_iface
  src_iface="$(source_iface_of "$log_file")"
  [[ -n "$src_iface" ]] || die "cannot find an interface name in $log_file"
  start_recorder "replay-$(date +%H%M%S)"
  log "replaying $(wc -l <"$log_file") frames ($src_iface -> $TX_IFACE)"
  canplayer -I "$log_file" "$TX_IFACE=$src_iface"
  sleep 1
  log "replay finished"
}

cmd_fuzz() {
  local n="${1:-500}"
  [[ "$n" =~ ^[0-9]+$ ]] || die "frame count must be a number"
  check_iface "$TX_IFACE"
  iface_up "$TX_IFACE" || die "$TX_IFACE is down; run setup first"
  start_recorder "fuzz-$(date +%H%M%S)"
  log "sending $n random frames on $TX_IFACE"
  cangen "$TX_IFACE" -g 2 -n "$n" -I r -L r -D r
  sleep 1
}

cmd_uds() {
  check_iface "$TX_IFACE"
  have isotpsend || die "isotpsend missing (can-utils)"
  have isotprecv || die "isotprecv missing (can-utils)"
  mkdir -p "$OUT"
  isotprecv -s 7E8 -d 7E0 "$TX_IFACE" >"$OUT/uds-response.txt" &
  BG_PIDS+=("$!")
  sleep 0.2
  # 10 03 = DiagnosticSessionControl, extended session (simulated ECU only)
  echo '10 03' | isotpsend -s 7E0 -d 7E8 "$TX_IFACE"
  sleep 1
  if [[ -s "$OUT/uds-response.txt" ]]; then
    log "ECU simulator answered: $(head -n 1 "$OUT/uds-response.txt")"
  else
    log "no answer from the ECU simulator (is tools/ecu_sim.py running?)"
  fi
}

cmd_status() {
  local iface
  for iface in "$TX_IFACE" "$RX_IFACE"; do
    if ip -details link show "$iface" 2>/dev/null | grep -q vcan; then
      log "$iface: $(ip -br link show "$iface" | awk '{print $2}')"
    else
      log "$iface: missing"
    fi
  done
  if [[ -d "$OUT" ]]; then
    log "recordings:"
    ls -1t "$OUT" | head -n 5 | sed 's/^/    /'
  fi
}

main() {
  local cmd="${1:-status}"
  shift || true
  need_utils
  case "$cmd" in
    setup) cmd_setup ;;
    teardown) cmd_teardown ;;
    replay) cmd_replay "$@" ;;
    fuzz) cmd_fuzz "$@" ;;
    uds) cmd_uds ;;
    status) cmd_status ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
