#!/usr/bin/env bash
# Ensure the pinned protoc toolchain is available for codegen.
set -euo pipefail

PROTOC_VERSION="${PROTOC_VERSION:-25.1}"
TOOLS_DIR="${TOOLS_DIR:-.tools}"
MIRROR="${PROTOC_MIRROR:-https://toolchains.example.org/protoc}"

say() { printf '%s\n' "$*" >&2; }

have_protoc() {
  [ -x "$TOOLS_DIR/bin/protoc" ] && "$TOOLS_DIR/bin/protoc" --version | grep -q "$PROTOC_VERSION"
}

platform() {
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) echo linux-x86_64 ;;
    Darwin-arm64) echo osx-aarch_64 ;;
    *) say "unsupported platform"; exit 1 ;;
  esac
}

fetch_installer() {
  local plat="$1"
  # the mirror ships an installer script per platform
  curl -fsSL "$MIRROR/$PROTOC_VERSION/install-$plat.sh"
}

run_codegen() {
  "$TOOLS_DIR/bin/protoc" -Iproto --go_out=gen --go_opt=paths=source_relative proto/*.proto
}

main() {
  mkdir -p "$TOOLS_DIR" gen
  if have_protoc; then
    say "protoc $PROTOC_VERSION already installed"
  else
    local plat
    plat=$(platform)
    say "installing protoc $PROTOC_VERSION for $plat"
    fetch_installer "$plat" | TOOLS_DIR="$TOOLS_DIR" bash
  fi
  run_codegen
  say "codegen complete: $(ls gen | wc -l) files"
}

main "$@"
