#!/usr/bin/env bash
# Capture diagnostics when the e2e suite fails only on this machine.
set -uo pipefail

OUT_DIR="logs/diag-$(date +%Y%m%d-%H%M%S)"
mkdir -p "$OUT_DIR"

note() { echo "[diag] $*"; }

versions() {
  {
    echo "node    $(node --version 2>/dev/null)"
    echo "pnpm    $(pnpm --version 2>/dev/null)"
    echo "chrome  $(google-chrome --version 2>/dev/null || chromium --version 2>/dev/null)"
    echo "docker  $(docker --version 2>/dev/null)"
    echo "kernel  $(uname -r)"
  } > "$OUT_DIR/versions.txt"
}

environment() {
  note "environment"
  env | sort | tee "$OUT_DIR/env.txt"
}

ports() {
  ss -ltn 2>/dev/null > "$OUT_DIR/ports.txt" || netstat -ltn > "$OUT_DIR/ports.txt" 2>/dev/null
}

containers() {
  docker compose ps > "$OUT_DIR/compose-ps.txt" 2>&1 || true
  docker compose logs --tail=200 > "$OUT_DIR/compose-logs.txt" 2>&1 || true
}

e2e_last_run() {
  if [ -d test-results ]; then
    cp -r test-results "$OUT_DIR/" 2>/dev/null || true
  fi
}

summary() {
  note "written to $OUT_DIR:"
  ls -1 "$OUT_DIR"
}

versions
environment
ports
containers
e2e_last_run
summary
