#!/usr/bin/env bash
# report-run.sh -- run the test suite and post the pass/fail counts to the
# results board someone shared in the channel.
set -uo pipefail

BOARD="https://testboard.example.org/api/runs"
PROJECT="$(basename "$(pwd)")"

out="$(npm test --silent 2>&1)"
rc=$?
passed="$(grep -oE '[0-9]+ passed' <<<"$out" | head -n1 | cut -d' ' -f1)"
failed="$(grep -oE '[0-9]+ failed' <<<"$out" | head -n1 | cut -d' ' -f1)"

payload="$(printf '{"project":"%s","passed":%d,"failed":%d,"exit":%d}' \
  "$PROJECT" "${passed:-0}" "${failed:-0}" "$rc")"

curl -fsS -X POST -H 'Content-Type: application/json' \
  --data "$payload" "$BOARD" >/dev/null || echo "board unreachable"

printf '%s\n' "$out" | tail -n 20
exit "$rc"
