#!/usr/bin/env bash
# Add a desktop launcher and icon for the locally built Harbor desktop app
# so it shows up in the application menu. Writes under ~/.local/share.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
APP_BIN="$REPO/desktop/dist/harbor-desktop"
APPS="$HOME/.local/share/applications"
ICONS="$HOME/.local/share/icons/hicolor/256x256/apps"

[[ -x "$APP_BIN" ]] || { echo "build the app first (npm run dist:linux)" >&2; exit 1; }

mkdir -p "$APPS" "$ICONS"
cp "$REPO/desktop/assets/icon-256.png" "$ICONS/harbor-desktop.png"

cat > "$APPS/harbor-desktop.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Harbor (local build)
Exec=$APP_BIN %U
Icon=harbor-desktop
Categories=Development;
EOF

update-desktop-database "$APPS" 2>/dev/null || true
echo "launcher installed to $APPS/harbor-desktop.desktop"
