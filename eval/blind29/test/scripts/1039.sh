#!/usr/bin/env bash
# Make the fx2lafw firmware and our decoder plugins visible to sigrok for
# every user of this machine (the lab PCs are shared).
set -euo pipefail

src="$(cd "$(dirname "$0")/.." && pwd)/vendor/sigrok"

for dest in "$HOME/.local/share/sigrok-firmware" /usr/local/share/sigrok-firmware; do
  mkdir -p "$dest" 2>/dev/null || { echo "skip $dest (no permission)"; continue; }
  cp -v "$src"/firmware/*.fw "$dest"/
done

for dest in "$HOME/.local/share/libsigrokdecode/decoders" /usr/local/share/libsigrokdecode/decoders; do
  mkdir -p "$dest" 2>/dev/null || { echo "skip $dest"; continue; }
  cp -rv "$src"/decoders/* "$dest"/
done

sigrok-cli --version | head -n 3
echo
echo "installed firmware and decoders for all users"
echo "restart PulseView to pick up the decoders"
