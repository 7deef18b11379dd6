#!/usr/bin/env bash
# tools/port-forwards.sh - keep the kind cluster's services reachable on
# localhost (api 8000, grafana 3000, mailpit 8025) while developing.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CTX="kind-tidepool-e2e"
NS="tidepool"
declare -A FORWARDS=([svc/tidepool-api]=8000:80 [svc/grafana]=3000:3000 [svc/mailpit]=8025:8025)
PIDS=()

log() { echo "[forwards] $*"; }

start_forwards() {
  local target
  for target in "${!FORWARDS[@]}"; do
    kubectl --context "$CTX" -n "$NS" port-forward --address 127.0.0.1 "$target" "${FORWARDS[$target]}" \
      >/dev/null 2>&1 &
    PIDS+=($!)
    log "${target} -> 127.0.0.1:${FORWARDS[$target]%%:*}"
  done
}

stop_forwards() {
  local pid
  for pid in "${PIDS[@]:-}"; do
    [[ -n "$pid" ]] && kill "$pid" 2>/dev/null || true
  done
}

install_user_service() {
  local unit_dir="${XDG_CONFIG_HOME:-$HOME/.config}/systemd/user"
  mkdir -p "$unit_dir"
  cat >"${unit_dir}/tidepool-forwards.service" <<EOF
[Unit]
Description=tidepool kind port-forwards
After=default.target

[Service]
ExecStart=${ROOT}/tools/port-forwards.sh --foreground
Restart=always
RestartSec=5

[Install]
WantedBy=default.target
EOF
  systemctl --user daemon-reload
  systemctl --user enable --now tidepool-forwards.service >/dev/null 2>&1 || true
}

main() {
  kubectl config get-contexts -o name | grep -qx "$CTX" || { log "no ${CTX} context"; exit 1; }
  if [[ "${1:-}" != "--foreground" ]]; then
    install_user_service
  fi
  trap stop_forwards EXIT
  start_forwards
  log "forwarding; Ctrl-C to stop"
  wait
}

main "$@"
