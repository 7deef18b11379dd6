#!/usr/bin/env bash
# mpv-review-keys.sh - add the review keybindings the video team uses to the
# user's mpv configuration (mark in/out, step frames, screenshot to build/).
set -euo pipefail

CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/mpv"
INPUT="$CONF_DIR/input.conf"
MARK="# --- acme review keys ---"

mkdir -p "$CONF_DIR"
touch "$INPUT"

if grep -qF "$MARK" "$INPUT"; then
  echo "review keys already present in $INPUT"
  exit 0
fi

cat >> "$INPUT" <<EOF

$MARK
i script-message-to console type "mark-in "
o script-message-to console type "mark-out "
, frame-back-step
. frame-step
s screenshot-to-file "$PWD/build/review-shots/shot-\${time-pos}.png" video
EOF

echo "added review keys to $INPUT"
