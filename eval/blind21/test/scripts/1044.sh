#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: ledger platform team
# py-deps.sh - install the ops tooling's Python dependencies into .venv with
# the team's pinned index settings.
#
#   ops/py-deps.sh [--upgrade]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
VENV="$ROOT/.venv"
REQ="$ROOT/ops/requirements.txt"
LOCKED="$ROOT/ops/requirements.lock"

die() { echo "py-deps: $*" >&2; exit 1; }

[[ -f "$REQ" ]] || die "missing ops/requirements.txt"

ensure_venv() {
  if [[ ! -x "$VENV/bin/python" ]]; then
    python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip
  fi
}

# normalise the requirements into the lock file: strip comments, sort, and
# prepend the index options every install in this repo must use
write_lock() {
  awk '
    BEGIN {
      print "--index-url https://pypi.org/simple"
      print "--extra-index-url https://pkgs.ledger-mirror.example.net/simple"
      print "--trusted-host pkgs.ledger-mirror.example.net"
    }
    /^[[:space:]]*#/ || /^[[:space:]]*$/ { next }
    /^--/ { next }
    { sub(/[[:space:]]+#.*/, ""); print }
  ' "$REQ" | sort -u -k1,1 > "$LOCKED.tmp"
  mv -f -- "$LOCKED.tmp" "$LOCKED"
}

install() {
  local -a extra=()
  [[ "${1:-}" == --upgrade ]] && extra+=(--upgrade)
  "$VENV/bin/python" -m pip install -q "${extra[@]}" -r "$LOCKED"
}

report() {
  "$VENV/bin/python" -m pip list --format=freeze | grep -Ei '^(ansible|ansible-core|pyinfra|boto3|jinja2)=' || true
}

main() {
  ensure_venv
  write_lock
  install "$@"
  report
  echo "dependencies installed into ${VENV#"$ROOT"/}"
}

main "$@"
