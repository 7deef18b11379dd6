#!/usr/bin/env bash
# rust-offline.sh - prepare the Rust workspace for building on the train.
#
# Vendors crates into vendor/ (so `cargo build --offline` works), fetches
# the toolchain components listed in rust-toolchain.toml and configures the
# crates source to go through the team's caching proxy when online.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
CARGO_HOME_DIR="${CARGO_HOME:-$HOME/.cargo}"
PROXY_INDEX="sparse+https://crates-proxy.example.com/index/"

say() { echo "[rust-offline] $*"; }

toolchain() {
  say "installing toolchain components"
  (cd "$ROOT" && rustup show active-toolchain >/dev/null)
  rustup component add rust-src clippy rustfmt >/dev/null
}

vendor() {
  say "vendoring crates into vendor/"
  (cd "$ROOT" && cargo vendor --locked --versioned-dirs vendor > "$ROOT/.cargo-vendor.toml")
  say "$(ls "$ROOT/vendor" | wc -l | tr -d ' ') crates vendored"
}

proxy_config() {
  local config
  printf -v config '%s\n' \
    '[source.crates-io]' \
    'replace-with = "team-proxy"' \
    '' \
    '[source.team-proxy]' \
    "registry = \"$PROXY_INDEX\"" \
    '' \
    '[net]' \
    'git-fetch-with-cli = true'
  mkdir -p "$CARGO_HOME_DIR"
  printf '%s' "$config" > "$CARGO_HOME_DIR/config.toml"
  say "crates.io now resolves through the team proxy"
}

offline_check() {
  say "checking an offline build"
  (cd "$ROOT" && cargo build --offline --workspace --config .cargo-vendor.toml -q) &&
    say "offline build ok"
}

sizes() {
  du -sh "$ROOT/vendor" 2>/dev/null | sed 's/^/  vendor: /'
  du -sh "$CARGO_HOME_DIR/registry" 2>/dev/null | sed 's/^/  registry cache: /'
}

main() {
  toolchain
  proxy_config
  vendor
  offline_check
  sizes
}

main
