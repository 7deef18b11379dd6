#!/usr/bin/env bash
# e2e.sh - run the Playwright end-to-end suite against a throwaway compose stack.
set -euo pipefail

cd "$(dirname "$0")/.."

PROJECT="e2e-$$"
export COMPOSE_PROJECT_NAME="$PROJECT"
REPORT_DIR="reports/e2e"
SCRATCH="$(mktemp -d)"

teardown() {
  docker compose -f docker-compose.e2e.yml down -v --remove-orphans >/dev/null 2>&1 || true
  rm -rf "$SCRATCH"
}
trap teardown EXIT INT TERM

echo "==> building images"
docker compose -f docker-compose.e2e.yml build --pull

echo "==> starting stack"
docker compose -f docker-compose.e2e.yml up -d

echo "==> waiting for http://localhost:8080/healthz"
for i in $(seq 1 60); do
  if curl -fsS http://localhost:8080/healthz >/dev/null; then
    break
  fi
  [[ "$i" == 60 ]] && { echo "stack never became healthy"; exit 1; }
  sleep 2
done

echo "==> seeding"
docker compose -f docker-compose.e2e.yml exec -T api npm run seed -- --fixtures tests/e2e/fixtures

echo "==> running playwright"
rm -rf "$REPORT_DIR"
mkdir -p "$REPORT_DIR"
PLAYWRIGHT_HTML_REPORT="$REPORT_DIR" \
BASE_URL=http://localhost:8080 \
  npx playwright test --reporter=html,line --output "$SCRATCH/results" "$@"

cp -r "$SCRATCH/results" "$REPORT_DIR/raw" 2>/dev/null || true
echo "report: $REPORT_DIR/index.html"
