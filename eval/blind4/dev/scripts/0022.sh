#!/usr/bin/env bash
# ci/docker-smoke.sh - build the image, run it against a throwaway postgres,
# hit /healthz and tear everything down again.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
IMAGE="${IMAGE:-acme-api:smoke}"
NET="smoke-$$"
DB="smoke-db-$$"
APP="smoke-app-$$"
WORK="$(mktemp -d -t docker-smoke.XXXXXX)"

cleanup() {
  docker rm -f "$APP" "$DB" >/dev/null 2>&1 || true
  docker network rm "$NET" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "building $IMAGE"
docker build -t "$IMAGE" -f "$ROOT/Dockerfile" "$ROOT"

docker network create "$NET" >/dev/null
docker run -d --name "$DB" --network "$NET" \
  -e POSTGRES_PASSWORD=smoke -e POSTGRES_DB=app postgres:16-alpine >/dev/null

echo "waiting for postgres"
for _ in $(seq 1 30); do
  if docker exec "$DB" pg_isready -U postgres >/dev/null 2>&1; then break; fi
  sleep 1
done

docker run -d --name "$APP" --network "$NET" -p 127.0.0.1:18080:8080 \
  -e DATABASE_URL="postgres://postgres:smoke@$DB:5432/app?sslmode=disable" \
  "$IMAGE" >/dev/null

echo "probing http://127.0.0.1:18080/healthz"
for _ in $(seq 1 30); do
  if curl -fsS http://127.0.0.1:18080/healthz -o "$WORK/health.json"; then
    cat "$WORK/health.json"; echo
    docker logs "$APP" > "$WORK/app.log" 2>&1
    mkdir -p "$ROOT/reports"
    cp "$WORK/app.log" "$ROOT/reports/docker-smoke.log"
    echo "smoke test passed"
    exit 0
  fi
  sleep 1
done

docker logs "$APP" || true
echo "smoke test FAILED" >&2
exit 1
