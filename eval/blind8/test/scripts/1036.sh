#!/usr/bin/env bash
# Regenerate protobuf and sqlc code, format it, and verify the tree builds.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

PROTO_OUT="gen/proto"
SQLC_OUT="internal/db"

section() { printf '\n[%s]\n' "$1"; }

check_tools() {
  local missing=()
  for t in buf sqlc gofmt; do
    command -v "$t" >/dev/null || missing+=("$t")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "missing tools: ${missing[*]} (see docs/tooling.md)" >&2
    exit 1
  fi
}

gen_proto() {
  section "buf generate"
  rm -rf "./$PROTO_OUT"
  buf lint
  buf generate --template buf.gen.yaml
}

gen_sql() {
  section "sqlc generate"
  sqlc vet
  sqlc generate -f sqlc.yaml
}

tidy() {
  section "format"
  gofmt -s -w "$PROTO_OUT" "$SQLC_OUT"
  go mod tidy
}

verify() {
  section "build"
  go build ./...
  git status --short -- "$PROTO_OUT" "$SQLC_OUT" go.mod go.sum
}

main() {
  check_tools
  gen_proto
  gen_sql
  tidy
  verify
}

main "$@"
