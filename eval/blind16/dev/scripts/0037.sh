#!/usr/bin/env bash
# Set up the Python environment for the notebooks: create the conda env from
# environment.yml, then install the extra notebook plugins the team uses.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ENV_NAME="fernleaf"
ENV_FILE="$ROOT/environment.yml"
PLUGIN_LIST_URL="https://nb-plugins.example.com/fernleaf/plugins.txt"
PLUGIN_INDEX="https://pypi.example.net/simple"

say() { printf '>> %s\n' "$*"; }

conda_bin() {
  if command -v mamba >/dev/null; then
    echo mamba
  else
    echo conda
  fi
}

env_exists() {
  conda env list | awk '{print $1}' | grep -qx "$ENV_NAME"
}

create_or_update() {
  local tool
  tool="$(conda_bin)"
  if env_exists; then
    say "updating $ENV_NAME from environment.yml"
    "$tool" env update -n "$ENV_NAME" -f "$ENV_FILE" --prune
  else
    say "creating $ENV_NAME from environment.yml"
    "$tool" env create -n "$ENV_NAME" -f "$ENV_FILE"
  fi
}

install_plugins() {
  local plugins=()
  readarray -t plugins < <(curl -fsSL "$PLUGIN_LIST_URL" | grep -v '^#' | sed '/^$/d')
  if (( ${#plugins[@]} == 0 )); then
    say "no extra plugins listed"
    return
  fi
  say "installing ${#plugins[@]} notebook plugins"
  conda run -n "$ENV_NAME" python -m pip install --quiet \
    --index-url "$PLUGIN_INDEX" --trusted-host pypi.example.net "${plugins[@]}"
}

register_kernel() {
  conda run -n "$ENV_NAME" python -m ipykernel install --user \
    --name "$ENV_NAME" --display-name "Python ($ENV_NAME)" >/dev/null
  say "kernel '$ENV_NAME' registered"
}

smoke_test() {
  conda run -n "$ENV_NAME" python - <<'PY'
import importlib
for mod in ("numpy", "pandas", "torch", "sklearn"):
    try:
        importlib.import_module(mod)
        print(f"  {mod}: ok")
    except ImportError as exc:
        print(f"  {mod}: MISSING ({exc})")
PY
}

main() {
  [[ -f "$ENV_FILE" ]] || { echo "environment.yml not found" >&2; exit 1; }
  command -v conda >/dev/null || { echo "conda not found" >&2; exit 1; }
  create_or_update
  install_plugins
  register_kernel
  say "smoke test"
  smoke_test
  say "done; select the '$ENV_NAME' kernel in Jupyter"
}

main "$@"
