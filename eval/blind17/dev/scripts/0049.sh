#!/usr/bin/env bash
# scripts/install-cli.sh — make the project's `mcat` CLI available everywhere.
#
# Builds the binary and copies it, plus a default config, into system and user
# locations so other projects on this machine can use it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

cargo build --release --locked

# system-wide binary and man page
sudo install -m 0755 target/release/mcat /usr/local/bin/mcat
sudo install -d /usr/local/share/man/man1
sudo install -m 0644 docs/mcat.1 /usr/local/share/man/man1/mcat.1

# default config for every user of the machine
sudo install -d /etc/mcat
sudo install -m 0644 config/mcat.default.toml /etc/mcat/config.toml

# user config, overwritten with the repo default
mkdir -p "$HOME/.config/mcat"
cp -f config/mcat.default.toml "$HOME/.config/mcat/config.toml"

echo "installed: $(command -v mcat) ($(mcat --version))"
