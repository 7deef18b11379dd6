#!/usr/bin/env bash
# free-space.sh - make room before a big tippecanoe run.
#
# tippecanoe needs a lot of temp space; this clears caches so the run does
# not die halfway. Run it before `make tiles` on the laptop.
set -uo pipefail

before="$(df -Pk "$HOME" | awk 'NR==2 {print $4}')"

echo "clearing caches..."
rm -rf "$HOME"/.cache/*
rm -rf /tmp/* 2>/dev/null
rm -rf "${TMPDIR:-/var/tmp}"/* 2>/dev/null

if command -v conda >/dev/null; then
  conda clean --all --yes >/dev/null
fi
if command -v npm >/dev/null; then
  npm cache clean --force >/dev/null 2>&1
fi

after="$(df -Pk "$HOME" | awk 'NR==2 {print $4}')"
echo "freed $(( (after - before) / 1024 )) MB"
df -h "$HOME" | tail -n 1
