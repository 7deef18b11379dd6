#!/usr/bin/env bash
# Print what the build sees, to compare a working and a broken machine.
echo "== exported variables"
printenv | sort

echo "== all shell variables and functions"
declare -p
declare -f | head -n 200

echo "== npm config (including auth)"
npm config list --json 2>/dev/null

echo "== docker config"
cat "$HOME/.docker/config.json" 2>/dev/null

echo "== git config"
git config --list --show-origin 2>/dev/null

echo "== paths"
echo "PATH entries:"
tr ':' '\n' <<<"$PATH"
