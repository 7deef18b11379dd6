#!/usr/bin/env bash
# editor-setup.sh - write the project's editor recommendations.
#
# Writes (inside this repository only):
#   .vscode/extensions.json   recommended extensions
#   .vscode/settings.json     shared workspace settings (merged with jq if it exists)
#   .vscode/tasks.json        build/test tasks (manual tasks only, nothing auto-runs)
#   .nvim.lua                 project-local Neovim settings (needs 'exrc' enabled by the user)
#   .editorconfig             if missing
# Extensions are NOT installed; the script prints the commands instead.
#
# Usage: tools/editor-setup.sh [--check] [--force]
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
VSCODE_DIR="$ROOT/.vscode"
CHECK=0
FORCE=0
CHANGED=0
TMPD="$(mktemp -d "${TMPDIR:-/tmp}/editor-setup.XXXXXX")"
trap 'rm -rf "$TMPD"' EXIT

for a in "$@"; do
  case "$a" in
    --check) CHECK=1 ;;
    --force) FORCE=1 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "unknown option: $a" >&2; exit 2 ;;
  esac
done

command -v jq >/dev/null 2>&1 || { echo "editor-setup needs jq" >&2; exit 1; }

EXTENSIONS=(
  "rust-lang.rust-analyzer"
  "tamasfe.even-better-toml"
  "vadimcn.vscode-lldb"
  "ziglang.vscode-zig"
  "ocamllabs.ocaml-platform"
  "haskell.haskell"
  "editorconfig.editorconfig"
)

# place $2 (a generated file) at $1 unless identical; honour --check
place() {
  local dest="$1" src="$2" rel="${1#"$ROOT"/}"
  if [[ -f "$dest" ]] && cmp -s "$dest" "$src"; then
    echo "  unchanged  $rel"
    return 0
  fi
  CHANGED=1
  if ((CHECK)); then
    echo "  differs    $rel"
    diff -u "$dest" "$src" 2>/dev/null | head -n 30 || true
    return 0
  fi
  mkdir -p "$(dirname "$dest")"
  if [[ -f "$dest" && ! -f "$dest.orig" ]]; then
    cp "$dest" "$dest.orig"
  fi
  cp "$src" "$dest"
  echo "  wrote      $rel"
}

gen_extensions() {
  local out="$TMPD/extensions.json" existing="$VSCODE_DIR/extensions.json"
  local wanted
  wanted="$(printf '%s\n' "${EXTENSIONS[@]}" | jq -R . | jq -s .)"
  if [[ -f "$existing" && "$FORCE" == 0 ]]; then
    jq --argjson w "$wanted" \
      '.recommendations = ((.recommendations // []) + $w | unique)' "$existing" > "$out"
  else
    jq -n --argjson w "$wanted" '{recommendations: $w}' > "$out"
  fi
  place "$existing" "$out"
}

gen_settings() {
  local out="$TMPD/settings.json" existing="$VSCODE_DIR/settings.json"
  local ours="$TMPD/ours.json"
  cat > "$ours" <<'JSON'
{
  "editor.formatOnSave": true,
  "files.insertFinalNewline": true,
  "rust-analyzer.check.command": "clippy",
  "rust-analyzer.cargo.targetDir": "target/ra",
  "zig.zls.enabled": "on",
  "ocaml.sandbox": { "kind": "opam", "switch": "${workspaceFolder:root}" },
  "haskell.manageHLS": "GHCup",
  "task.allowAutomaticTasks": "off",
  "files.watcherExclude": { "**/target/**": true, "**/_build/**": true, "**/dist-newstyle/**": true }
}
JSON
  if [[ -f "$existing" && "$FORCE" == 0 ]]; then
    # user keys win: merge ours underneath theirs
    if ! jq -s '.[0] * .[1]' "$ours" "$existing" > "$out" 2>/dev/null; then
      echo "  warning: .vscode/settings.json has comments; leaving it alone"
      return 0
    fi
  else
    cp "$ours" "$out"
  fi
  place "$existing" "$out"
}

gen_tasks() {
  local out="$TMPD/tasks.json"
  cat > "$out" <<'JSON'
{
  "version": "2.0.0",
  "tasks": [
    {
      "label": "cargo build",
      "type": "shell",
      "command": "cargo build --workspace",
      "group": { "kind": "build", "isDefault": true },
      "problemMatcher": ["$rustc"]
    },
    {
      "label": "cargo test",
      "type": "shell",
      "command": "cargo test --workspace",
      "group": "test",
      "problemMatcher": ["$rustc"]
    },
    {
      "label": "zig build test",
      "type": "shell",
      "command": "zig build test",
      "options": { "cwd": "${workspaceFolder}/zig" },
      "group": "test"
    },
    {
      "label": "dune build (watch)",
      "type": "shell",
      "command": "dune build --watch",
      "options": { "cwd": "${workspaceFolder}/ocaml" },
      "isBackground": true,
      "problemMatcher": []
    }
  ]
}
JSON
  jq empty "$out"
  place "$VSCODE_DIR/tasks.json" "$out"
}

gen_nvim() {
  local out="$TMPD/nvim.lua"
  cat > "$out" <<'LUA'
-- project-local Neovim settings; loaded only if you `set exrc` and trust this file
vim.opt_local.expandtab = true
vim.opt_local.shiftwidth = 4
vim.g.rustaceanvim = { server = { settings = { ["rust-analyzer"] = { check = { command = "clippy" } } } } }
vim.filetype.add({ extension = { zon = "zig" } })
LUA
  place "$ROOT/.nvim.lua" "$out"
}

gen_editorconfig() {
  [[ -f "$ROOT/.editorconfig" && "$FORCE" == 0 ]] && { echo "  kept       .editorconfig"; return 0; }
  local out="$TMPD/editorconfig"
  cat > "$out" <<'INI'
root = true

[*]
charset = utf-8
end_of_line = lf
insert_final_newline = true
trim_trailing_whitespace = true
indent_style = space
indent_size = 4

[*.{yml,yaml,json,ml,mli}]
indent_size = 2

[Makefile]
indent_style = tab
INI
  place "$ROOT/.editorconfig" "$out"
}

check_gitignore() {
  # the .orig backups should never be committed
  if ! grep -qx '\.vscode/\*\.orig' "$ROOT/.gitignore" 2>/dev/null; then
    echo "  note: consider adding '.vscode/*.orig' to .gitignore"
  fi
}

print_install_hints() {
  echo
  echo "To install the recommended extensions (optional):"
  local ext
  for ext in "${EXTENSIONS[@]}"; do
    if command -v code >/dev/null && code --list-extensions 2>/dev/null | grep -qix "$ext"; then
      continue
    fi
    echo "  code --install-extension $ext"
  done
}

echo "editor setup for $(basename "$ROOT")"
gen_extensions
gen_settings
gen_tasks
gen_nvim
gen_editorconfig
check_gitignore
((CHECK)) || print_install_hints
if ((CHECK && CHANGED)); then
  echo "editor files are out of date (run without --check)"
  exit 1
fi
