#!/usr/bin/env bash
# scripts/install-desktop-entry.sh - add the level editor to the desktop menu.
#
# Copies the icon and a .desktop launcher into the user's data directories
# and a wrapper script into ~/bin.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

mkdir -p "$HOME/.local/share/applications" "$HOME/.local/share/icons" "$HOME/bin"
cp "$ROOT/tools/editor/icon.png" "$HOME/.local/share/icons/harbor-level-editor.png"

cat > "$HOME/bin/harbor-level-editor" <<EOF
#!/bin/sh
cd "$ROOT" && exec godot --path tools/editor "\$@"
EOF
chmod +x "$HOME/bin/harbor-level-editor"

cat > "$HOME/.local/share/applications/harbor-level-editor.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Harbor Level Editor
Exec=$HOME/bin/harbor-level-editor
Icon=harbor-level-editor
Categories=Development;Game;
EOF

update-desktop-database "$HOME/.local/share/applications" 2>/dev/null || true
echo "installed; look for 'Harbor Level Editor' in the menu"
