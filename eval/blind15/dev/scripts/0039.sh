#!/usr/bin/env bash
# install-cli.sh - make the project's `ordersctl` available everywhere.
set -euo pipefail

cd "$(dirname "$0")/.."

go build -o bin/ordersctl ./cmd/ordersctl

BIN_DIR="$HOME/.local/bin"
COMPLETIONS="$HOME/.local/share/bash-completion/completions"
mkdir -p "$BIN_DIR" "$COMPLETIONS"

# copy instead of symlink so it keeps working when the checkout moves
install -m 0755 bin/ordersctl "$BIN_DIR/ordersctl"
./bin/ordersctl completion bash > "$COMPLETIONS/ordersctl"

mkdir -p "$HOME/.config/ordersctl"
if [[ ! -f "$HOME/.config/ordersctl/config.yaml" ]]; then
  cp config/ordersctl.example.yaml "$HOME/.config/ordersctl/config.yaml"
fi

echo "installed $BIN_DIR/ordersctl"
case ":$PATH:" in
  *":$BIN_DIR:"*) ;;
  *) echo "note: $BIN_DIR is not on your PATH" ;;
esac
