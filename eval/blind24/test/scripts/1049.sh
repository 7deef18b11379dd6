#!/usr/bin/env bash
# export-snippets.sh -- copy the project's editor snippets and test templates
# into the user's editor folders so they work in every project.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

VSCODE_USER="$HOME/.config/Code/User/snippets"
NVIM_SNIPS="$HOME/.config/nvim/snippets"
TEMPLATES="$HOME/Templates/dev"

mkdir -p "$VSCODE_USER" "$NVIM_SNIPS" "$TEMPLATES"
cp -v "$ROOT"/tooling/snippets/*.code-snippets "$VSCODE_USER/"
cp -v "$ROOT"/tooling/snippets/*.lua "$NVIM_SNIPS/" 2>/dev/null || true
cp -rv "$ROOT"/templates/test-files/. "$TEMPLATES/"

count="$(ls "$VSCODE_USER" | wc -l | tr -d ' ')"
echo "$count snippet file(s) now in $VSCODE_USER"
echo "templates copied to $TEMPLATES"
echo "snippets exported; restart your editor"
