#!/usr/bin/env bash
# PreToolUse hook: hands the agent's JSON to `terraphim-agent guard hook`.
# Usage in an agent's settings: /path/to/pre_tool_use.sh [claude-code|codex|gemini|cursor]
# The binary answers in the agent's protocol and never fails open. If the binary is missing,
# this script blocks (exit 2 with the reason on stderr: every supported agent treats that as a block).
set -u
agent="${1:-${TERRAPHIM_GUARD_AGENT:-claude-code}}"
bin="${TERRAPHIM_AGENT:-}"
if [ -z "$bin" ]; then
  bin="$(command -v terraphim-agent 2>/dev/null || true)"
fi
if [ -z "$bin" ] && [ -x "${HOME:-/nonexistent}/.cargo/bin/terraphim-agent" ]; then
  bin="$HOME/.cargo/bin/terraphim-agent"
fi
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "terraphim guard is not installed, so this command is blocked. Install it with: cargo install --path crates/terraphim_guard_cli (or set TERRAPHIM_AGENT to the binary)" >&2
  exit 2
fi
exec "$bin" guard hook --agent "$agent" --event pre-tool-use
