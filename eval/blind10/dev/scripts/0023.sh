#!/usr/bin/env bash
# Install a pinned Go toolchain into ./.toolchain/go for reproducible builds.
# The archive is checked against the sha256 published on go.dev before it is
# unpacked. Nothing is installed outside the repository.
set -euo pipefail

GO_VERSION="${GO_VERSION:-1.22.4}"
ROOT="$(git rev-parse --show-toplevel)"
DEST="$ROOT/.toolchain"
CACHE="$DEST/downloads"

die() { echo "error: $*" >&2; exit 1; }

detect_platform() {
  local os arch
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) die "unsupported OS $(uname -s)" ;;
  esac
  case "$(uname -m)" in
    x86_64|amd64) arch=amd64 ;;
    arm64|aarch64) arch=arm64 ;;
    *) die "unsupported arch $(uname -m)" ;;
  esac
  echo "${os}-${arch}"
}

sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | awk '{print $1}'
  else
    shasum -a 256 "$1" | awk '{print $1}'
  fi
}

expected_sha() {
  local file="$1"
  curl -fsSL "https://go.dev/dl/?mode=json&include=all" \
    | jq -r --arg f "$file" '.[].files[] | select(.filename == $f) | .sha256' \
    | head -n 1
}

main() {
  local platform archive url want got
  platform="$(detect_platform)"
  archive="go${GO_VERSION}.${platform}.tar.gz"
  url="https://go.dev/dl/${archive}"

  if [[ -x "$DEST/go/bin/go" ]] && "$DEST/go/bin/go" version | grep -q "go${GO_VERSION} "; then
    echo "go ${GO_VERSION} already installed in .toolchain/go"
    return 0
  fi

  mkdir -p "$CACHE"
  if [[ ! -f "$CACHE/$archive" ]]; then
    echo "downloading $url"
    curl -fSL --retry 3 -o "$CACHE/$archive.part" "$url"
    mv "$CACHE/$archive.part" "$CACHE/$archive"
  fi

  want="$(expected_sha "$archive")"
  [[ -n "$want" ]] || die "no checksum published for $archive"
  got="$(sha256_of "$CACHE/$archive")"
  if [[ "$want" != "$got" ]]; then
    rm -f -- "$CACHE/$archive"
    die "checksum mismatch for $archive (want $want, got $got)"
  fi

  echo "checksum ok, unpacking"
  local staging="$DEST/go.new"
  rm -rf -- "$staging"
  mkdir -p "$staging"
  tar -C "$staging" -xzf "$CACHE/$archive"
  rm -rf -- "$DEST/go"
  mv "$staging/go" "$DEST/go"
  rmdir "$staging"

  echo "installed: $("$DEST/go/bin/go" version)"
  echo "add to PATH for this shell with:"
  echo "  export PATH=\"$DEST/go/bin:\$PATH\""
}

if [[ "${1:-}" == "--clean-cache" ]]; then
  rm -rf -- "$CACHE"
  echo "removed .toolchain/downloads"
  exit 0
fi

main "$@"
