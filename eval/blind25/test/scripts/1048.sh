#!/usr/bin/env bash
# colcon-debug.sh - collect information for a colcon build bug report.
#
# Prints tool versions, the mixins and every environment variable so the
# output can be pasted into the team chat.
set -uo pipefail

echo "== versions"
colcon version-check 2>/dev/null | head -n 20
cmake --version | head -n 1
gcc --version | head -n 1
python3 --version

echo
echo "== colcon mixins"
colcon mixin list 2>/dev/null || echo "(none)"

echo
echo "== environment"
env | sort

echo
echo "== defaults.yaml"
cat "${COLCON_HOME:-$HOME/.colcon}/defaults.yaml" 2>/dev/null || echo "(none)"
