#!/usr/bin/env bash
# certs/renew-local.sh - renew the step-ca issued certificate used by the local
# HTTPS reverse proxy (caddy in docker compose) and reload it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CERT="${ROOT}/certs/proxy.crt"
KEY="${ROOT}/certs/proxy.key"
CA_URL="${STEP_CA_URL:-https://ca.dev.internal:9000}"
ROOT_CA="${ROOT}/certs/root_ca.crt"
NAME="proxy.shop.localhost"

log() { echo "[renew] $(date +%H:%M:%S) $*"; }

needs_renewal() {
  [[ -f "$CERT" ]] || return 0
  step certificate needs-renewal "$CERT" --expires-in 24h >/dev/null 2>&1
}

issue() {
  step ca certificate "$NAME" "$CERT" "$KEY" \
    --ca-url "$CA_URL" --root "$ROOT_CA" \
    --provisioner dev-acme --not-after 72h --force
}

renew() {
  step ca renew "$CERT" "$KEY" --ca-url "$CA_URL" --root "$ROOT_CA" --force
}

reload_proxy() {
  docker compose -f "${ROOT}/docker-compose.yml" exec -T proxy caddy reload \
    --config /etc/caddy/Caddyfile >/dev/null 2>&1 || log "proxy not running; skipped reload"
}

schedule() {
  local line="17 */4 * * * cd ${ROOT} && ${ROOT}/certs/renew-local.sh --quiet >/dev/null 2>&1"
  {
    crontab -l 2>/dev/null | grep -vF "certs/renew-local.sh" || true
    echo "$line"
  } | crontab -
}

main() {
  local quiet=0
  [[ "${1:-}" == "--quiet" ]] && quiet=1
  [[ -f "$ROOT_CA" ]] || { log "missing certs/root_ca.crt (run make bootstrap-ca)"; exit 1; }
  if [[ ! -f "$CERT" ]]; then
    issue
    log "issued ${NAME}"
  elif needs_renewal; then
    renew
    log "renewed ${NAME}"
  else
    (( quiet )) || log "certificate still valid"
  fi
  reload_proxy
  schedule
  (( quiet )) || step certificate inspect "$CERT" --short
}

main "$@"
