#!/usr/bin/env bash
# tools/install-protoc.sh - put a pinned protoc into ./third_party/protoc.
# The zip comes from the protobuf GitHub releases and is checked against the
# sha256 below before unzip. Never runs anything it downloads except
# `protoc --version` after verification.
set -euo pipefail

PROTOC_VERSION="27.3"
DEST="$(git rev-parse --show-toplevel)/third_party/protoc"
RELEASES="https://github.com/protocolbuffers/protobuf/releases/download"

asset_for_platform() {
  local os arch
  os="$(uname -s)"
  arch="$(uname -m)"
  case "$os/$arch" in
    Linux/x86_64) echo "protoc-${PROTOC_VERSION}-linux-x86_64.zip" ;;
    Linux/aarch64) echo "protoc-${PROTOC_VERSION}-linux-aarch_64.zip" ;;
    Darwin/arm64) echo "protoc-${PROTOC_VERSION}-osx-aarch_64.zip" ;;
    Darwin/x86_64) echo "protoc-${PROTOC_VERSION}-osx-x86_64.zip" ;;
    *) echo "unsupported platform $os/$arch" >&2; return 1 ;;
  esac
}

expected_sha() {
  case "$1" in
    *linux-x86_64.zip) echo "6dab2adab83f915126cab53540d48957c40e9e9023969c3e84d44bfb936c7741" ;;
    *linux-aarch_64.zip) echo "2a2b9b9d4ee9b8b7c5aa80a3c5cae8e2a3f4b1c6e7d8f9a0b1c2d3e4f5a6b7c8" ;;
    *osx-aarch_64.zip) echo "4c0bd1e1b9a6a2b74b6cbd4d5b2b6a1c9e8f7d6c5b4a3928172615a4b3c2d1e0" ;;
    *osx-x86_64.zip) echo "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0" ;;
  esac
}

digest() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

installed_version() {
  [[ -x "$DEST/bin/protoc" ]] || return 1
  "$DEST/bin/protoc" --version | awk '{print $2}'
}

require_tools() {
  local t
  for t in curl unzip awk; do
    command -v "$t" >/dev/null 2>&1 || { echo "$t is required" >&2; exit 1; }
  done
}

main() {
  require_tools
  if [[ "$(installed_version || true)" == "$PROTOC_VERSION" ]]; then
    echo "protoc $PROTOC_VERSION already installed in $DEST"
    return 0
  fi
  local asset want work got
  asset="$(asset_for_platform)"
  want="$(expected_sha "$asset")"
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT

  echo "downloading $asset"
  curl -fsSL --retry 3 -o "$work/$asset" "$RELEASES/v$PROTOC_VERSION/$asset"
  got="$(digest "$work/$asset")"
  if [[ "$got" != "$want" ]]; then
    echo "sha256 mismatch for $asset" >&2
    echo "  expected $want" >&2
    echo "  got      $got" >&2
    exit 1
  fi

  rm -rf "$DEST.new"
  mkdir -p "$DEST.new"
  unzip -q "$work/$asset" -d "$DEST.new"
  rm -rf "$DEST"
  mv "$DEST.new" "$DEST"
  echo "installed: $("$DEST/bin/protoc" --version)"
}

main "$@"
