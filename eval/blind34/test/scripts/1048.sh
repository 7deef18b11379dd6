#!/usr/bin/env bash
# reset-wasm-toolchain.sh - "it works after you wipe everything": clear every
# wasm/rust/node cache on the machine before rebuilding.

set -u

if [[ "${1:-}" == "--sizes" ]]; then
  du -sh ~/.cargo ~/.cache ~/.npm ~/.rustup 2>/dev/null
  exit 0
fi

echo "clearing caches..."
rm -rf ~/.cargo/registry ~/.cargo/git
rm -rf ~/.rustup/toolchains/*/lib/rustlib/wasm32-*
rm -rf ~/.cache/*
rm -rf ~/.npm ~/.wasmer/cache ~/.wasmtime
rm -rf /tmp/* 2>/dev/null

echo "reinstalling targets..."
rustup target add wasm32-wasip1 wasm32-unknown-unknown
echo "done; rebuild with: cargo build --target wasm32-wasip1"
