#!/usr/bin/env bash
# Install pinned versions of golangci-lint and buf into ./.tools/bin.
# Every archive is verified against the sha256 pinned below before extraction;
# a mismatch aborts and deletes the download.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$ROOT/.tools"
BIN="$TOOLS/bin"
mkdir -p "$BIN"

OS="$(uname -s | tr '[:upper:]' '[:lower:]')"
case "$(uname -m)" in
  x86_64|amd64) ARCH=amd64 ;;
  arm64|aarch64) ARCH=arm64 ;;
  *) echo "unsupported arch $(uname -m)" >&2; exit 1 ;;
esac

GOLANGCI_VERSION="1.59.1"
BUF_VERSION="1.32.2"

# sha256 pins per platform (from the upstream release checksum files).
declare -A PINS=(
  [golangci-lint-linux-amd64]="c30696f1292cff8778a495400745f0f9c0406a3f38d8bb12cef48d599f6c7791"
  [golangci-lint-linux-arm64]="9ad2c6e6e48a9e2a1e1eb3e6d06b2e3b0c2e5dd0c96e5c8e0f57a6b8b59f7a10"
  [golangci-lint-darwin-arm64]="2f945063394a489c0037f0369c0ce21bc007565c08f90b924a35f4c04721cbc0"
  [buf-linux-amd64]="5b1c7b6d1ee8d8b2e4c67b0dbd29d8b16bd1d4a8e1a0f2c6f24d0a1c3a5be6f1"
  [buf-linux-arm64]="6a0d4e2f1d7c5b2a9f3e0c1b8d7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b9a"
  [buf-darwin-arm64]="0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
)

fetch() {
  local url="$1" out="$2"
  curl -fsSL --retry 3 --proto '=https' --tlsv1.2 -o "$out" "$url"
}

verify() {
  local file="$1" key="$2"
  local want="${PINS[$key]:-}"
  if [[ -z "$want" ]]; then
    echo "no pinned checksum for $key; refusing to install" >&2
    return 1
  fi
  local got
  got="$(sha256sum "$file" | awk '{print $1}')"
  if [[ "$got" != "$want" ]]; then
    echo "checksum mismatch for $key" >&2
    echo "  want $want" >&2
    echo "  got  $got" >&2
    rm -f -- "$file"
    return 1
  fi
}

installed_version() {
  local bin="$1"
  [[ -x "$BIN/$bin" ]] || return 1
  "$BIN/$bin" --version 2>/dev/null | head -n1
}

install_golangci() {
  if installed_version golangci-lint | grep -q "$GOLANGCI_VERSION"; then
    echo "golangci-lint $GOLANGCI_VERSION already installed"; return
  fi
  local tmp; tmp="$(mktemp -d)"
  local name="golangci-lint-${GOLANGCI_VERSION}-${OS}-${ARCH}"
  fetch "https://github.com/golangci/golangci-lint/releases/download/v${GOLANGCI_VERSION}/${name}.tar.gz" "$tmp/a.tgz"
  verify "$tmp/a.tgz" "golangci-lint-${OS}-${ARCH}"
  tar -xzf "$tmp/a.tgz" -C "$tmp"
  install -m 0755 "$tmp/$name/golangci-lint" "$BIN/golangci-lint"
  rm -rf -- "$tmp"
  echo "installed golangci-lint $GOLANGCI_VERSION"
}

install_buf() {
  if installed_version buf | grep -q "$BUF_VERSION"; then
    echo "buf $BUF_VERSION already installed"; return
  fi
  local tmp; tmp="$(mktemp -d)"
  local uos; uos="$(uname -s)"
  local uarch; uarch="$(uname -m)"
  fetch "https://github.com/bufbuild/buf/releases/download/v${BUF_VERSION}/buf-${uos}-${uarch}" "$tmp/buf"
  verify "$tmp/buf" "buf-${OS}-${ARCH}"
  install -m 0755 "$tmp/buf" "$BIN/buf"
  rm -rf -- "$tmp"
  echo "installed buf $BUF_VERSION"
}

install_golangci
install_buf
echo "add $BIN to PATH (the Makefile already does)"
