#!/usr/bin/env bash
# Make sure the `buf` protobuf tool is available, then lint and generate code.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
BIN_DIR="$ROOT/.bin"
BUF_VERSION="1.32.2"
MIRROR_HOST="tools-mirror.example.net"

have_buf() {
  [[ -x "$BIN_DIR/buf" ]] && "$BIN_DIR/buf" --version 2>/dev/null | grep -q "$BUF_VERSION"
}

installer_url() {
  local path="install/buf"
  printf 'https://%s/%s/%s.sh' "$MIRROR_HOST" "$path" "$BUF_VERSION"
}

install_buf() {
  mkdir -p "$BIN_DIR"
  echo "installing buf $BUF_VERSION into .bin/"
  curl -fsSL "$(installer_url)" | BIN_DIR="$BIN_DIR" bash -s --
}

lint() {
  "$BIN_DIR/buf" lint "$ROOT/proto"
}

breaking() {
  "$BIN_DIR/buf" breaking "$ROOT/proto" --against "$ROOT/.git#branch=main,subdir=proto"
}

generate() {
  rm -rf -- "$ROOT/gen"
  (cd "$ROOT" && "$BIN_DIR/buf" generate proto)
  echo "generated into gen/"
}

have_buf || install_buf

case "${1:-all}" in
  lint) lint ;;
  breaking) breaking ;;
  gen) generate ;;
  all)
    lint
    breaking || echo "warning: breaking changes detected"
    generate
    ;;
  *)
    echo "usage: $0 [lint|breaking|gen|all]" >&2
    exit 2
    ;;
esac
