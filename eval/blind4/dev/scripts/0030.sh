#!/usr/bin/env bash
# ci/check.sh - lint, type-check and test the Python service; collect junit
# and coverage into ./reports for the CI artifact upload step.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
REPORTS="$ROOT/reports"
PY="${PYTHON:-python3}"

cd "$ROOT"
rm -rf "$REPORTS"
mkdir -p "$REPORTS"

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

status=0

step "ruff"
if ! ruff check --output-format=junit src tests > "$REPORTS/ruff.xml"; then
  status=1
  ruff check src tests || true
fi

step "format"
ruff format --check src tests || status=1

step "mypy"
mypy --junit-xml "$REPORTS/mypy.xml" src || status=1

step "pytest"
"$PY" -m pytest \
  --junitxml="$REPORTS/pytest.xml" \
  --cov=src --cov-report=xml:"$REPORTS/coverage.xml" --cov-report=term \
  -q tests || status=1

step "summary"
for f in "$REPORTS"/*.xml; do
  [[ -f "$f" ]] || continue
  tests=$(grep -o 'tests="[0-9]*"' "$f" | head -1 | grep -o '[0-9]*' || echo 0)
  fails=$(grep -o 'failures="[0-9]*"' "$f" | head -1 | grep -o '[0-9]*' || echo 0)
  printf '%-20s tests=%-5s failures=%s\n' "$(basename "$f")" "${tests:-0}" "${fails:-0}"
done

exit "$status"
