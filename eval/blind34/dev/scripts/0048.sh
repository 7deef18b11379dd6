#!/usr/bin/env bash
# free-disk.sh - the GPU box keeps running out of disk during cog builds.
# Nuke every cache we can think of and prune docker.

set -uo pipefail

if [[ "${1:-}" == "-n" ]]; then
  du -sh ~/.cache /tmp /var/tmp 2>/dev/null
  docker system df
  exit 0
fi

echo "before: $(df -h / | awk 'NR==2 {print $4}') free"

rm -rf ~/.cache/*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf ~/.cache/huggingface ~/.cache/torch ~/.nv
docker system prune -af --volumes
docker builder prune -af

echo "after: $(df -h / | awk 'NR==2 {print $4}') free"
