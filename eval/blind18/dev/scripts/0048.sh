#!/usr/bin/env bash
# nuke-caches.sh - "my build is weird" button: throw away every JVM/.NET/JS cache.
set -uo pipefail

echo "removing package manager caches in $HOME"
rm -rf "$HOME/.gradle/caches" \
       "$HOME/.m2/repository" \
       "$HOME/.nuget/packages" \
       "$HOME/.npm/_cacache" \
       "$HOME/.cache/"* \
       /tmp/* 2>/dev/null

echo "removing project outputs"
ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
find "$ROOT" -type d \( -name build -o -name target -o -name bin -o -name obj \) \
  -not -path '*/.git/*' -prune -exec rm -rf {} + 2>/dev/null

echo "stopping gradle daemons"
"$ROOT/gradlew" --stop >/dev/null 2>&1 || true

echo "done - the next build will download everything again"
