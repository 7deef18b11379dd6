#!/usr/bin/env bash
# fetch-gh-cli.sh - put a pinned GitHub CLI into ./.tools/bin for CI parity.
# Verifies the archive against the checksums file published with the same
# GitHub release before extracting it.
set -euo pipefail

GH_VERSION="${GH_VERSION:-2.49.0}"
TOOLS_DIR="$(git rev-parse --show-toplevel)/.tools"
DL_DIR="$TOOLS_DIR/dl"
RELEASE_BASE="https://github.com/cli/cli/releases/download/v${GH_VERSION}"

fail() { printf 'fetch-gh-cli: %s\n' "$*" >&2; exit 1; }

os_arch() {
  local kernel machine
  kernel="$(uname -s | tr '[:upper:]' '[:lower:]')"
  machine="$(uname -m)"
  case "$machine" in
    x86_64) machine=amd64 ;;
    aarch64|arm64) machine=arm64 ;;
    *) fail "no build for $machine" ;;
  esac
  case "$kernel" in
    linux) printf 'linux_%s' "$machine" ;;
    darwin) printf 'macOS_%s' "$machine" ;;
    *) fail "no build for $kernel" ;;
  esac
}

digest() {
  if command -v sha256sum >/dev/null; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1
}

already_installed() {
  [[ -x "$TOOLS_DIR/bin/gh" ]] && "$TOOLS_DIR/bin/gh" --version | head -n1 | grep -q " $GH_VERSION "
}

case "${1:-}" in
  --uninstall)
    rm -f -- "$TOOLS_DIR/bin/gh"
    rm -rf -- "$DL_DIR"
    echo "removed gh from .tools"
    exit 0
    ;;
  --print-path) echo "$TOOLS_DIR/bin"; exit 0 ;;
esac

if already_installed; then
  echo "gh $GH_VERSION already in .tools/bin"
  exit 0
fi

platform="$(os_arch)"
case "$platform" in
  linux_*) archive="gh_${GH_VERSION}_${platform}.tar.gz" ;;
  macOS_*) archive="gh_${GH_VERSION}_${platform}.zip" ;;
esac
sums="gh_${GH_VERSION}_checksums.txt"

mkdir -p "$DL_DIR" "$TOOLS_DIR/bin"
curl -fsSL --retry 2 -o "$DL_DIR/$sums" "$RELEASE_BASE/$sums"
curl -fsSL --retry 2 -o "$DL_DIR/$archive" "$RELEASE_BASE/$archive"

expected="$(awk -v f="$archive" '$2 == f {print $1}' "$DL_DIR/$sums")"
[[ -n "$expected" ]] || fail "$archive not listed in $sums"
actual="$(digest "$DL_DIR/$archive")"
if [[ "$expected" != "$actual" ]]; then
  rm -f -- "$DL_DIR/$archive"
  fail "checksum mismatch: expected $expected got $actual"
fi
echo "sha256 ok ($actual)"

extract_dir="$(mktemp -d "$DL_DIR/extract.XXXX")"
trap 'rm -rf -- "$extract_dir"' EXIT
case "$archive" in
  *.tar.gz) tar -xzf "$DL_DIR/$archive" -C "$extract_dir" ;;
  *.zip) unzip -q "$DL_DIR/$archive" -d "$extract_dir" ;;
esac

install -m 0755 "$extract_dir"/gh_*/bin/gh "$TOOLS_DIR/bin/gh"
echo "installed $("$TOOLS_DIR/bin/gh" --version | head -n1)"
echo "tip: PATH=\"$TOOLS_DIR/bin:\$PATH\""
