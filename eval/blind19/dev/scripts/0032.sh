#!/usr/bin/env bash
# dev/queues.sh - declare the local RabbitMQ and NATS topology for development.
#
#   dev/queues.sh up        start containers (compose) and declare everything
#   dev/queues.sh reset     delete and re-declare OUR vhost/streams (local only)
#   dev/queues.sh status    show queues and streams
#
# Topology lives in dev/topology/*.json (RabbitMQ definitions) and
# dev/topology/streams.txt (NATS JetStream). Both brokers are the compose
# services on localhost; the admin password is the compose default.
set -euo pipefail
shopt -s nullglob

cd "$(dirname "$0")/.."

RABBIT_HOST="${RABBIT_HOST:-localhost}"
RABBIT_PORT="${RABBIT_PORT:-15672}"
RABBIT_USER="${RABBIT_USER:-guest}"
RABBIT_PASS="${RABBIT_PASS:-guest}"
VHOST="orders-dev"
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
TOPOLOGY_DIR="dev/topology"

die() { echo "queues.sh: $*" >&2; exit 1; }
hr() { printf '%*s\n' 60 '' | tr ' ' -; }

assert_local() {
  case "$RABBIT_HOST" in
    localhost|127.0.0.1) ;;
    *) die "RABBIT_HOST=$RABBIT_HOST; reset only works against the local broker" ;;
  esac
  case "$NATS_URL" in
    nats://127.0.0.1:*|nats://localhost:*) ;;
    *) die "NATS_URL=$NATS_URL; reset only works against the local server" ;;
  esac
}

rmq() {
  rabbitmqadmin --host="$RABBIT_HOST" --port="$RABBIT_PORT" \
    --username="$RABBIT_USER" --password="$RABBIT_PASS" "$@"
}

rmq_api() {
  local method="$1" path="$2"; shift 2
  curl -fsS -u "$RABBIT_USER:$RABBIT_PASS" -X "$method" \
    -H 'content-type: application/json' \
    "http://$RABBIT_HOST:$RABBIT_PORT/api$path" "$@"
}

wait_for() {
  local name="$1" probe="$2" i
  for i in $(seq 1 60); do
    if eval "$probe" >/dev/null 2>&1; then
      echo "$name is up"
      return 0
    fi
    sleep 1
  done
  die "$name did not come up"
}

start_brokers() {
  docker compose up -d rabbitmq nats
  wait_for rabbitmq "rmq_api GET /overview"
  wait_for nats "nats --server '$NATS_URL' server check connection"
}

declare_vhost() {
  rmq_api PUT "/vhosts/$VHOST" -d '{"description":"orders service (dev)"}' >/dev/null
  rmq_api PUT "/permissions/$VHOST/$RABBIT_USER" \
    -d '{"configure":".*","write":".*","read":".*"}' >/dev/null
}

load_definitions() {
  local file
  for file in "$TOPOLOGY_DIR"/*.json; do
    echo "loading $(basename "$file")"
    jq --arg vhost "$VHOST" '
      .queues    |= map(.vhost = $vhost) |
      .exchanges |= map(.vhost = $vhost) |
      .bindings  |= map(.vhost = $vhost)
    ' "$file" > ".cache/queues-$(basename "$file")"
    rmq_api POST "/definitions/$VHOST" --data-binary "@.cache/queues-$(basename "$file")" >/dev/null
  done
}

declare_streams() {
  local line name subjects retention
  [[ -f "$TOPOLOGY_DIR/streams.txt" ]] || return 0
  while read -r name subjects retention; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if nats --server "$NATS_URL" stream info "$name" >/dev/null 2>&1; then
      echo "stream $name exists"
      continue
    fi
    nats --server "$NATS_URL" stream add "$name" \
      --subjects "$subjects" --retention "${retention:-limits}" \
      --storage file --replicas 1 --max-age 24h --discard old \
      --defaults >/dev/null
    echo "stream $name created"
  done < "$TOPOLOGY_DIR/streams.txt"
}

reset_rabbit() {
  echo "deleting vhost $VHOST"
  rmq_api DELETE "/vhosts/$VHOST" >/dev/null 2>&1 || true
}

reset_streams() {
  local name
  while read -r name _; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    nats --server "$NATS_URL" stream rm "$name" -f >/dev/null 2>&1 && echo "stream $name removed" || true
  done < "$TOPOLOGY_DIR/streams.txt"
}

status() {
  hr
  echo "RabbitMQ vhost $VHOST"
  rmq --vhost="$VHOST" list queues name messages consumers 2>/dev/null || echo "(vhost missing)"
  hr
  echo "NATS streams"
  nats --server "$NATS_URL" stream ls 2>/dev/null || echo "(nats not reachable)"
  hr
}

publish_samples() {
  local file="dev/fixtures/order-created.json"
  [[ -f "$file" ]] || return 0
  rmq --vhost="$VHOST" publish exchange=orders routing_key=order.created payload="$(jq -c . "$file")" >/dev/null
  nats --server "$NATS_URL" pub orders.created "$(jq -c . "$file")" >/dev/null
  echo "published sample order"
}

purge_dead_letters() {
  # dead-letter queues fill up during local chaos tests; purge ours only
  local q
  for q in $(rmq --vhost="$VHOST" -f tsv -q list queues name 2>/dev/null); do
    case "$q" in
      *.dlq|*.dead)
        rmq --vhost="$VHOST" purge queue name="$q" >/dev/null
        echo "purged $q"
        ;;
    esac
  done
}

export_definitions() {
  # snapshot of what is declared, to diff against dev/topology when it drifts
  local out=".cache/definitions-$(date +%Y%m%d).json"
  rmq_api GET "/definitions/$VHOST" | jq -S . > "$out"
  echo "exported to $out"
}

main() {
  mkdir -p .cache
  local cmd="${1:-up}"
  case "$cmd" in
    up)
      start_brokers
      declare_vhost
      load_definitions
      declare_streams
      publish_samples
      status
      ;;
    reset)
      assert_local
      reset_rabbit
      reset_streams
      declare_vhost
      load_definitions
      declare_streams
      status
      ;;
    status) status ;;
    purge-dlq) assert_local; purge_dead_letters ;;
    export) export_definitions ;;
    -h|--help) sed -n '2,11p' "$0" ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
