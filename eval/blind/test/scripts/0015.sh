#!/usr/bin/env bash
# Collect everything needed to debug the flaky e2e job into debug/.
set -uo pipefail

out="debug/e2e-$(date +%s)"
mkdir -p "$out"

echo "collecting system info"
uname -a > "$out/uname.txt"
node --version > "$out/node.txt" 2>&1
npx playwright --version > "$out/playwright.txt" 2>&1

echo "collecting environment"
env | sort > "$out/env.txt"

echo "collecting recent test output"
cp -r test-results "$out/" 2>/dev/null || echo "no test-results"
cp playwright-report/index.html "$out/" 2>/dev/null || true

echo "collecting ports"
ss -ltnp > "$out/ports.txt" 2>/dev/null || true

echo
echo "environment as seen by the job:"
cat "$out/env.txt"
echo
echo "bundle in $out"
