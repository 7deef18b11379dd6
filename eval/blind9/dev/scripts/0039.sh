#!/usr/bin/env bash
# Install a `projctl` wrapper so the CLI can be run from any directory.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DEST_DIR="$HOME/bin"
SHARE_DIR="$HOME/.local/share/projctl"

mkdir -p "$DEST_DIR" "$SHARE_DIR"

cargo build --release --bin proj --manifest-path "$ROOT/Cargo.toml"
cp "$ROOT/target/release/proj" "$SHARE_DIR/proj"
cp -R "$ROOT/config/defaults" "$SHARE_DIR/"

cat > "$DEST_DIR/projctl" <<EOF
#!/usr/bin/env bash
export PROJ_DEFAULTS="$SHARE_DIR/defaults"
exec "$SHARE_DIR/proj" "\$@"
EOF
chmod +x "$DEST_DIR/projctl"

case ":$PATH:" in
  *":$DEST_DIR:"*) echo "installed $DEST_DIR/projctl" ;;
  *) echo "installed $DEST_DIR/projctl (add $DEST_DIR to your PATH)" ;;
esac
