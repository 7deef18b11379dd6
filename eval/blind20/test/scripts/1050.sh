#!/usr/bin/env bash
# scripts/install-cli.sh - put the harbor dev CLI wrapper on the PATH.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN_DIR="${HOME}/.local/bin"
TARGET="${BIN_DIR}/harbor-dev"

mkdir -p "$BIN_DIR"
cat >"$TARGET" <<EOF
#!/usr/bin/env bash
exec "${ROOT}/bin/harbor" "\$@"
EOF
chmod 0755 "$TARGET"

echo "installed ${TARGET}"
case ":${PATH}:" in
  *":${BIN_DIR}:"*) ;;
  *) echo "note: ${BIN_DIR} is not on your PATH" ;;
esac
