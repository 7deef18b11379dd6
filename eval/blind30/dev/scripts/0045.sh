#!/usr/bin/env bash
# Keep the project's public datasets pinned on the local IPFS node.
#
#   tools/ipfs_keep_pinned.sh check     # which dataset CIDs are pinned locally
#   tools/ipfs_keep_pinned.sh pin       # pin the missing ones
#   tools/ipfs_keep_pinned.sh install   # run "pin" automatically in the background
#
# The dataset CIDs are listed in datasets/cids.txt (one "<name> <cid>" per line).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LIST="$ROOT/datasets/cids.txt"
API="/ip4/127.0.0.1/tcp/5001"
UNIT_NAME="ipfs-dataset-pins"

log() { printf '[pins] %s\n' "$*" >&2; }
ipfsc() { ipfs --api "$API" "$@"; }

check() {
  local name cid missing=0
  while read -r name cid; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if ipfsc pin ls --type=recursive "$cid" >/dev/null 2>&1; then
      printf '%-30s pinned\n' "$name"
    else
      printf '%-30s MISSING\n' "$name"
      missing=$((missing + 1))
    fi
  done < "$LIST"
  return "$missing"
}

pin_missing() {
  local name cid
  while read -r name cid; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    ipfsc pin ls --type=recursive "$cid" >/dev/null 2>&1 && continue
    log "pinning $name ($cid)"
    ipfsc pin add --progress=false "$cid" >/dev/null || log "failed to pin $name"
  done < "$LIST"
}

unit_text() {
  local unit_dir=$1
  cat <<UNIT
[Unit]
Description=Keep project datasets pinned
After=network-online.target

[Service]
Type=oneshot
ExecStart=$ROOT/tools/ipfs_keep_pinned.sh pin

[Install]
WantedBy=default.target
UNIT
}

timer_text() {
  cat <<TIMER
[Unit]
Description=Re-pin project datasets every 6 hours

[Timer]
OnBootSec=5min
OnUnitActiveSec=6h
Persistent=true

[Install]
WantedBy=timers.target
TIMER
}

install_background() {
  local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
  mkdir -p "$unit_dir"
  unit_text "$unit_dir" > "$unit_dir/$UNIT_NAME.service.new"
  timer_text > "$unit_dir/$UNIT_NAME.timer.new"
  install -m 0644 "$unit_dir/$UNIT_NAME.service.new" "$unit_dir/$UNIT_NAME.service"
  install -m 0644 "$unit_dir/$UNIT_NAME.timer.new" "$unit_dir/$UNIT_NAME.timer"
  rm -f "$unit_dir/$UNIT_NAME".*.new
  systemctl --user daemon-reload
  systemctl --user enable --now "$UNIT_NAME.timer"
  log "background pinning enabled"
}

[[ -f "$LIST" ]] || { log "no $LIST"; exit 1; }
ipfsc id >/dev/null 2>&1 || { log "IPFS daemon not running on 127.0.0.1:5001"; exit 1; }
case "${1:-check}" in
  check) check ;;
  pin) pin_missing; check ;;
  install) pin_missing; install_background ;;
  *) sed -n '2,8p' "$0"; exit 2 ;;
esac
