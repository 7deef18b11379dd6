#!/usr/bin/env bash
# scripts/rust-setup.sh — toolchain setup for the `tern` Rust workspace.
#
# Installs the pinned toolchain from rust-toolchain.toml, the wasm target and
# cargo helpers, and speeds up dependency downloads on slow office Wi-Fi.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CARGO_DIR="${CARGO_HOME:-$HOME/.cargo}"

log() { printf '[rust-setup] %s\n' "$*"; }

toolchain() {
  command -v rustup >/dev/null || { echo "install rustup first" >&2; exit 1; }
  (cd "$ROOT" && rustup show active-toolchain)
  rustup target add wasm32-unknown-unknown
  rustup component add clippy rustfmt
}

helpers() {
  local tool
  for tool in cargo-nextest cargo-deny cargo-machete; do
    if ! cargo "${tool#cargo-}" --version >/dev/null 2>&1; then
      log "installing $tool"
      cargo install --locked "$tool"
    fi
  done
}

registry_mirror() {
  local mirror_host="crates-cache.example.com"
  local cfg="$CARGO_DIR/config.toml"
  mkdir -p "$CARGO_DIR"
  touch "$cfg"
  if grep -q 'replace-with' "$cfg"; then
    log "source replacement already configured"
    return
  fi
  cat >>"$cfg" <<EOF

[source.crates-io]
replace-with = "office-mirror"

[source.office-mirror]
registry = "sparse+https://$mirror_host/index/"

[net]
git-fetch-with-cli = true
EOF
  log "cargo now downloads crates through $mirror_host"
}

prefetch() {
  (cd "$ROOT" && cargo fetch --locked)
}

check() {
  (cd "$ROOT" && cargo check --workspace --all-targets --quiet)
  log "workspace checks"
}

toolchain
helpers
registry_mirror
prefetch
check
log "done"
