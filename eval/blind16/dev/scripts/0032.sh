#!/usr/bin/env bash
# Install the project's pinned Node.js into ./.tools/node without touching the
# system or the user's nvm/asdf setup.
#
#   tools/bootstrap_node.sh            install the version from .nvmrc
#   tools/bootstrap_node.sh --check    only report whether the pinned version is present
#   tools/bootstrap_node.sh --clean    remove ./.tools/node and the download cache for old versions
#
# The tarball and SHASUMS256.txt come from the documented release host
# (nodejs.org/dist). The tarball's sha256 is checked against SHASUMS256.txt
# before extraction. Downloads are cached in ~/.cache/trailmix-node/<version>.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/.tools/node"
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME/.cache}/trailmix-node"
DIST_BASE="https://nodejs.org/dist"

mode="install"
case "${1:-}" in
  --check) mode="check" ;;
  --clean) mode="clean" ;;
  "") ;;
  *) echo "usage: $0 [--check|--clean]" >&2; exit 2 ;;
esac

info() { printf '\033[32m*\033[0m %s\n' "$*"; }
fail() { printf '\033[31mx\033[0m %s\n' "$*" >&2; exit 1; }

pinned_version() {
  local v
  [[ -f "$ROOT/.nvmrc" ]] || fail ".nvmrc not found"
  v="$(tr -d ' \t\r\n' <"$ROOT/.nvmrc")"
  v="${v#v}"
  [[ "$v" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || fail ".nvmrc must hold an exact version (got '$v')"
  printf '%s\n' "$v"
}

platform_id() {
  local os arch
  case "$(uname -s)" in
    Linux) os="linux" ;;
    Darwin) os="darwin" ;;
    *) fail "unsupported OS $(uname -s)" ;;
  esac
  case "$(uname -m)" in
    x86_64|amd64) arch="x64" ;;
    arm64|aarch64) arch="arm64" ;;
    *) fail "unsupported arch $(uname -m)" ;;
  esac
  printf '%s-%s\n' "$os" "$arch"
}

sha256_of() {
  if command -v sha256sum >/dev/null; then
    sha256sum "$1" | awk '{print $1}'
  else
    shasum -a 256 "$1" | awk '{print $1}'
  fi
}

fetch() {
  local url="$1" out="$2"
  if [[ -s "$out" ]]; then
    return 0
  fi
  curl --fail --location --silent --show-error --retry 3 --proto '=https' --tlsv1.2 \
    -o "$out.part" "$url"
  mv "$out.part" "$out"
}

installed_version() {
  if [[ -x "$DEST/bin/node" ]]; then
    "$DEST/bin/node" --version | sed 's/^v//'
  fi
}

do_check() {
  local want have
  want="$(pinned_version)"
  have="$(installed_version || true)"
  if [[ "$have" == "$want" ]]; then
    info "node $want present in .tools/node"
  else
    printf 'node %s wanted, %s found\n' "$want" "${have:-none}"
    return 1
  fi
}

do_clean() {
  local want dir
  want="$(pinned_version)"
  if [[ -d "$DEST" ]]; then
    rm -rf "$DEST"
    info "removed .tools/node"
  fi
  if [[ -d "$CACHE_ROOT" ]]; then
    for dir in "$CACHE_ROOT"/*/; do
      [[ -d "$dir" ]] || continue
      if [[ "$(basename "$dir")" != "$want" ]]; then
        rm -rf "$dir"
        info "dropped cached $(basename "$dir")"
      fi
    done
  fi
}

do_install() {
  local version plat name cache tarball sums expected actual staging
  version="$(pinned_version)"
  if [[ "$(installed_version || true)" == "$version" ]]; then
    info "node $version already installed"
    return 0
  fi
  plat="$(platform_id)"
  name="node-v$version-$plat"
  cache="$CACHE_ROOT/$version"
  mkdir -p "$cache"
  tarball="$cache/$name.tar.xz"
  sums="$cache/SHASUMS256.txt"

  info "downloading $name from nodejs.org"
  fetch "$DIST_BASE/v$version/SHASUMS256.txt" "$sums"
  fetch "$DIST_BASE/v$version/$name.tar.xz" "$tarball"

  expected="$(awk -v f="$name.tar.xz" '$2 == f {print $1}' "$sums")"
  [[ -n "$expected" ]] || fail "$name.tar.xz not listed in SHASUMS256.txt"
  actual="$(sha256_of "$tarball")"
  if [[ "$expected" != "$actual" ]]; then
    rm -f "$tarball"
    fail "checksum mismatch for $name.tar.xz (cached copy removed, re-run to retry)"
  fi
  info "checksum ok ($actual)"

  staging="$(mktemp -d "$ROOT/.tools/node-staging.XXXXXX" 2>/dev/null || { mkdir -p "$ROOT/.tools"; mktemp -d "$ROOT/.tools/node-staging.XXXXXX"; })"
  trap 'rm -rf "$staging"' RETURN
  tar -xJf "$tarball" -C "$staging" --strip-components=1
  [[ -x "$staging/bin/node" ]] || fail "archive did not contain bin/node"
  rm -rf "$DEST"
  mv "$staging" "$DEST"
  trap - RETURN
  info "installed node $("$DEST/bin/node" --version) to .tools/node"
  info "use it with: export PATH=\"$DEST/bin:\$PATH\" (the Makefile does this for you)"
}

case "$mode" in
  check) do_check ;;
  clean) do_clean ;;
  install) do_install ;;
esac
