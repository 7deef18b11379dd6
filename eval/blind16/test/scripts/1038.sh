#!/usr/bin/env bash
# Let everyone on this workstation flash weatherbox boards without sudo.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "$0")/.." && pwd)"

echo "installing udev rules for the weatherbox debug probes"
sudo cp "$REPO_DIR/tools/udev/50-weatherbox.rules" /etc/udev/rules.d/
sudo udevadm control --reload-rules && sudo udevadm trigger

echo "installing helper commands"
mkdir -p "$HOME/.local/bin"
for tool in flash monitor bisect-fw; do
  ln -sf "$REPO_DIR/tools/wb-$tool.sh" "$HOME/.local/bin/wb-$tool"
done

sudo mkdir -p /opt/weatherbox
sudo cp -r "$REPO_DIR/tools/openocd" /opt/weatherbox/

echo "done: wb-flash, wb-monitor and wb-bisect-fw are now on your PATH"
