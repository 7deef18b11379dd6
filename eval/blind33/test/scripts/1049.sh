#!/usr/bin/env bash
#
# vrrp-lab.sh - keepalived + HAProxy failover lab in network namespaces
#
# Builds two namespaces (lb-a, lb-b) connected through a bridge "vrrplab0" that
# this script creates, starts keepalived and HAProxy inside each namespace with
# the configs from ops/lb/lab/, and lets you fail over the virtual IP
# 10.250.0.100 by stopping keepalived in the MASTER namespace.
#
# All addresses are in 10.250.0.0/24, all links and namespaces are created and
# removed by this script; nothing on the host's real interfaces changes. The
# processes started here are tracked in build/vrrp-lab/*.pid and are the only
# ones ever signalled.
#
# usage (needs root for ip netns):
#   sudo -E ops/lb/vrrp-lab.sh up | failover | status | down

set -Eeuo pipefail

lab_dir="$(cd "$(dirname "$0")" && pwd)/lab"
state_dir="$(cd "$(dirname "$0")/../.." && pwd)/build/vrrp-lab"
bridge="vrrplab0"
vip="10.250.0.100"
declare -A addr=([lb-a]=10.250.0.11 [lb-b]=10.250.0.12)

info() { echo "vrrp-lab: $*"; }
fatal() { echo "vrrp-lab: $*" >&2; exit 1; }

[[ $EUID -eq 0 ]] || fatal "run with sudo -E (ip netns needs root)"
for t in ip keepalived haproxy; do
  command -v "$t" >/dev/null || fatal "$t is not installed"
done

ns_exists() { ip netns list | awk '{print $1}' | grep -qx "$1"; }
in_ns() { local ns="$1"; shift; ip netns exec "$ns" "$@"; }

pidfile() { printf '%s/%s-%s.pid\n' "$state_dir" "$1" "$2"; }

start_daemon() {
  local ns="$1" name="$2"; shift 2
  local pf
  pf="$(pidfile "$ns" "$name")"
  if [[ -f "$pf" ]] && kill -0 "$(cat "$pf")" 2>/dev/null; then
    info "$name already running in $ns"
    return 0
  fi
  in_ns "$ns" "$@" &
  echo $! > "$pf"
  info "started $name in $ns (pid $(cat "$pf"))"
}

stop_daemon() {
  local ns="$1" name="$2" pf pid
  pf="$(pidfile "$ns" "$name")"
  [[ -f "$pf" ]] || return 0
  pid="$(cat "$pf")"
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in 1 2 3 4 5 6; do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
    info "stopped $name in $ns (pid $pid)"
  fi
  rm -f "$pf"
}

check_configs() {
  local ns
  for ns in lb-a lb-b; do
    [[ -f "$lab_dir/keepalived-$ns.conf" ]] || fatal "missing keepalived-$ns.conf"
    haproxy -c -q -f "$lab_dir/haproxy.cfg" || fatal "haproxy.cfg does not validate"
    keepalived --config-test -f "$lab_dir/keepalived-$ns.conf" 2>/dev/null \
      || fatal "keepalived-$ns.conf does not validate"
  done
  grep -q "$vip" "$lab_dir/keepalived-lb-a.conf" || fatal "VIP $vip not configured in keepalived-lb-a.conf"
}

net_up() {
  if ! ip link show "$bridge" >/dev/null 2>&1; then
    ip link add "$bridge" type bridge
    ip link set "$bridge" up
  fi
  local ns peer
  for ns in lb-a lb-b; do
    ns_exists "$ns" || ip netns add "$ns"
    peer="v-${ns}"
    if ! ip link show "$peer" >/dev/null 2>&1; then
      ip link add "$peer" type veth peer name eth0 netns "$ns"
      ip link set "$peer" master "$bridge" up
      in_ns "$ns" ip addr add "${addr[$ns]}/24" dev eth0
      in_ns "$ns" ip link set eth0 up
      in_ns "$ns" ip link set lo up
    fi
  done
  info "bridge $bridge with lb-a (${addr[lb-a]}) and lb-b (${addr[lb-b]})"
}

cmd_up() {
  check_configs
  mkdir -p "$state_dir"
  net_up
  local ns
  for ns in lb-a lb-b; do
    start_daemon "$ns" haproxy haproxy -db -f "$lab_dir/haproxy.cfg"
    start_daemon "$ns" keepalived keepalived -n -l -D -f "$lab_dir/keepalived-$ns.conf" \
      -p "$state_dir/$ns-keepalived.vrrp.pid" -r "$state_dir/$ns-keepalived.vrrp2.pid"
  done
  sleep 3
  cmd_status
}

vip_owner() {
  local ns
  for ns in lb-a lb-b; do
    if in_ns "$ns" ip -4 addr show dev eth0 | grep -q " $vip/"; then
      printf '%s\n' "$ns"
      return 0
    fi
  done
  printf 'nobody\n'
}

cmd_status() {
  local ns pf
  info "VIP $vip held by: $(vip_owner)"
  for ns in lb-a lb-b; do
    for pf in "$state_dir/$ns"-haproxy.pid "$state_dir/$ns"-keepalived.pid; do
      [[ -f "$pf" ]] || continue
      if kill -0 "$(cat "$pf")" 2>/dev/null; then
        info "  $(basename "$pf" .pid): running"
      else
        info "  $(basename "$pf" .pid): dead"
      fi
    done
  done
}

cmd_failover() {
  local owner
  owner="$(vip_owner)"
  [[ "$owner" != nobody ]] || fatal "no namespace holds the VIP; is the lab up?"
  info "stopping keepalived in $owner to force a failover"
  stop_daemon "$owner" keepalived
  local i
  for i in $(seq 1 20); do
    sleep 0.5
    [[ "$(vip_owner)" != "$owner" && "$(vip_owner)" != nobody ]] && break
  done
  info "VIP now held by: $(vip_owner) (after ~$((i / 2))s)"
  info "restart with: sudo -E $0 up"
}

cmd_down() {
  local ns
  for ns in lb-a lb-b; do
    stop_daemon "$ns" keepalived
    stop_daemon "$ns" haproxy
    ns_exists "$ns" && ip netns del "$ns"
    ip link del "v-$ns" 2>/dev/null || true
  done
  ip link show "$bridge" >/dev/null 2>&1 && ip link del "$bridge"
  info "lab removed"
}

cmd_curl() {
  # request the VIP from a third namespace-free vantage point: the host side of the bridge
  if ! ip addr show "$bridge" | grep -q '10.250.0.1/'; then
    ip addr add 10.250.0.1/24 dev "$bridge"
  fi
  local i
  for i in 1 2 3 4 5; do
    curl -s -o /dev/null -w "request $i -> %{http_code} in %{time_total}s\n" --max-time 2 "http://$vip/" || true
  done
}

case "${1:-status}" in
  up) cmd_up ;;
  curl) cmd_curl ;;
  failover) cmd_failover ;;
  status) cmd_status ;;
  down) cmd_down ;;
  *) echo "usage: sudo -E $0 up|failover|status|down" >&2; exit 2 ;;
esac
