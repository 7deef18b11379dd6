#!/usr/bin/env bash
# install-helpers.sh - put the CAD helper commands on PATH for everyone in the lab.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$HOME/.local/bin"
TEMPLATES="$HOME/Templates"

mkdir -p "$BIN" "$TEMPLATES"

for tool in export-stl slice-plate pcb-release; do
  cat >"$BIN/$tool" <<EOF
#!/usr/bin/env bash
exec "$ROOT/tools/$tool.sh" "\$@"
EOF
  chmod +x "$BIN/$tool"
  echo "installed $BIN/$tool"
done

cp "$ROOT/templates/part.scad" "$TEMPLATES/New OpenSCAD part.scad"
echo "template added to ~/Templates"
echo "make sure ~/.local/bin is on your PATH"
