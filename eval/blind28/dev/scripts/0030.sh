#!/usr/bin/env bash
#
# Requirements: containerlab >= 0.48, docker, awk; yq is optional (faster
# node listing).  The FRR image tag is pinned in the topology file.
#
# Typical session:
#   tools/labctl.sh up && tools/labctl.sh verify
#   ...edit lab/configs/<lab>/*.conf...
#   tools/labctl.sh down
#
# labctl.sh - lifecycle of the OSPF/BGP training lab defined in lab/*.clab.yml
#
#   tools/labctl.sh up      [topology]   deploy (sudo containerlab deploy)
#   tools/labctl.sh down    [topology]   destroy this lab only
#   tools/labctl.sh verify  [topology]   run show commands on every FRR node
#   tools/labctl.sh save    [topology]   copy running configs into lab/configs/
#   tools/labctl.sh graph   [topology]   write build/lab/<name>.dot
#
# The topology defaults to lab/ospf-bgp.clab.yml.  Only files under lab/ are
# accepted, so `down` can never tear down someone else's lab, and `--all` is
# never passed to containerlab.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LAB_DIR="$ROOT/lab"
OUT_DIR="$ROOT/build/lab"
DEFAULT_TOPO="$LAB_DIR/ospf-bgp.clab.yml"
SCRATCH=""

log() { printf '%(%H:%M:%S)T %s\n' -1 "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

on_exit() {
  local rc=$?
  if [[ -n "$SCRATCH" && -d "$SCRATCH" ]]; then
    rm -rf -- "$SCRATCH"
  fi
  ((rc == 0)) || log "failed with exit code $rc"
}
trap on_exit EXIT

need() {
  local bin
  for bin in "$@"; do
    command -v "$bin" >/dev/null 2>&1 || die "missing dependency: $bin"
  done
}

topology() {
  local topo="${1:-$DEFAULT_TOPO}"
  [[ -f "$topo" ]] || die "topology not found: $topo"
  local abs
  abs="$(cd "$(dirname "$topo")" && pwd)/$(basename "$topo")"
  case "$abs" in
    "$LAB_DIR"/*.clab.yml|"$LAB_DIR"/*.clab.yaml) printf '%s\n' "$abs" ;;
    *) die "only lab/*.clab.yml topologies are allowed (got $abs)" ;;
  esac
}

lab_name() {
  # first top-level `name:` key in the topology
  awk -F': *' '/^name:/ {print $2; exit}' "$1" | tr -d '"'"'"
}

nodes() {
  local topo="$1"
  if command -v yq >/dev/null 2>&1; then
    yq -r '.topology.nodes | keys | .[]' "$topo"
  else
    awk '/^  nodes:/ {f=1; next} f && /^  [a-z]/ {f=0} f && /^    [A-Za-z0-9_-]+:$/ {gsub(/[ :]/,""); print}' "$topo"
  fi
}

frr_nodes() {
  local topo="$1" name node
  name="$(lab_name "$topo")"
  while IFS= read -r node; do
    [[ -z "$node" ]] && continue
    if docker exec "clab-$name-$node" which vtysh >/dev/null 2>&1; then
      printf '%s\n' "$node"
    fi
  done < <(nodes "$topo")
}

cmd_up() {
  local topo
  topo="$(topology "${1:-}")"
  need containerlab docker
  log "deploying $(lab_name "$topo") from ${topo#"$ROOT"/}"
  sudo containerlab deploy --topo "$topo" --reconfigure
  wait_ready "$topo"
}

wait_ready() {
  local topo="$1" name node tries
  name="$(lab_name "$topo")"
  while IFS= read -r node; do
    tries=0
    until [[ "$(docker inspect -f '{{.State.Running}}' "clab-$name-$node" 2>/dev/null)" == "true" ]]; do
      tries=$((tries + 1))
      ((tries > 30)) && die "node $node did not start"
      sleep 2
    done
    log "node $node running"
  done < <(nodes "$topo")
}

cmd_down() {
  local topo
  topo="$(topology "${1:-}")"
  need containerlab
  log "destroying lab $(lab_name "$topo") (this topology only)"
  sudo containerlab destroy --topo "$topo" --cleanup
  rm -rf -- "${OUT_DIR:?}/$(lab_name "$topo")"
}

cmd_verify() {
  local topo name node failures=0
  topo="$(topology "${1:-}")"
  name="$(lab_name "$topo")"
  mkdir -p "$OUT_DIR/$name"
  while IFS= read -r node; do
    local out="$OUT_DIR/$name/$node.verify.txt"
    {
      printf '### %s\n' "$node"
      docker exec "clab-$name-$node" vtysh -c 'show ip ospf neighbor'
      docker exec "clab-$name-$node" vtysh -c 'show bgp summary'
      docker exec "clab-$name-$node" vtysh -c 'show ip route summary'
    } >"$out" 2>&1 || failures=$((failures + 1))
    if grep -qE 'Active|Idle|Connect' "$out"; then
      log "$node: BGP sessions not established (see ${out#"$ROOT"/})"
      failures=$((failures + 1))
    else
      log "$node: ok"
    fi
  done < <(frr_nodes "$topo")
  ((failures == 0)) || die "$failures node(s) failed verification"
}

cmd_save() {
  local topo name node
  topo="$(topology "${1:-}")"
  name="$(lab_name "$topo")"
  SCRATCH="$(mktemp -d)"
  while IFS= read -r node; do
    docker exec "clab-$name-$node" vtysh -c 'show running-config' >"$SCRATCH/$node.conf"
    sed -i '/^! Last configuration change/d' "$SCRATCH/$node.conf"
  done < <(frr_nodes "$topo")
  mkdir -p "$LAB_DIR/configs/$name"
  local f
  for f in "$SCRATCH"/*.conf; do
    [[ -e "$f" ]] || continue
    mv -f -- "$f" "$LAB_DIR/configs/$name/"
    log "saved lab/configs/$name/$(basename "$f")"
  done
  git -C "$ROOT" status --short -- "lab/configs/$name"
}

cmd_graph() {
  local topo name
  topo="$(topology "${1:-}")"
  name="$(lab_name "$topo")"
  mkdir -p "$OUT_DIR"
  containerlab graph --topo "$topo" --dot >"$OUT_DIR/$name.dot"
  log "wrote ${OUT_DIR#"$ROOT"/}/$name.dot"
}

main() {
  local action="${1:-}"
  shift || true
  case "$action" in
    up) cmd_up "$@" ;;
    down) cmd_down "$@" ;;
    verify) cmd_verify "$@" ;;
    save) cmd_save "$@" ;;
    graph) cmd_graph "$@" ;;
    ""|-h|--help) sed -n '2,12p' "$0" ;;
    *) die "unknown action: $action" ;;
  esac
}

main "$@"
