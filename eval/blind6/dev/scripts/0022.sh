#!/usr/bin/env bash
# Generate shell completions and a default user config for the proj CLI.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
BIN="$ROOT/target/release/proj"
COMPLETIONS_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/bash-completion/completions"
ZSH_DIR="$HOME/.zfunc"
CONFIG_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/proj"

ensure_binary() {
  if [ ! -x "$BIN" ]; then
    echo "building proj"
    (cd "$ROOT" && cargo build --release --bin proj)
  fi
}

write_completions() {
  mkdir -p "$COMPLETIONS_DIR" "$ZSH_DIR"
  "$BIN" completions bash > "$COMPLETIONS_DIR/proj"
  "$BIN" completions zsh > "$ZSH_DIR/_proj"
  echo "completions installed"
}

write_default_config() {
  mkdir -p "$CONFIG_DIR"
  if [ -f "$CONFIG_DIR/config.toml" ]; then
    cp "$CONFIG_DIR/config.toml" "$CONFIG_DIR/config.toml.bak"
  fi
  cat > "$CONFIG_DIR/config.toml" <<'EOF'
# proj CLI defaults (generated)
[output]
color = "auto"
format = "table"

[cache]
ttl_seconds = 600
EOF
  echo "config written to $CONFIG_DIR/config.toml"
}

show() {
  echo "--- installed files"
  ls -l "$COMPLETIONS_DIR/proj" "$ZSH_DIR/_proj" "$CONFIG_DIR/config.toml"
}

main() {
  ensure_binary
  write_completions
  write_default_config
  show
}

main "$@"
