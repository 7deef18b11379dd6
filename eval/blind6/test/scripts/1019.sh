#!/usr/bin/env bash
# Clear stale caches that make the storybook build flaky.
set -uo pipefail

CACHE_ROOT="${CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}}"
PROJECT_CACHES=(node_modules/.cache/storybook node_modules/.cache/babel-loader .turbo)
STORYBOOK_PORT="${STORYBOOK_PORT:-6006}"

say() { printf '-- %s\n' "$*"; }

stop_storybook() {
  local pid
  pid="$(lsof -ti tcp:"$STORYBOOK_PORT" 2>/dev/null || true)"
  if [ -n "$pid" ]; then
    say "stopping storybook (pid $pid)"
    kill "$pid" || true
  fi
}

clear_project_caches() {
  for d in "${PROJECT_CACHES[@]}"; do
    if [ -d "$d" ]; then
      say "removing $d"
      rm -rf "$d"
    fi
  done
}

clear_shared_cache() {
  say "clearing shared cache under $CACHE_ROOT"
  rm -rf "$CACHE_ROOT"/*
}

rebuild() {
  say "rebuilding storybook"
  pnpm run build-storybook --quiet
}

report() {
  du -sh storybook-static 2>/dev/null || say "no storybook-static output"
}

main() {
  stop_storybook
  clear_project_caches
  clear_shared_cache
  rebuild
  report
  say "done"
}

main "$@"
