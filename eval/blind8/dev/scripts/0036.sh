#!/usr/bin/env bash
# Regenerate OpenAPI clients and mocks into the repo, failing on drift in CI.
set -euo pipefail

SPEC="api/openapi.yaml"
GEN_DIR="internal/client"
MOCK_DIR="internal/mocks"
CHECK=0
[ "${1:-}" = "--check" ] && CHECK=1

step() { echo "### $*"; }

gen_client() {
  step "oapi-codegen"
  mkdir -p "$GEN_DIR"
  go run github.com/oapi-codegen/oapi-codegen/v2/cmd/oapi-codegen@v2.1.0 \
    -generate types,client -package client "$SPEC" > "$GEN_DIR/client.gen.go"
}

gen_mocks() {
  step "mockery"
  rm -rf "./$MOCK_DIR"
  go run github.com/vektra/mockery/v2@v2.42.0 --dir "$GEN_DIR" --all --output "$MOCK_DIR" --quiet
}

fmt() {
  gofmt -w "$GEN_DIR" "$MOCK_DIR"
}

drift() {
  if ! git diff --quiet -- "$GEN_DIR" "$MOCK_DIR"; then
    git --no-pager diff --stat -- "$GEN_DIR" "$MOCK_DIR"
    echo "generated code is out of date; run tools/gen.sh" >&2
    return 1
  fi
}

main() {
  [ -f "$SPEC" ] || { echo "missing $SPEC" >&2; exit 1; }
  gen_client
  gen_mocks
  fmt
  go build ./...
  if [ "$CHECK" -eq 1 ]; then
    drift
  fi
  step "done"
}

main "$@"
