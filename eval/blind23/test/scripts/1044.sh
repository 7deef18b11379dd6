#!/usr/bin/env bash
#
# user-setup.sh - per-user defaults for the tessera viewer during development.
#
set -eu

TOP=$(git rev-parse --show-toplevel)
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/tessera"
APP_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/applications"

mkdir -p "$CONF_DIR" "$APP_DIR"

cat >"$CONF_DIR/defaults.toml" <<EOF
# written by $TOP/tools/user-setup.sh
[viewer]
plugin_path = "$TOP/_build/plugins"
cache_dir = "$HOME/.cache/tessera"
EOF

cat >"$APP_DIR/tessera-viewer-dev.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Tessera Viewer (dev build)
Exec=$TOP/_build/tessera-viewer %F
MimeType=image/png;image/tiff;image/webp;
EOF

command -v update-desktop-database >/dev/null && update-desktop-database "$APP_DIR" || true
echo "wrote $CONF_DIR/defaults.toml and $APP_DIR/tessera-viewer-dev.desktop"
