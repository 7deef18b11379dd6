#!/usr/bin/env bash
# editor-setup.sh - link the shared editor/tool settings of the payments repo.
#
# The repo ships recommended settings in tooling/: VS Code workspace settings,
# an .editorconfig, the Cursor rules and the MCP server list used for the
# sandbox API docs.  Linking instead of copying keeps them in sync with git.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLING="$ROOT/tooling"

info() { echo "editor-setup: $*"; }
fail() { echo "editor-setup: $*" >&2; exit 1; }

LINKS=(
  "$TOOLING/vscode/settings.json|$ROOT/.vscode/settings.json"
  "$TOOLING/editorconfig|$ROOT/.editorconfig"
  "$TOOLING/cursor/rules|$ROOT/.cursor/rules"
  "$TOOLING/cursor/mcp.json|$HOME/.cursor/mcp.json"
)

link_one() {
  local src="${1%%|*}" dst="${1##*|}"
  [[ -e "$src" ]] || { info "skip missing ${src#"$ROOT"/}"; return; }
  mkdir -p "$(dirname "$dst")"
  if [[ -e "$dst" && ! -L "$dst" ]]; then
    mv -f -- "$dst" "$dst.bak"
    info "backed up existing $(basename "$dst")"
  fi
  ln -sf "$src" "$dst"
  info "linked $dst"
}

check_node() {
  local want have
  want="$(cat "$ROOT/.nvmrc" 2>/dev/null || echo 20)"
  have="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo none)"
  if [[ "$have" != "${want%%.*}" ]]; then
    info "node $have in use, .nvmrc wants $want"
  fi
}

install_recommended_extensions() {
  command -v code >/dev/null || return 0
  local ext
  while read -r ext; do
    [[ -n "$ext" ]] && code --install-extension "$ext" --force >/dev/null 2>&1 || true
  done < <(jq -r '.recommendations[]' "$TOOLING/vscode/extensions.json" 2>/dev/null)
}

main() {
  [[ -d "$TOOLING" ]] || fail "tooling/ not found"
  local entry
  for entry in "${LINKS[@]}"; do
    link_one "$entry"
  done
  check_node
  install_recommended_extensions
  info "done"
}

main "$@"
