#!/usr/bin/env bash
# net/fwlab.sh - firewall rule tests inside throwaway network namespaces.
#
# Creates two namespaces (fwlab-client, fwlab-server) joined by a veth pair,
# loads deploy/nftables/edge.nft INTO THE SERVER NAMESPACE ONLY, and probes it
# with nc/curl from the client namespace. The host's own ruleset is never read
# or modified: every nft/iptables call goes through `ip netns exec fwlab-*`,
# and `flush ruleset` is only ever issued inside fwlab-server.
#
#   sudo net/fwlab.sh up       create namespaces + load rules
#   sudo net/fwlab.sh test     run the probe matrix from net/fwlab.cases
#   sudo net/fwlab.sh down     delete both namespaces (and the veth with them)
#
# net/fwlab.cases format (one probe per line):
#   <port> <open|closed> [comment]
# e.g.
#   22   closed  ssh must not be reachable from the edge network
#   443  open    public TLS listener
#
# Notes:
#   * the veth pair lives entirely inside the two namespaces once moved, so the
#     host's interfaces, routes and firewall are not involved at all
#   * `ip netns delete` removes the namespace's ruleset together with it
#   * socat listeners run inside fwlab-server and are tracked in LISTENER_PIDS
set -euo pipefail

readonly NS_C="fwlab-client"
readonly NS_S="fwlab-server"
readonly VETH_C="fwl-c0"
readonly VETH_S="fwl-s0"
readonly NET_C="10.203.0.2/30"
readonly NET_S="10.203.0.1/30"
readonly IP_S="10.203.0.1"
readonly HERE="$(cd "$(dirname "$0")" && pwd)"
readonly REPO="$(dirname "$HERE")"
readonly RULES="${REPO}/deploy/nftables/edge.nft"
readonly CASES="${HERE}/fwlab.cases"
LISTENER_PIDS=()

# all output goes through these two helpers so CI logs are easy to grep
die() { echo "fwlab: $*" >&2; exit 1; }
say() { echo "fwlab: $*"; }

[[ $EUID -eq 0 ]] || die "run with sudo (namespaces need CAP_NET_ADMIN)"
command -v nft >/dev/null || die "nft not installed"

in_server() { ip netns exec "$NS_S" "$@"; }
in_client() { ip netns exec "$NS_C" "$@"; }

ns_exists() { ip netns list | awk '{print $1}' | grep -qx "$1"; }

assert_lab_ns() {
  # refuse to run nft anywhere except our own server namespace
  local target="$1"
  [[ "$target" == "$NS_S" ]] || die "refusing to touch rules outside ${NS_S}"
  ns_exists "$target" || die "namespace ${target} does not exist"
}

stop_listeners() {
  local pid
  for pid in "${LISTENER_PIDS[@]:-}"; do
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  done
  LISTENER_PIDS=()
}
trap stop_listeners EXIT

cmd_up() {
  if ns_exists "$NS_S" || ns_exists "$NS_C"; then
    say "namespaces already exist; run down first for a clean lab"
    return 0
  fi
  ip netns add "$NS_S"
  ip netns add "$NS_C"
  ip link add "$VETH_C" type veth peer name "$VETH_S"
  ip link set "$VETH_C" netns "$NS_C"
  ip link set "$VETH_S" netns "$NS_S"
  in_client ip addr add "$NET_C" dev "$VETH_C"
  in_server ip addr add "$NET_S" dev "$VETH_S"
  in_client ip link set lo up
  in_server ip link set lo up
  in_client ip link set "$VETH_C" up
  in_server ip link set "$VETH_S" up
  load_rules
  say "lab up: client ${NET_C%/*} -> server ${IP_S}"
}

load_rules() {
  assert_lab_ns "$NS_S"
  [[ -f "$RULES" ]] || die "missing ${RULES#"$REPO"/}"
  nft -c -f "$RULES" || die "ruleset does not parse"
  # flush only the namespace's (initially empty) ruleset, then load ours
  in_server nft flush ruleset
  in_server nft -f "$RULES"
  say "loaded $(in_server nft list ruleset | grep -c 'dport') port rules into ${NS_S}"
}

start_listeners() {
  local port
  for port in 22 80 443 5432 6379 9100; do
    in_server socat "TCP-LISTEN:${port},bind=${IP_S},reuseaddr,fork" SYSTEM:'echo ok' &
    LISTENER_PIDS+=($!)
  done
  sleep 0.5
}

probe() {
  local port="$1"
  if in_client timeout 2 bash -c "exec 3<>/dev/tcp/${IP_S}/${port}" 2>/dev/null; then
    echo open
  else
    echo closed
  fi
}

cmd_test() {
  ns_exists "$NS_S" || die "lab not up"
  [[ -f "$CASES" ]] || die "missing ${CASES#"$REPO"/}"
  start_listeners
  local port want got failures=0 total=0
  while read -r port want _; do
    [[ -z "$port" || "$port" == \#* ]] && continue
    total=$((total + 1))
    got="$(probe "$port")"
    if [[ "$got" == "$want" ]]; then
      printf 'ok    %-6s %s\n' "$port" "$got"
    else
      printf 'FAIL  %-6s expected %s, got %s\n' "$port" "$want" "$got"
      failures=$((failures + 1))
    fi
  done <"$CASES"
  stop_listeners
  say "${total} cases, ${failures} failures"
  in_server nft list counters 2>/dev/null | sed 's/^/  /' || true
  return "$failures"
}

cmd_trace() {
  # nft monitor trace inside the server namespace, for debugging a single probe
  local port="${1:-}"
  [[ "$port" =~ ^[0-9]+$ ]] || die "usage: fwlab.sh trace PORT"
  ns_exists "$NS_S" || die "lab not up"
  in_server nft add table inet fwtrace
  in_server nft add chain inet fwtrace pre '{ type filter hook prerouting priority -350; }'
  in_server nft add rule inet fwtrace pre tcp dport "$port" meta nftrace set 1
  ( sleep 1; probe "$port" >/dev/null ) &
  in_server timeout 4 nft monitor trace || true
  in_server nft delete table inet fwtrace
}

cmd_reload() {
  ns_exists "$NS_S" || die "lab not up"
  load_rules
}

cmd_down() {
  local ns
  for ns in "$NS_C" "$NS_S"; do
    if ns_exists "$ns"; then
      ip netns pids "$ns" | xargs -r kill 2>/dev/null || true
      ip netns delete "$ns"
      say "deleted namespace ${ns}"
    fi
  done
}

cmd_show() {
  ns_exists "$NS_S" || die "lab not up"
  in_server nft list ruleset
}

case "${1:-}" in
  up) cmd_up ;;
  test) cmd_test ;;
  reload) cmd_reload ;;
  show) cmd_show ;;
  trace) cmd_trace "${2:-}" ;;
  down) cmd_down ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
