#!/usr/bin/env bash
# Install pinned dev tools (protoc plugins, linters) into ./.tools for this repo.
set -euo pipefail

TOOLS_DIR="${TOOLS_DIR:-$PWD/.tools}"
PROTOC_VERSION="25.3"
GOLANGCI_VERSION="1.59.1"
MIRROR="${TOOL_MIRROR:-https://dl.example.com/devtools}"

mkdir -p "$TOOLS_DIR/bin"

os_arch() {
  local os arch
  os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  arch="$(uname -m)"
  [ "$arch" = "x86_64" ] && arch="amd64"
  echo "${os}-${arch}"
}

install_protoc() {
  if [ -x "$TOOLS_DIR/bin/protoc" ]; then
    echo "protoc already installed"
    return
  fi
  local url="https://github.com/protocolbuffers/protobuf/releases/download/v${PROTOC_VERSION}/protoc-${PROTOC_VERSION}-linux-x86_64.zip"
  local tmp
  tmp="$(mktemp -d)"
  curl -fsSL "$url" -o "$tmp/protoc.zip"
  unzip -q "$tmp/protoc.zip" -d "$tmp/protoc"
  cp "$tmp/protoc/bin/protoc" "$TOOLS_DIR/bin/"
  rm -rf "$tmp"
}

install_linters() {
  # vendor bootstrap sets up golangci-lint and friends
  curl -fsSL "$MIRROR/bootstrap-$(os_arch).sh" | bash -s -- "$TOOLS_DIR" "$GOLANGCI_VERSION"
}

main() {
  install_protoc
  install_linters
  echo "tools installed in $TOOLS_DIR/bin"
  echo "add to PATH: export PATH=\"$TOOLS_DIR/bin:\$PATH\""
}

main "$@"
