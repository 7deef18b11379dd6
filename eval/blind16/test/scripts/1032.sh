#!/usr/bin/env bash
# Install the pinned Arm GNU toolchain into ./.tools/arm-gnu for the firmware build.
#
#   tools/get_arm_toolchain.sh            install (no-op when the pinned version is present)
#   tools/get_arm_toolchain.sh --verify   re-check the cached archive against the pinned sha256
#   tools/get_arm_toolchain.sh --uninstall   remove ./.tools/arm-gnu (cache is kept)
#
# The archive comes from developer.arm.com, the toolchain's documented download
# host. Its sha256 is pinned below per host platform, copied from the .sha256asc
# files Arm publishes next to each archive, and checked before extraction.
# Archives are cached in ~/.cache/weatherbox-toolchains so clean clones and CI
# caches reuse them. PATH is not modified; CMakePresets.json points at
# ./.tools/arm-gnu/bin.
set -euo pipefail

PROJECT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$PROJECT/.tools/arm-gnu"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/weatherbox-toolchains"
VERSION="13.2.rel1"
BASE_URL="https://developer.arm.com/-/media/Files/downloads/gnu/$VERSION/binrel"

declare -A ARCHIVES=(
  [linux-x86_64]="arm-gnu-toolchain-$VERSION-x86_64-arm-none-eabi.tar.xz"
  [linux-aarch64]="arm-gnu-toolchain-$VERSION-aarch64-arm-none-eabi.tar.xz"
  [darwin-arm64]="arm-gnu-toolchain-$VERSION-darwin-arm64-arm-none-eabi.tar.xz"
  [darwin-x86_64]="arm-gnu-toolchain-$VERSION-darwin-x86_64-arm-none-eabi.tar.xz"
)
declare -A SHA256=(
  [linux-x86_64]="6cd1bbc1d9ae57312bcd169ae283153a9572bd6a8e4eeae2fedfbc33b115fdbb"
  [linux-aarch64]="8fd8b4a0a8d44ab2e195ccfbeef42223dfb3ede29d80f14dcf2183c34b8d199a"
  [darwin-arm64]="39c44f8af42695b7b871df42e346c09fee670ea8dfc11f17083e296ea2b0d279"
  [darwin-x86_64]="075faa4f3e8eb45e59144858202351a28706f54a6ec17eedd88c9fb9412372cc"
)

mode="install"
case "${1:-}" in
  "") ;;
  --verify) mode="verify" ;;
  --uninstall) mode="uninstall" ;;
  --info) mode="info" ;;
  *) echo "usage: $0 [--verify|--uninstall|--info]" >&2; exit 2 ;;
esac

note() { printf '\033[1;32m[arm-gnu]\033[0m %s\n' "$*"; }
die()  { printf '\033[1;31m[arm-gnu]\033[0m %s\n' "$*" >&2; exit 1; }

host_key() {
  local os arch
  os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  arch="$(uname -m)"
  [[ "$arch" == "arm64" && "$os" == "linux" ]] && arch="aarch64"
  printf '%s-%s\n' "$os" "$arch"
}

sha_of() {
  if command -v sha256sum >/dev/null 2>&1; then
    sha256sum "$1" | cut -d' ' -f1
  else
    shasum -a 256 "$1" | cut -d' ' -f1
  fi
}

installed_version() {
  local gcc="$DEST/bin/arm-none-eabi-gcc"
  [[ -x "$gcc" ]] || return 1
  "$gcc" --version | head -n 1
}

fetch_archive() {
  local key="$1" name url target
  name="${ARCHIVES[$key]}"
  url="$BASE_URL/$name"
  target="$CACHE/$name"
  mkdir -p "$CACHE"
  if [[ ! -s "$target" ]]; then
    note "downloading $name"
    curl --fail --location --proto '=https' --retry 3 --silent --show-error -o "$target.part" "$url"
    mv "$target.part" "$target"
  fi
  printf '%s\n' "$target"
}

verify_archive() {
  local key="$1" file="$2" got
  got="$(sha_of "$file")"
  if [[ "$got" != "${SHA256[$key]}" ]]; then
    rm -f "$file"
    die "sha256 mismatch for $(basename "$file"): $got (removed from cache)"
  fi
  note "sha256 ok for $(basename "$file")"
}

do_install() {
  local key archive staging
  key="$(host_key)"
  [[ -n "${ARCHIVES[$key]:-}" ]] || die "no pinned toolchain for $key"
  if installed_version 2>/dev/null | grep -q "${VERSION%%.rel*}"; then
    note "already installed: $(installed_version)"
    return 0
  fi
  archive="$(fetch_archive "$key")"
  verify_archive "$key" "$archive"
  staging="$(mktemp -d "$PROJECT/.tools/.arm-gnu-XXXXXX" 2>/dev/null || { mkdir -p "$PROJECT/.tools"; mktemp -d "$PROJECT/.tools/.arm-gnu-XXXXXX"; })"
  trap 'rm -rf "$staging"' EXIT
  tar -xJf "$archive" -C "$staging" --strip-components=1
  [[ -x "$staging/bin/arm-none-eabi-gcc" ]] || die "archive layout unexpected"
  rm -rf "$DEST"
  mv "$staging" "$DEST"
  trap - EXIT
  note "installed $(installed_version)"
}

do_verify() {
  local key archive
  key="$(host_key)"
  archive="$CACHE/${ARCHIVES[$key]}"
  [[ -f "$archive" ]] || die "nothing cached for $key"
  verify_archive "$key" "$archive"
}

do_uninstall() {
  if [[ -d "$DEST" ]]; then
    rm -rf "$DEST"
    note "removed .tools/arm-gnu"
  else
    note "not installed"
  fi
}

do_info() {
  # Versions of the individual tools, handy when filing toolchain bugs.
  local tool
  installed_version >/dev/null 2>&1 || die "toolchain not installed"
  for tool in gcc g++ gdb objcopy size; do
    if [[ -x "$DEST/bin/arm-none-eabi-$tool" ]]; then
      printf '%-8s %s\n' "$tool" "$("$DEST/bin/arm-none-eabi-$tool" --version 2>/dev/null | head -n 1)"
    else
      printf '%-8s %s\n' "$tool" "(missing)"
    fi
  done
  printf '%-8s %s\n' "cache" "$CACHE"
}

[[ "${1:-}" == "--info" ]] && mode="info"

case "$mode" in
  info) do_info ;;
  install) do_install ;;
  verify) do_verify ;;
  uninstall) do_uninstall ;;
esac
