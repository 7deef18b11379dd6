#!/usr/bin/env bash
# Install the pinned terraform binary into ./bin after checking the HashiCorp SHA256SUMS.
set -euo pipefail

TF_VERSION="1.8.5"
OS="$(uname -s | tr '[:upper:]' '[:lower:]')"
ARCH="$(uname -m | sed 's/x86_64/amd64/; s/aarch64/arm64/')"
ZIP="terraform_${TF_VERSION}_${OS}_${ARCH}.zip"
BASE="https://releases.hashicorp.com/terraform/${TF_VERSION}"
BIN_DIR="./bin"

say() { echo "[tf] $*"; }

installed_version() {
  "$BIN_DIR/terraform" version -json 2>/dev/null | jq -r .terraform_version 2>/dev/null || echo none
}

download_and_verify() {
  local tmp="$1"
  curl -fsSL -o "$tmp/$ZIP" "$BASE/$ZIP"
  curl -fsSL -o "$tmp/SHA256SUMS" "$BASE/terraform_${TF_VERSION}_SHA256SUMS"
  (cd "$tmp" && grep " $ZIP\$" SHA256SUMS | sha256sum -c -) || {
    echo "checksum verification failed" >&2
    return 1
  }
}

main() {
  if [ "$(installed_version)" = "$TF_VERSION" ]; then
    say "terraform $TF_VERSION already in $BIN_DIR"
    exit 0
  fi
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  say "downloading $ZIP"
  download_and_verify "$tmp"
  mkdir -p "$BIN_DIR"
  unzip -o -q "$tmp/$ZIP" terraform -d "$BIN_DIR"
  chmod 0755 "$BIN_DIR/terraform"
  say "installed $("$BIN_DIR/terraform" version | head -n1)"
  say "use ./bin/terraform or add ./bin to PATH via direnv"
}

main "$@"
