#!/usr/bin/env bash
# Make the project's helper scripts available everywhere on this machine.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN_DIR="/usr/local/bin"
SHARE_DIR="/opt/fernleaf"

echo "installing helpers into $BIN_DIR and $SHARE_DIR"
sudo mkdir -p "$SHARE_DIR"
sudo cp -r "$ROOT/tools" "$SHARE_DIR/"

for script in "$ROOT"/tools/*.sh; do
  name="fernleaf-$(basename "$script" .sh)"
  sudo cp "$script" "$BIN_DIR/$name"
  sudo chmod 755 "$BIN_DIR/$name"
  echo "  $name"
done

sudo cp "$ROOT/configs/fernleaf.yaml" /etc/fernleaf.yaml
echo "done; helpers are on PATH as fernleaf-*"
