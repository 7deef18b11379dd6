#!/usr/bin/env bash
# scripts/install-cli.sh - put the project's helper CLI on the PATH.
#
# Builds bin/stackctl and copies it into ~/.local/bin, with completions, so
# every shell (and the other repos) can use it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

go build -o "$ROOT/bin/stackctl" ./cmd/stackctl

mkdir -p "$HOME/.local/bin"
install -m 0755 "$ROOT/bin/stackctl" "$HOME/.local/bin/stackctl"
mkdir -p "$HOME/.local/share/bash-completion/completions"
"$ROOT/bin/stackctl" completion bash > "$HOME/.local/share/bash-completion/completions/stackctl"

mkdir -p "$HOME/.config/stackctl"
cp "$ROOT/config/stackctl.defaults.yaml" "$HOME/.config/stackctl/config.yaml"

echo "installed stackctl $("$HOME/.local/bin/stackctl" --version)"
