#!/usr/bin/env bash
# Test and (re)load the project's nginx configuration in the local compose stack.
#
#   deploy/nginx/check.sh            # nginx -t against deploy/nginx in a throwaway container
#   deploy/nginx/check.sh --reload   # also reload the running "proxy" compose service
#   deploy/nginx/check.sh --host     # use a locally installed nginx with -p (prefix) instead
#
# The throwaway container mounts deploy/nginx read-only and runs `nginx -t`;
# the reload goes to the compose service of *this* project only
# (COMPOSE_PROJECT_NAME is derived from the repository directory).
set -Eeuo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
COMPOSE=(docker compose -f "$ROOT/docker-compose.yml")
SERVICE=proxy
IMAGE=${NGINX_IMAGE:-nginx:1.27-alpine}
MODE=container
RELOAD=0
TMPDIR_CREATED=""

log()  { printf '\033[36m[nginx-check]\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[31m[nginx-check] %s\033[0m\n' "$*" >&2; exit 1; }

cleanup() {
  if [[ -n "$TMPDIR_CREATED" && -d "$TMPDIR_CREATED" ]]; then
    rm -rf "$TMPDIR_CREATED"
  fi
}
trap cleanup EXIT

for arg in "$@"; do
  case "$arg" in
    --reload) RELOAD=1 ;;
    --host) MODE=host ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

[[ -f "$HERE/nginx.conf" ]] || die "missing deploy/nginx/nginx.conf"

lint_static() {
  local problems=0 f
  for f in "$HERE"/nginx.conf "$HERE"/conf.d/*.conf; do
    [[ -e "$f" ]] || continue
    if grep -nE '^\s*autoindex\s+on' "$f"; then
      log "autoindex enabled in ${f#"$ROOT"/}"
      problems=$((problems + 1))
    fi
    if grep -nE '^\s*server_tokens\s+on' "$f"; then
      log "server_tokens on in ${f#"$ROOT"/}"
      problems=$((problems + 1))
    fi
    if grep -nE 'proxy_pass\s+https?://[0-9]' "$f" | grep -vE '127\.0\.0\.1|10\.|172\.(1[6-9]|2[0-9]|3[01])\.|192\.168\.'; then
      log "proxy_pass to a public IP literal in ${f#"$ROOT"/}"
      problems=$((problems + 1))
    fi
    if ! grep -q 'client_max_body_size' "$f" && [[ "$f" == */conf.d/* ]]; then
      log "note: ${f#"$ROOT"/} relies on the default client_max_body_size (1m)"
    fi
  done
  return $problems
}

prepare_certs() {
  # the config references certs that only exist in the deployed stack; generate
  # throwaway self-signed ones so `nginx -t` can load the files
  TMPDIR_CREATED=$(mktemp -d "${TMPDIR:-/tmp}/nginx-check.XXXXXX")
  mkdir -p "$TMPDIR_CREATED/certs"
  openssl req -x509 -newkey rsa:2048 -nodes -days 1 \
    -subj "/CN=check.localhost" \
    -keyout "$TMPDIR_CREATED/certs/server.key" \
    -out "$TMPDIR_CREATED/certs/server.crt" >/dev/null 2>&1
  log "temporary test certificate in $TMPDIR_CREATED/certs"
}

test_in_container() {
  command -v docker >/dev/null || die "docker not available; try --host"
  prepare_certs
  log "nginx -t in $IMAGE"
  docker run --rm --network none \
    -v "$HERE:/etc/nginx:ro" \
    -v "$TMPDIR_CREATED/certs:/etc/nginx/certs:ro" \
    "$IMAGE" nginx -t 2>&1 | sed 's/^/    /'
  return "${PIPESTATUS[0]}"
}

test_on_host() {
  command -v nginx >/dev/null || die "nginx not installed locally"
  prepare_certs
  local prefix="$TMPDIR_CREATED/prefix"
  mkdir -p "$prefix/logs"
  cp -r "$HERE/." "$prefix/"
  cp -r "$TMPDIR_CREATED/certs" "$prefix/certs"
  log "nginx -t -p $prefix"
  nginx -t -p "$prefix/" -c nginx.conf -g "pid $prefix/nginx.pid; error_log $prefix/logs/error.log;" 2>&1 \
    | sed 's/^/    /'
  return "${PIPESTATUS[0]}"
}

service_running() {
  [[ -n "$("${COMPOSE[@]}" ps --status running -q "$SERVICE" 2>/dev/null)" ]]
}

reload_service() {
  service_running || die "compose service '$SERVICE' is not running (docker compose up -d $SERVICE)"
  log "validating inside the running $SERVICE container"
  "${COMPOSE[@]}" exec -T "$SERVICE" nginx -t
  log "reloading $SERVICE"
  "${COMPOSE[@]}" exec -T "$SERVICE" nginx -s reload
  sleep 1
  local code
  code=$(curl -s -o /dev/null -w '%{http_code}' http://localhost:8088/healthz || echo 000)
  if [[ "$code" != 200 ]]; then
    log "health check after reload returned $code; recent logs:"
    "${COMPOSE[@]}" logs --tail=30 "$SERVICE" >&2
    exit 1
  fi
  log "reload ok (healthz 200)"
}

dump_effective_config() {
  # `nginx -T` prints the fully included configuration; keep it next to the
  # build outputs so reviewers can diff what actually changed
  local out="$ROOT/build/nginx"
  mkdir -p "$out"
  if [[ "$MODE" == host ]]; then
    nginx -T -p "$TMPDIR_CREATED/prefix/" -c nginx.conf \
      -g "pid $TMPDIR_CREATED/prefix/nginx.pid; error_log $TMPDIR_CREATED/prefix/logs/error.log;" \
      > "$out/effective.conf" 2>/dev/null || return 0
  else
    docker run --rm --network none \
      -v "$HERE:/etc/nginx:ro" \
      -v "$TMPDIR_CREATED/certs:/etc/nginx/certs:ro" \
      "$IMAGE" nginx -T > "$out/effective.conf" 2>/dev/null || return 0
  fi
  if [[ -f "$out/effective.prev.conf" ]]; then
    if diff -u "$out/effective.prev.conf" "$out/effective.conf" > "$out/effective.diff"; then
      log "effective configuration unchanged since last check"
    else
      log "effective configuration changed ($(grep -c '^[-+][^-+]' "$out/effective.diff") lines); see build/nginx/effective.diff"
    fi
  fi
  cp "$out/effective.conf" "$out/effective.prev.conf"
}

list_server_names() {
  local f
  for f in "$HERE"/conf.d/*.conf; do
    [[ -e "$f" ]] || continue
    awk -v file="${f#"$ROOT"/}" '
      /^[[:space:]]*server_name/ {
        gsub(/;/, "")
        for (i = 2; i <= NF; i++) printf "  %-40s %s\n", $i, file
      }' "$f"
  done
}

if ! command -v openssl >/dev/null; then
  die "openssl is needed to generate the temporary test certificate"
fi
if [[ "$MODE" == container ]] && ! docker info >/dev/null 2>&1; then
  die "docker daemon not reachable; start it or use --host"
fi

status=0
log "server names:"
list_server_names >&2
lint_static || { log "static lint found problems"; status=1; }
if [[ "$MODE" == host ]]; then
  test_on_host || status=1
else
  test_in_container || status=1
fi
if [[ $status -ne 0 ]]; then
  die "configuration check failed"
fi
log "configuration OK"
dump_effective_config
if [[ $RELOAD -eq 1 ]]; then
  reload_service
fi
