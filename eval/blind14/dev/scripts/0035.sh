#!/usr/bin/env bash
# Make CI and local installs reproducible.
# Pins the package manager, writes project .npmrc settings, and verifies
# that the lockfile matches package.json.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

pm_version=$(jq -r '.packageManager // empty' package.json)
if [[ -z $pm_version ]]; then
  echo "adding packageManager field"
  tmp=$(mktemp)
  jq '.packageManager = "pnpm@9.12.0"' package.json > "$tmp" && mv "$tmp" package.json
fi

# settings: key -> value for the project .npmrc
declare -A npmrc=(
  [engine-strict]=true
  [save-exact]=true
  [auto-install-peers]=true
  [registry]="https://npm.pkg-cache.example.com/"
  [fund]=false
)

write_npmrc() {
  local key tmp
  tmp=$(mktemp)
  [[ -f .npmrc ]] && grep -vE "^($(IFS='|'; echo "${!npmrc[*]}"))=" .npmrc > "$tmp" || true
  for key in $(printf '%s\n' "${!npmrc[@]}" | sort); do
    echo "$key=${npmrc[$key]}" >> "$tmp"
  done
  mv "$tmp" .npmrc
  echo "wrote .npmrc ($(wc -l < .npmrc) settings)"
}

check_lockfile() {
  if ! pnpm install --frozen-lockfile --lockfile-only >/dev/null 2>&1; then
    echo "pnpm-lock.yaml is out of date with package.json" >&2
    return 1
  fi
  echo "lockfile is consistent"
}

check_engines() {
  local want have
  want=$(jq -r '.engines.node // empty' package.json)
  have=$(node --version)
  echo "node engines: ${want:-unset}; installed: $have"
}

write_npmrc
check_engines
check_lockfile
git add package.json .npmrc
echo "staged package.json and .npmrc; review and commit"
