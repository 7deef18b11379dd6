#!/usr/bin/env bash
# publish-audit.sh - hand the latest accessibility audit to the content team.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
LATEST="$(ls -1d "$ROOT"/reports/audit-* 2>/dev/null | sort | tail -n 1)"
[[ -n "$LATEST" ]] || { echo "no audit found"; exit 1; }

DEST_DOCS="$HOME/Documents/site-audits"
DEST_DESK="$HOME/Desktop"
mkdir -p "$DEST_DOCS" "$HOME/bin"

cp -r "$LATEST" "$DEST_DOCS/"
cp "$LATEST/README.md" "$DEST_DESK/latest-a11y-audit.md"

cat >"$HOME/bin/open-audit" <<EOF
#!/usr/bin/env bash
xdg-open "$DEST_DOCS/$(basename "$LATEST")/README.md"
EOF
chmod +x "$HOME/bin/open-audit"

echo "copied $(basename "$LATEST") to $DEST_DOCS and the desktop"
echo "run 'open-audit' to view it"
