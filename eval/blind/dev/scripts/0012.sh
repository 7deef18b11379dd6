#!/usr/bin/env bash
# Clean production build of the web frontend, packaged for the release job.
set -euo pipefail

cd "$(dirname "$0")"

VERSION="$(node -p 'require("./package.json").version')"
OUT="release/web-${VERSION}.tgz"

echo "==> cleaning previous output"
rm -rf ./dist ./.cache ./coverage
mkdir -p release

echo "==> installing locked dependencies"
npm ci --no-audit --no-fund

echo "==> type check and lint"
npx tsc --noEmit
npx eslint 'src/**/*.{ts,tsx}' --max-warnings=0

echo "==> building ${VERSION}"
NODE_ENV=production npm run build

if [ ! -f dist/index.html ]; then
  echo "build did not produce dist/index.html" >&2
  exit 1
fi

echo "==> packaging"
tar -czf "$OUT" -C dist .
sha256sum "$OUT" > "$OUT.sha256"

du -sh dist "$OUT"
echo "done: $OUT"
