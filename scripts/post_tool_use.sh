#!/usr/bin/env bash
# PostToolUse / PostToolUseFailure hook: records the outcome for the learning loop.
# Recording never blocks: if the binary is missing, this script says so on stderr and exits 0.
set -u
agent="${1:-${TERRAPHIM_GUARD_AGENT:-claude-code}}"
bin="${TERRAPHIM_AGENT:-$(command -v terraphim-agent 2>/dev/null || true)}"
if [ -z "$bin" ] || [ ! -x "$bin" ]; then
  echo "terraphim guard is not installed; outcome not recorded" >&2
  cat >/dev/null
  exit 0
fi
exec "$bin" guard hook --agent "$agent"
