#!/usr/bin/env bash
# editor_setup.sh - configure editors and tools for the Keycloak theme repository
#
# Writes the per-repo editor settings, installs the theme's npm dev dependencies, and
# registers the team's MCP tool server (Keycloak admin helper) for the coding assistant
# so it can look up realm settings while editing themes.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
TEMPLATES="$ROOT/tools/templates"
export KC_ADMIN_URL=${KC_ADMIN_URL:-http://localhost:8080}
export KC_HELPER_CMD=${KC_HELPER_CMD:-npx}
export KC_HELPER_PKG=${KC_HELPER_PKG:-@kc-tools/mcp-admin@latest}
export REPO_ROOT=$ROOT

info() { echo "[setup] $*"; }

command -v envsubst >/dev/null || { echo "envsubst missing (gettext)"; exit 1; }

info "npm dev dependencies"
(cd "$ROOT" && npm ci --no-audit --no-fund >/dev/null)

info "editorconfig and prettier"
cp -n "$TEMPLATES/editorconfig" "$ROOT/.editorconfig" 2>/dev/null || true
cp -n "$TEMPLATES/prettierrc.json" "$ROOT/.prettierrc.json" 2>/dev/null || true

info "vscode settings"
mkdir -p "$ROOT/.vscode"
envsubst '$REPO_ROOT' < "$TEMPLATES/vscode-settings.json.tmpl" > "$ROOT/.vscode/settings.json"

info "assistant tool server"
target_dir="$HOME/.cursor"
mkdir -p "$target_dir"
envsubst '$KC_ADMIN_URL $KC_HELPER_CMD $KC_HELPER_PKG $REPO_ROOT' \
  < "$TEMPLATES/mcp.json.tmpl" > "$target_dir/mcp.json"

info "freemarker lint"
if [[ -x $ROOT/node_modules/.bin/ftl-lint ]]; then
  "$ROOT/node_modules/.bin/ftl-lint" "$ROOT/themes" || info "lint warnings (see above)"
fi

info "theme build"
(cd "$ROOT" && npm run build >/dev/null) && info "themes built into dist/"

check_theme_names() {
  # Keycloak only picks up themes whose folder contains theme.properties
  local t missing=0
  for t in "$ROOT"/themes/*/; do
    [[ -f $t/login/theme.properties || -f $t/account/theme.properties ]] && continue
    info "theme $(basename "$t") has no theme.properties"
    missing=$((missing + 1))
  done
  (( missing == 0 )) && info "all themes have theme.properties"
}

check_theme_names

cat <<EOF

Next steps:
  docker compose up -d keycloak          # local Keycloak on $KC_ADMIN_URL
  npm run watch                          # rebuild themes on change
EOF
