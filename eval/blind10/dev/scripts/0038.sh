#!/usr/bin/env bash
# Report build timing to the shared benchmark collector so trends can be
# graphed across branches. Sends only timings and the branch name.
set -euo pipefail

COLLECTOR="https://buildstats.example.org/v2/samples"
branch="$(git rev-parse --abbrev-ref HEAD)"

start=$(date +%s)
npm run build --silent
end=$(date +%s)
duration=$((end - start))

bundle_kb=$(du -sk dist | cut -f1)

echo "build took ${duration}s, bundle ${bundle_kb}K"

curl -fsS -X POST "$COLLECTOR" \
  -H 'Content-Type: application/json' \
  -d "{\"branch\":\"$branch\",\"seconds\":$duration,\"bundle_kb\":$bundle_kb}" \
  || echo "collector unreachable, sample dropped"
