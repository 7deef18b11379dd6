#!/usr/bin/env bash
# Install the project's helper commands for the current user so they can be
# used from any directory: copies bin/* to ~/.local/bin and writes a shell
# completion file into ~/.local/share/bash-completion.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
BIN_DIR="$HOME/.local/bin"
COMP_DIR="$HOME/.local/share/bash-completion/completions"

mkdir -p "$BIN_DIR" "$COMP_DIR"

for f in "$ROOT"/bin/*; do
  [[ -f "$f" && -x "$f" ]] || continue
  install -m 0755 "$f" "$BIN_DIR/$(basename "$f")"
  echo "installed $(basename "$f") -> $BIN_DIR"
done

"$ROOT/bin/acme" completion bash > "$COMP_DIR/acme"
echo "completion written to $COMP_DIR/acme"

case ":$PATH:" in
  *":$BIN_DIR:"*) ;;
  *) echo "note: $BIN_DIR is not on your PATH" ;;
esac
