#!/usr/bin/env bash
# ci/rust.sh - format check, clippy, tests and a release build of the workspace;
# packages the binary with a checksum into ./dist.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

BIN="${BIN:-logship}"
TARGET="${TARGET:-x86_64-unknown-linux-gnu}"
DIST="$ROOT/dist"

section() { echo; echo "---- $*"; }

section "toolchain"
rustc --version
cargo --version

section "fmt"
cargo fmt --all -- --check

section "clippy"
cargo clippy --workspace --all-targets --locked -- -D warnings

section "test"
cargo test --workspace --locked

section "build"
cargo build --release --locked --target "$TARGET" -p "$BIN"

section "package"
VERSION="$(cargo metadata --no-deps --format-version 1 \
  | jq -r --arg n "$BIN" '.packages[] | select(.name == $n) | .version')"
rm -rf "$DIST"
mkdir -p "$DIST"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT
cp "target/$TARGET/release/$BIN" "$STAGE/"
cp README.md LICENSE* "$STAGE/" 2>/dev/null || true
tar -C "$STAGE" -czf "$DIST/$BIN-$VERSION-$TARGET.tar.gz" .
(cd "$DIST" && sha256sum "$BIN-$VERSION-$TARGET.tar.gz" > "$BIN-$VERSION-$TARGET.tar.gz.sha256")

section "smoke"
"target/$TARGET/release/$BIN" --version

ls -lh "$DIST"
