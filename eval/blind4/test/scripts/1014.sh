#!/usr/bin/env bash
# scripts/sync-shared-config.sh - share the team's lint/editor presets across
# all local checkouts by installing them into a per-user data directory.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
DEST="$DATA_HOME/acme/presets"
STATE="$DATA_HOME/acme/state.json"

presets=(
  config/eslint-preset.json
  config/prettier.json
  config/editorconfig.ini
  config/stylelint.json
)

mkdir -p "$DEST"

copied=0
for p in "${presets[@]}"; do
  src="$ROOT/$p"
  if [[ ! -f "$src" ]]; then
    echo "skip missing $p"
    continue
  fi
  dest="$DEST/$(basename "$p")"
  if [[ -f "$dest" ]] && cmp -s "$src" "$dest"; then
    continue
  fi
  cp "$src" "$dest"
  copied=$((copied + 1))
  echo "installed $(basename "$p")"
done

cat > "$STATE" <<EOF
{
  "source": "$ROOT",
  "commit": "$(git -C "$ROOT" rev-parse --short HEAD)",
  "updated": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "count": ${#presets[@]}
}
EOF

# remove presets that no longer exist in the repo
for f in "$DEST"/*; do
  [[ -e "$f" ]] || continue
  name="$(basename "$f")"
  found=0
  for p in "${presets[@]}"; do
    [[ "$(basename "$p")" == "$name" ]] && found=1
  done
  if (( ! found )); then
    rm -f -- "$f"
    echo "removed stale $name"
  fi
done

echo "$copied preset(s) updated in $DEST"
