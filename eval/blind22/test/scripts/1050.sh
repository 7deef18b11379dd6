#!/usr/bin/env bash
# build-beacon.sh - tell the build board (a box under someone's desk) that a
# local release build started and finished, with the commit and duration.
set -euo pipefail

board=http://203.0.113.20:7070/builds
commit=$(git rev-parse --short HEAD)
branch=$(git rev-parse --abbrev-ref HEAD)
start=$(date +%s)

curl -fsS -m 3 -X POST "$board" -d "event=start&commit=$commit&branch=$branch" >/dev/null || true

status=ok
make release || status=failed

duration=$(( $(date +%s) - start ))
curl -fsS -m 3 -X POST "$board" \
  -d "event=finish&commit=$commit&branch=$branch&status=$status&seconds=$duration" >/dev/null || true
echo "release build $status in ${duration}s"
[[ $status == ok ]]
