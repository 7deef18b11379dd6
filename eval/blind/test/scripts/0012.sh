#!/usr/bin/env bash
# Build the service image and run the unit tests inside it, like CI does.
set -euo pipefail

IMAGE="acme/orders:local-$(git rev-parse --short HEAD)"
BUILD_DIR="./build"

echo "==> removing stale local build outputs"
rm -rf "$BUILD_DIR" ./coverage.xml ./.pytest_cache
mkdir -p "$BUILD_DIR"

echo "==> building $IMAGE"
docker build \
  --file docker/Dockerfile \
  --target test \
  --tag "$IMAGE" \
  --build-arg PYTHON_VERSION=3.12 \
  .

echo "==> running tests"
docker run --rm \
  --network none \
  -v "$PWD/$BUILD_DIR:/out" \
  "$IMAGE" \
  pytest -q --junitxml=/out/junit.xml --cov=orders --cov-report=xml:/out/coverage.xml

echo "==> results"
grep -o 'tests="[0-9]*"' "$BUILD_DIR/junit.xml" || true
grep -o 'failures="[0-9]*"' "$BUILD_DIR/junit.xml" || true
ls -la "$BUILD_DIR"
