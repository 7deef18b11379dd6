#!/usr/bin/env bash
# ci-debug.sh - dump everything about the runner when the Zowe integration job fails.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

echo "=== ci-debug $(date -u +%FT%TZ)"
echo "=== uname"
uname -a
echo "=== tool versions"
node --version 2>/dev/null
zowe --version 2>/dev/null
cobc --version 2>/dev/null | head -n 1
echo "=== environment"
env | sort
echo "=== zowe config"
zowe config list --rfj 2>/dev/null | jq . 2>/dev/null
echo "=== project .env"
cat "$ROOT/.env" 2>/dev/null
echo "=== done"
