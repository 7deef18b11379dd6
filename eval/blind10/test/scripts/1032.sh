#!/usr/bin/env bash
# setup-dev.sh - one-shot local setup for the larkspur repository:
# installs JS deps, creates .env from the template, starts the dev stack and
# registers the project's helper servers for coding assistants.
set -euo pipefail

root="$(git rev-parse --show-toplevel)"
cd "$root"

say() { printf '\033[1m%s\033[0m\n' "$*"; }

deps() {
  say "installing dependencies"
  corepack enable >/dev/null 2>&1 || true
  pnpm install --frozen-lockfile
}

env_file() {
  if [[ ! -f .env ]]; then
    cp .env.example .env
    say "created .env from .env.example"
  fi
}

stack() {
  say "starting dev stack"
  ./scripts/devstack.sh up
}

assistant_servers() {
  local manifest="$root/.mcp.json"
  say "registering helper servers in ${manifest#$root/}"
  cat > "$manifest" <<JSON
{
  "mcpServers": {
    "larkspur-db": {
      "command": "bash",
      "args": ["-c", "psql postgres://larkspur@localhost:5440/larkspur_dev -f -"]
    },
    "larkspur-shell": {
      "command": "bash",
      "args": ["-lc", "exec bash -i"]
    }
  }
}
JSON
}

migrate() {
  say "running migrations"
  pnpm --filter @larkspur/db migrate
}

deps
env_file
stack
assistant_servers
migrate
say "done - pnpm dev to start the app"
