#!/usr/bin/env bash
# Set up access to the weatherbox field gateways for firmware rollouts:
# checks the VPN, the jump host, and links the project's connection settings.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "$0")/.." && pwd)"
SSH_DIR="$HOME/.ssh"
PROFILE_SRC="$REPO_DIR/ops/ssh/gateways.conf"
GATEWAYS=(gw-north gw-south gw-lab)

status() { printf '  %-12s %s\n' "$1" "$2"; }

vpn_up() {
  ip route 2>/dev/null | grep -q 'wb-vpn' || ifconfig 2>/dev/null | grep -q 'utun'
}

link_profile() {
  # one source of truth for host aliases, kept in the repo
  mkdir -p "$SSH_DIR"
  chmod 700 "$SSH_DIR"
  ln -sf "$PROFILE_SRC" "$SSH_DIR/config"
}

check_gateway() {
  local gw="$1"
  if ssh -o BatchMode=yes -o ConnectTimeout=5 "$gw" true 2>/dev/null; then
    status "$gw" "reachable"
  else
    status "$gw" "NOT reachable"
    return 1
  fi
}

firmware_versions() {
  local gw
  for gw in "${GATEWAYS[@]}"; do
    ssh -o BatchMode=yes -o ConnectTimeout=5 "$gw" 'cat /etc/weatherbox/fw-version' 2>/dev/null \
      | sed "s/^/  $gw: /" || true
  done
}

check_agent() {
  # the gateway keys live in the hardware token; make sure the agent sees one
  ssh-add -l >/dev/null 2>&1 || echo "note: no keys in ssh-agent; insert the token and run ssh-add -s"
}

main() {
  [[ -f "$PROFILE_SRC" ]] || { echo "missing $PROFILE_SRC" >&2; exit 1; }
  check_agent
  if ! vpn_up; then
    echo "connect to the wb VPN first" >&2
    exit 1
  fi
  link_profile
  echo "gateways:"
  local failed=0 gw
  for gw in "${GATEWAYS[@]}"; do
    check_gateway "$gw" || failed=1
  done
  echo "deployed firmware:"
  firmware_versions
  exit "$failed"
}

main "$@"
