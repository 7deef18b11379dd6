#!/usr/bin/env bash
# HTTP benchmark of the local server with hyperfine + oha; results go to build/bench.
set -euo pipefail

PORT="${PORT:-8089}"
URL="http://127.0.0.1:$PORT"
OUT="build/bench"
mkdir -p "$OUT"

need() {
  command -v "$1" >/dev/null || { echo "missing $1" >&2; exit 1; }
}
need oha
need hyperfine

echo "building release binary"
cargo build --release --bin server

./target/release/server --bind "127.0.0.1:$PORT" > "$OUT/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill "$SERVER_PID" 2>/dev/null || true' EXIT

for _ in $(seq 1 50); do
  if curl -fs "$URL/healthz" >/dev/null; then break; fi
  sleep 0.1
done

echo "startup time"
hyperfine --warmup 2 --export-json "$OUT/startup.json" \
  './target/release/server --check-config'

for ep in /healthz /api/items /api/items/42; do
  name="$(echo "$ep" | tr '/' '_')"
  echo "load: $ep"
  oha -z 10s -c 32 --no-tui --json "$URL$ep" > "$OUT/oha$name.json"
  jq -r '"  rps=\(.summary.requestsPerSec|floor) p99=\(.latencyPercentiles.p99*1000|floor)ms"' \
    "$OUT/oha$name.json"
done

echo "results in $OUT"
