#!/usr/bin/env bash
# Run the project's pre-push checks plus any personal hooks the developer has
# configured. Personal hooks live in ~/.config/acme/hooks.d/*.sh and in the
# directory named by ACME_HOOKS_DIR.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
USER_HOOKS="${XDG_CONFIG_HOME:-$HOME/.config}/acme/hooks.d"
EXTRA_HOOKS="${ACME_HOOKS_DIR:-}"

step() { printf '\n==> %s\n' "$*"; }

project_checks() {
  step "format"
  cargo fmt --all -- --check
  step "clippy"
  cargo clippy --workspace --all-targets -- -D warnings
  step "tests"
  cargo test --workspace --quiet
}

run_personal_hooks() {
  local dir hook
  for dir in "$USER_HOOKS" "$EXTRA_HOOKS"; do
    [[ -n "$dir" && -d "$dir" ]] || continue
    for hook in "$dir"/*.sh; do
      [[ -f "$hook" ]] || continue
      step "personal hook: $(basename "$hook")"
      # shellcheck disable=SC1090
      source "$hook"
    done
  done
}

main() {
  cd "$ROOT"
  project_checks
  run_personal_hooks
  echo
  echo "all pre-push checks passed"
}

main "$@"
