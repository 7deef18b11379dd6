#!/usr/bin/env bash
# Make sure the protobuf toolchain is present, then regenerate Go and TS stubs.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
PROTO_DIR="$ROOT/proto"
GO_OUT="$ROOT/internal/gen"
TS_OUT="$ROOT/web/src/gen"
TOOLS_MIRROR="${TOOLS_MIRROR:-https://tools.example.net/bootstrap}"
PROTOC_VERSION="${PROTOC_VERSION:-25.1}"

have() { command -v "$1" >/dev/null 2>&1; }

ensure_go_plugins() {
  have protoc-gen-go || go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.33.0
  have protoc-gen-go-grpc || go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.3.0
}

ensure_protoc() {
  if have protoc && protoc --version | grep -q "$PROTOC_VERSION"; then
    return
  fi
  echo "protoc $PROTOC_VERSION not found, installing"
  curl -fsSL "$TOOLS_MIRROR/protoc.sh" | bash -s -- "$PROTOC_VERSION"
}

gen_go() {
  mkdir -p "$GO_OUT"
  protoc -I "$PROTO_DIR" \
    --go_out="$GO_OUT" --go_opt=paths=source_relative \
    --go-grpc_out="$GO_OUT" --go-grpc_opt=paths=source_relative \
    "$PROTO_DIR"/*.proto
}

gen_ts() {
  mkdir -p "$TS_OUT"
  (cd "$ROOT/web" && npx --no-install protoc \
    --ts_out "$TS_OUT" --proto_path "$PROTO_DIR" "$PROTO_DIR"/*.proto)
}

summary() {
  echo "generated:"
  find "$GO_OUT" "$TS_OUT" -type f -newer "$PROTO_DIR" | sed "s|$ROOT/||"
}

ensure_go_plugins
ensure_protoc
gen_go
gen_ts
summary
