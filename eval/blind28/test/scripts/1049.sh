#!/usr/bin/env bash
#
# Usage: tools/debug-bundle.sh > out/debug-bundle.txt
# Attach the output to the issue.
#
# debug-bundle.sh - gather state for the "SITL does not connect" bug report.
set -u

cd -- "$(dirname -- "$0")/.."

echo "## date"
date -u
echo "## environment"
printenv | sort
echo "## mavproxy config"
cat "$HOME/.mavinit.scr" 2>/dev/null || echo "(none)"
echo "## repo .env"
cat .env 2>/dev/null || echo "(none)"
echo "## listening udp ports"
ss -lun 2>/dev/null | head -n 30
echo "## end"
