#!/usr/bin/env bash
# Install the optional profiling add-on for the quillmark trainer (GPU kernel
# timelines). The add-on is distributed as a small tarball with its own
# installer by the profiling team.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "$0")/.." && pwd)"
ADDON_VERSION="${ADDON_VERSION:-0.9.2}"
ADDON_BASE="https://profiler-addons.example.com/releases"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

log() { echo "[profiler] $*"; }

python_env() {
  if [[ -n "${CONDA_PREFIX:-}" ]]; then
    echo "$CONDA_PREFIX"
  elif [[ -d "$REPO_DIR/.venv" ]]; then
    echo "$REPO_DIR/.venv"
  else
    echo ""
  fi
}

gpu_present() {
  command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1
}

fetch_addon() {
  local name="quill-profiler-$ADDON_VERSION"
  curl -fsSL "$ADDON_BASE/$name.tar.gz" -o "$WORK/$name.tar.gz"
  tar -xzf "$WORK/$name.tar.gz" -C "$WORK"
  printf '%s\n' "$WORK/$name"
}

run_installer() {
  local dir="$1" env="$2"
  (cd "$dir" && PREFIX="$env" ./install.sh --quiet)
}

enable_in_config() {
  local cfg="$REPO_DIR/configs/profiling.yaml"
  if [[ -f "$cfg" ]] && ! grep -q '^enabled: true' "$cfg"; then
    sed -i.bak 's/^enabled: .*/enabled: true/' "$cfg" && rm -f "$cfg.bak"
    log "profiling enabled in configs/profiling.yaml"
  fi
}

main() {
  local env dir
  env="$(python_env)"
  [[ -n "$env" ]] || { echo "activate the quillmark env first" >&2; exit 1; }
  gpu_present || log "no GPU detected; the add-on will only record CPU timelines"
  dir="$(fetch_addon)"
  run_installer "$dir" "$env"
  enable_in_config
  log "profiler $ADDON_VERSION installed into $env"
}

main "$@"
