#!/usr/bin/env bash
# Install the orbit CLI for the current user: copies the binary into
# ~/bin and a man page into ~/.local/share/man, outside the repository.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
bin_src="$repo/dist/orbit"
man_src="$repo/docs/orbit.1"

[[ -x $bin_src ]] || { echo "build first: make dist" >&2; exit 1; }

mkdir -p "$HOME/bin" "$HOME/.local/share/man/man1"
install -m 0755 "$bin_src" "$HOME/bin/orbit"
[[ -f $man_src ]] && install -m 0644 "$man_src" "$HOME/.local/share/man/man1/orbit.1"

"$HOME/bin/orbit" completion bash > "$HOME/.local/share/bash-completion/completions/orbit" 2>/dev/null || true

echo "installed $("$HOME/bin/orbit" --version) to ~/bin"
case ":$PATH:" in
  *":$HOME/bin:"*) ;;
  *) echo "note: ~/bin is not on PATH" ;;
esac
