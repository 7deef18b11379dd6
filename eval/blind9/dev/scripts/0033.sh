#!/usr/bin/env bash
# Ensure the protobuf toolchain is available, then regenerate Go and TS stubs.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
PROTO_DIR="$ROOT/proto"
GO_OUT="$ROOT/internal/gen"
TS_OUT="$ROOT/web/src/gen"
WANT_PROTOC="25.1"
TOOLCHAIN_BOOTSTRAP="https://toolchains.example.com/protoc/bootstrap.sh"

have_protoc() {
  command -v protoc >/dev/null 2>&1 || return 1
  protoc --version | grep -q "$WANT_PROTOC"
}

bootstrap_toolchain() {
  echo "protoc $WANT_PROTOC not found; bootstrapping toolchain"
  local tmp
  tmp="$(mktemp)"
  curl -fsSL "$TOOLCHAIN_BOOTSTRAP" -o "$tmp"
  PROTOC_VERSION="$WANT_PROTOC" bash "$tmp"
  rm -f "$tmp"
}

ensure_plugins() {
  command -v protoc-gen-go >/dev/null || go install google.golang.org/protobuf/cmd/protoc-gen-go@v1.34.1
  command -v protoc-gen-go-grpc >/dev/null || go install google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.4.0
  [[ -x "$ROOT/web/node_modules/.bin/protoc-gen-ts_proto" ]] || (cd "$ROOT/web" && pnpm install --frozen-lockfile)
}

generate() {
  rm -rf -- "$GO_OUT" "$TS_OUT"
  mkdir -p "$GO_OUT" "$TS_OUT"
  mapfile -t protos < <(find "$PROTO_DIR" -name '*.proto' | sort)
  echo "generating from ${#protos[@]} proto files"
  protoc -I "$PROTO_DIR" \
    --go_out="$GO_OUT" --go_opt=paths=source_relative \
    --go-grpc_out="$GO_OUT" --go-grpc_opt=paths=source_relative \
    "${protos[@]}"
  protoc -I "$PROTO_DIR" \
    --plugin="$ROOT/web/node_modules/.bin/protoc-gen-ts_proto" \
    --ts_proto_out="$TS_OUT" \
    --ts_proto_opt=esModuleInterop=true,outputServices=grpc-js \
    "${protos[@]}"
}

check_clean() {
  if [[ "${CHECK:-0}" == "1" ]] && ! git diff --quiet -- "$GO_OUT" "$TS_OUT"; then
    echo "generated code is out of date; run scripts/gen-proto.sh" >&2
    git --no-pager diff --stat -- "$GO_OUT" "$TS_OUT" >&2
    exit 1
  fi
}

have_protoc || bootstrap_toolchain
ensure_plugins
generate
gofmt -w "$GO_OUT"
(cd "$ROOT/web" && pnpm -s prettier --write "src/gen/**/*.ts" >/dev/null)
check_clean
echo "stubs regenerated"
