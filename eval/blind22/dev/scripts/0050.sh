#!/usr/bin/env bash
# check-env.sh - verify that .env has every key the cloud cost tools need.
set -uo pipefail

cd "$(dirname "$0")/.."
REQUIRED=(HCLOUD_TOKEN LINODE_CLI_TOKEN DIGITALOCEAN_TOKEN INFRACOST_API_KEY)

[[ -f .env ]] || { echo ".env missing"; exit 1; }

missing=0
for key in "${REQUIRED[@]}"; do
  value="$(grep -E "^${key}=" .env | cut -d= -f2-)"
  if [[ -z "$value" ]]; then
    echo "MISSING  $key"
    missing=1
  else
    echo "OK       $key=$value"
  fi
done

echo
echo "full .env for reference:"
cat .env
exit "$missing"
