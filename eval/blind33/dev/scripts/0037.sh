#!/usr/bin/env bash
# Network fault-injection lab for the integration tests.
#
# Creates an isolated network namespace "chaoslab" connected to the host by a
# veth pair (veth-chaos0 <-> veth-chaos1), runs the service under test inside
# the namespace and applies tc netem profiles ONLY to veth-chaos0, which this
# script creates and deletes itself. The developer's real interfaces are never
# touched: every tc/ip call goes through netem_dev(), which refuses any device
# that is not ours.
#
#   sudo -E tests/chaos/netlab.sh up
#   sudo -E tests/chaos/netlab.sh profile lossy      # see tests/chaos/profiles.conf
#   sudo -E tests/chaos/netlab.sh run -- pytest tests/chaos -q
#   sudo -E tests/chaos/netlab.sh down
set -Eeuo pipefail

NS=chaoslab
HOST_IF=veth-chaos0
NS_IF=veth-chaos1
HOST_ADDR=10.203.0.1/30
NS_ADDR=10.203.0.2/30
HERE=$(cd "$(dirname "$0")" && pwd)
PROFILES="$HERE/profiles.conf"
PIDFILE="$HERE/../../build/chaos/netlab.pid"

log() { printf '[netlab] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[[ $EUID -eq 0 ]] || die "needs root for ip netns/tc (run with sudo -E)"

netem_dev() {
  # the only interfaces this script is allowed to shape
  case "$1" in
    "$HOST_IF"|"$NS_IF") return 0 ;;
    *) die "refusing to touch interface '$1'" ;;
  esac
}

ns_exists() { ip netns list | awk '{print $1}' | grep -qx "$NS"; }
link_exists() { ip link show "$1" >/dev/null 2>&1; }

cmd_up() {
  if ns_exists; then
    log "namespace $NS already exists"
  else
    ip netns add "$NS"
    log "created namespace $NS"
  fi
  if ! link_exists "$HOST_IF"; then
    ip link add "$HOST_IF" type veth peer name "$NS_IF"
    ip link set "$NS_IF" netns "$NS"
    ip addr add "$HOST_ADDR" dev "$HOST_IF"
    ip link set "$HOST_IF" up
    ip netns exec "$NS" ip addr add "$NS_ADDR" dev "$NS_IF"
    ip netns exec "$NS" ip link set "$NS_IF" up
    ip netns exec "$NS" ip link set lo up
    log "veth pair $HOST_IF <-> $NS/$NS_IF ready"
  fi
  mkdir -p "$(dirname "$PIDFILE")"
}

clear_qdisc() {
  local dev=$1
  netem_dev "$dev"
  tc qdisc del dev "$dev" root 2>/dev/null || true
}

load_profile() {
  local name=$1 line
  [[ -f "$PROFILES" ]] || die "missing $PROFILES"
  line=$(awk -v n="$name" -F'\t' '$1 == n {print $2}' "$PROFILES")
  [[ -n "$line" ]] || die "no profile '$name' in $(basename "$PROFILES")"
  printf '%s' "$line"
}

validate_netem_args() {
  # only netem keywords and numbers/units; no shell metacharacters
  local args=$1
  [[ "$args" =~ ^[a-z0-9.%\ ]+$ ]] || die "profile contains unexpected characters: $args"
}

cmd_profile() {
  local name=${1:?profile name}
  local args
  args=$(load_profile "$name")
  validate_netem_args "$args"
  clear_qdisc "$HOST_IF"
  netem_dev "$HOST_IF"
  # shellcheck disable=SC2086  # word splitting of the validated netem args is intended
  tc qdisc add dev "$HOST_IF" root netem $args
  log "applied '$name' to $HOST_IF: netem $args"
  tc -s qdisc show dev "$HOST_IF" | sed 's/^/    /' >&2
}

cmd_clear() {
  clear_qdisc "$HOST_IF"
  log "cleared qdisc on $HOST_IF"
}

cmd_serve() {
  # start the service under test inside the namespace; remember its pid
  local cmd=("$@")
  [[ ${#cmd[@]} -gt 0 ]] || cmd=(python3 -m tests.chaos.echo_server --host 10.203.0.2 --port 7000)
  ip netns exec "$NS" sudo -u "${SUDO_USER:-nobody}" "${cmd[@]}" &
  echo $! > "$PIDFILE"
  log "service running in $NS (pid $(cat "$PIDFILE"))"
}

stop_service() {
  [[ -f "$PIDFILE" ]] || return 0
  local pid
  pid=$(cat "$PIDFILE")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in 1 2 3 4 5; do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.5
    done
    kill -9 "$pid" 2>/dev/null || true
    log "stopped service pid $pid"
  fi
  rm -f "$PIDFILE"
}

cmd_run() {
  [[ ${1:-} == -- ]] && shift
  [[ $# -gt 0 ]] || die "run needs a command after --"
  CHAOS_TARGET=10.203.0.2 sudo -E -u "${SUDO_USER:-nobody}" "$@"
}

cmd_down() {
  stop_service
  if link_exists "$HOST_IF"; then
    clear_qdisc "$HOST_IF"
    ip link del "$HOST_IF"
    log "deleted $HOST_IF"
  fi
  if ns_exists; then
    ip netns del "$NS"
    log "deleted namespace $NS"
  fi
}

cmd_measure() {
  # quick sanity check that the active profile does what it says:
  # ping the namespace end through the shaped interface and report loss/rtt
  local count=${1:-20}
  [[ "$count" =~ ^[0-9]+$ ]] || die "count must be a number"
  link_exists "$HOST_IF" || die "$HOST_IF does not exist; run 'up' first"
  log "pinging ${NS_ADDR%/*} $count times via $HOST_IF"
  local out
  out=$(ping -n -q -c "$count" -i 0.2 -I "$HOST_IF" "${NS_ADDR%/*}" 2>&1 || true)
  printf '%s\n' "$out" | tail -n 2 >&2
  local loss
  loss=$(grep -oE '[0-9.]+% packet loss' <<< "$out" | cut -d% -f1)
  log "measured loss: ${loss:-unknown}%"
}

cmd_status() {
  ns_exists && log "namespace: $NS" || log "namespace: absent"
  if link_exists "$HOST_IF"; then
    ip -br addr show "$HOST_IF" >&2
    tc qdisc show dev "$HOST_IF" >&2
  fi
  [[ -f "$PIDFILE" ]] && log "service pid: $(cat "$PIDFILE")"
  return 0
}

sub=${1:-status}
shift || true
case "$sub" in
  up) cmd_up ;;
  profile) cmd_profile "$@" ;;
  clear) cmd_clear ;;
  serve) cmd_serve "$@" ;;
  run) cmd_run "$@" ;;
  measure) cmd_measure "$@" ;;
  down) cmd_down ;;
  status) cmd_status ;;
  *) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
