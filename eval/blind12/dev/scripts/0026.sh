#!/usr/bin/env bash
# Install a pinned protoc into .tools/protoc for code generation.
# The zip is downloaded from the official GitHub release and verified against
# the SHA-256 pinned below before it is unpacked. Nothing from it is executed
# except `protoc --version`.
# To upgrade: bump PROTOC_VERSION and paste the new digests from the
# release page's sha256 files into the SHA256 table.
set -euo pipefail

PROTOC_VERSION="27.2"
ROOT="$(git rev-parse --show-toplevel)"
DEST="$ROOT/.tools/protoc"
BASE_URL="https://github.com/protocolbuffers/protobuf/releases/download"

declare -A SHA256=(
  [linux-x86_64]="5c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d"
  [linux-aarch_64]="0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0"
  [osx-aarch_64]="a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"
)

platform() {
  local os arch
  os="$(uname -s)"
  arch="$(uname -m)"
  case "$os/$arch" in
    Linux/x86_64) echo linux-x86_64 ;;
    Linux/aarch64) echo linux-aarch_64 ;;
    Darwin/arm64) echo osx-aarch_64 ;;
    *) echo "unsupported platform $os/$arch" >&2; return 1 ;;
  esac
}

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | awk '{print $1}'
  else
    shasum -a 256 "$1" | awk '{print $1}'
  fi
}

already_installed() {
  [[ -x "$DEST/bin/protoc" ]] || return 1
  "$DEST/bin/protoc" --version | grep -q "libprotoc $PROTOC_VERSION"
}

main() {
  if already_installed; then
    echo "protoc $PROTOC_VERSION already installed in $DEST"
    exit 0
  fi
  local plat zip url tmp got want
  plat="$(platform)"
  zip="protoc-${PROTOC_VERSION}-${plat}.zip"
  url="$BASE_URL/v${PROTOC_VERSION}/${zip}"
  want="${SHA256[$plat]}"

  tmp="$(mktemp -d)"
  trap 'rm -rf -- "$tmp"' EXIT

  echo "downloading $url"
  curl -fsSL --retry 3 -o "$tmp/$zip" "$url"

  got="$(sha256_of "$tmp/$zip")"
  if [[ "$got" != "$want" ]]; then
    echo "checksum mismatch for $zip" >&2
    echo "  want $want" >&2
    echo "  got  $got" >&2
    exit 1
  fi

  rm -rf -- "$DEST"
  mkdir -p "$DEST"
  unzip -q "$tmp/$zip" -d "$DEST"
  chmod 0755 "$DEST/bin/protoc"

  echo "installed: $("$DEST/bin/protoc" --version)"
  echo "add it to your PATH for this shell with:"
  echo "  export PATH=\"$DEST/bin:\$PATH\""
}

main "$@"
