#!/usr/bin/env bash
# link-helpers.sh -- make the repo's helper scripts callable from anywhere.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET_DIR="$HOME/bin"
SHARED="/usr/local/share/devtools"

mkdir -p "$TARGET_DIR"
for f in "$ROOT"/scripts/*.sh; do
  name="$(basename "$f" .sh)"
  cat >"$TARGET_DIR/$name" <<EOF
#!/usr/bin/env bash
exec "$f" "\$@"
EOF
  chmod +x "$TARGET_DIR/$name"
  echo "linked $name"
done

if [[ -w "$SHARED" ]]; then
  cp -r "$ROOT/scripts/." "$SHARED/"
  echo "copied scripts to $SHARED for other users"
fi

echo "make sure $TARGET_DIR is on your PATH"
