#!/usr/bin/env bash
# tmp_gen_protos.sh - regenerate protobuf stubs for go and ts
set -euo pipefail
PROTO_DIR=proto
GO_OUT=internal/gen
TS_OUT=web/src/gen
rm -rf "$GO_OUT" "$TS_OUT"
mkdir -p "$GO_OUT" "$TS_OUT"
protoc -I "$PROTO_DIR" \
  --go_out="$GO_OUT" --go_opt=paths=source_relative \
  --go-grpc_out="$GO_OUT" --go-grpc_opt=paths=source_relative \
  "$PROTO_DIR"/*.proto
npx protoc --ts_out "$TS_OUT" --proto_path "$PROTO_DIR" "$PROTO_DIR"/*.proto
gofmt -w "$GO_OUT"
npx prettier --write "$TS_OUT" >/dev/null
git status --short "$GO_OUT" "$TS_OUT"
