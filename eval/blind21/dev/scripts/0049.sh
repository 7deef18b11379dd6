#!/usr/bin/env bash
# install-helpers.sh - make the project's ops helpers available everywhere by
# copying them into ~/bin and adding completion files.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DEST="$HOME/bin"
COMP="$HOME/.local/share/bash-completion/completions"

mkdir -p "$DEST" "$COMP"
for f in "$ROOT"/tools/*.sh; do
  name="$(basename "$f" .sh)"
  install -m 0755 "$f" "$DEST/$name"
  echo "installed $DEST/$name"
done

for f in "$ROOT"/tools/completions/*; do
  [[ -e "$f" ]] || continue
  cp -f "$f" "$COMP/"
done

cp -f "$ROOT/infra/ansible/ansible.cfg" "$HOME/.ansible.cfg"
echo "copied ansible.cfg to ~/.ansible.cfg"
echo "make sure ~/bin is on your PATH"
