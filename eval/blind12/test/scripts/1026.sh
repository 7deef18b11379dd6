#!/usr/bin/env bash
# Install a pinned hadolint binary into ./bin for the Dockerfile lint step.
# The binary comes from the project's GitHub release; the downloaded file is
# checked with `sha256sum -c` against the .sha256 published next to it AND
# against our pinned digest before it is made executable.
set -euo pipefail

VERSION="v2.12.0"
BIN_DIR="$(git rev-parse --show-toplevel)/bin"
RELEASE="https://github.com/hadolint/hadolint/releases/download/$VERSION"

declare -A PINNED=(
  [Linux-x86_64]="56de6d5e5ec427e17b74fa48d51271c7fc0d61244bf5c90e828aab8362d55010"
  [Linux-arm64]="5798551bf19f33951881f15eb238f90aef023f11e7ec7e9f4c37961cb87c5df6"
  [Darwin-x86_64]="2a5b7afcab91645c39a7cebefcd835b865f7488e69be85567f07e7a8f2d9c9d5"
)

asset_name() {
  local os arch
  os="$(uname -s)"
  arch="$(uname -m)"
  [[ "$arch" == aarch64 ]] && arch=arm64
  echo "hadolint-${os}-${arch}"
}

usage() {
  cat <<EOF
usage: $(basename "$0") [install|version|verify|uninstall]
  install    download, verify and install hadolint $VERSION into bin/
  version    print the installed version (empty if none)
  verify     re-check the installed binary against the pinned digest
  uninstall  remove bin/hadolint
EOF
}

verify_installed() {
  local key
  key="$(asset_name)"
  key="${key#hadolint-}"
  [[ -x "$BIN_DIR/hadolint" ]] || { echo "hadolint is not installed" >&2; return 1; }
  echo "${PINNED[$key]}  $BIN_DIR/hadolint" | sha256sum -c -
}

installed_version() {
  [[ -x "$BIN_DIR/hadolint" ]] && "$BIN_DIR/hadolint" --version 2>/dev/null | grep -oE '[0-9]+\.[0-9]+\.[0-9]+' || true
}

main() {
  if [[ "$(installed_version)" == "${VERSION#v}" ]]; then
    echo "hadolint ${VERSION#v} already installed"
    return 0
  fi

  local asset key pinned work
  asset="$(asset_name)"
  key="${asset#hadolint-}"
  pinned="${PINNED[$key]:-}"
  [[ -n "$pinned" ]] || { echo "no pinned digest for $key" >&2; exit 1; }

  work="$(mktemp -d)"
  trap 'rm -rf -- "$work"' EXIT
  (
    cd "$work"
    curl -fsSLO "$RELEASE/$asset"
    curl -fsSLO "$RELEASE/$asset.sha256"
    sha256sum -c "$asset.sha256"
    echo "$pinned  $asset" | sha256sum -c -
  )

  mkdir -p "$BIN_DIR"
  install -m 0755 "$work/$asset" "$BIN_DIR/hadolint"
  echo "installed $("$BIN_DIR/hadolint" --version) to $BIN_DIR"
  if ! grep -qxF '/bin/hadolint' "$(git rev-parse --show-toplevel)/.gitignore" 2>/dev/null; then
    echo "hint: add /bin/hadolint to .gitignore"
  fi
}

case "${1:-install}" in
  install) main ;;
  version) installed_version ;;
  verify) verify_installed ;;
  uninstall) rm -f -- "$BIN_DIR/hadolint"; echo "removed $BIN_DIR/hadolint" ;;
  -h|--help) usage ;;
  *) usage >&2; exit 2 ;;
esac
