#!/usr/bin/env bash
# Install the project's CLI for the current user so it can be run from anywhere.
set -euo pipefail

NAME="acmectl"
PREFIX="${PREFIX:-/usr/local}"
BIN_DIR="$PREFIX/bin"
SHARE_DIR="$PREFIX/share/$NAME"

build() {
  cargo build --release --bin "$NAME"
  strip "target/release/$NAME" || true
}

install_files() {
  mkdir -p "$BIN_DIR" "$SHARE_DIR"
  install -m 755 "target/release/$NAME" "$BIN_DIR/$NAME"
  cp -r assets/completions "$SHARE_DIR/"
  cp README.md "$SHARE_DIR/"
}

install_completions() {
  local dir="$PREFIX/share/bash-completion/completions"
  mkdir -p "$dir"
  "$BIN_DIR/$NAME" completions bash > "$dir/$NAME"
}

verify() {
  if ! command -v "$NAME" >/dev/null; then
    echo "$BIN_DIR is not on PATH" >&2
  fi
  "$BIN_DIR/$NAME" --version
}

main() {
  build
  install_files
  install_completions
  verify
  echo "installed $NAME into $PREFIX"
}

main "$@"
