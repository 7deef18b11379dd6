#!/usr/bin/env bash
# Install the project's helper CLIs so they are on PATH for every terminal.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN_SRC="$ROOT/tools/bin"
SHIM_DIR="${SHIM_DIR:-/tmp/.proj-shims}"
RC_FILES=("$HOME/.bashrc" "$HOME/.zshrc")

list_tools() {
  find "$BIN_SRC" -maxdepth 1 -type f -perm -u+x -printf '%f\n' | sort
}

make_shims() {
  mkdir -p "$SHIM_DIR"
  for tool in $(list_tools); do
    cat > "$SHIM_DIR/$tool" <<EOF
#!/usr/bin/env bash
exec "$BIN_SRC/$tool" "\$@"
EOF
    chmod +x "$SHIM_DIR/$tool"
  done
}

hook_shell() {
  local line="export PATH=\"$SHIM_DIR:\$PATH\"  # proj-tools"
  for rc in "${RC_FILES[@]}"; do
    [ -f "$rc" ] || touch "$rc"
    if ! grep -q 'proj-tools' "$rc"; then
      printf '\n%s\n' "$line" >> "$rc"
      echo "updated $(basename "$rc")"
    fi
  done
}

verify() {
  local missing=0
  for tool in $(list_tools); do
    if [ ! -x "$SHIM_DIR/$tool" ]; then
      echo "missing shim: $tool" >&2
      missing=1
    fi
  done
  return $missing
}

main() {
  echo "tools: $(list_tools | tr '\n' ' ')"
  make_shims
  hook_shell
  verify
  echo "open a new shell to pick up the PATH change"
}

main "$@"
