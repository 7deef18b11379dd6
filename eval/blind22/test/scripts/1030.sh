#!/usr/bin/env bash
#
# kafka-fixtures.sh -- Apache Kafka (KRaft, docker compose) fixtures for the
# ledger consumer tests.
#
#   kafka-fixtures.sh init             create topics from kafka/topics.conf
#   kafka-fixtures.sh load [TOPIC]     produce kafka/fixtures/<topic>.ndjson
#   kafka-fixtures.sh rewind GROUP     reset GROUP to earliest on our topics
#   kafka-fixtures.sh purge --yes      delete our topics
#   kafka-fixtures.sh describe
#
# BOOTSTRAP must be loopback; the CLI tools run inside the compose `kafka`
# container so the host needs no Kafka installation.
#
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
BOOTSTRAP=${BOOTSTRAP:-localhost:29092}
INSIDE_BOOTSTRAP=kafka:9092
TOPICS_CONF=kafka/topics.conf
FIXTURE_DIR=kafka/fixtures
SERVICE=kafka
CONFIRMED=false

info() { echo "[kafka-fixtures] $*"; }
fatal() { echo "[kafka-fixtures] $*" >&2; exit 1; }

for arg in "$@"; do
  [[ $arg == --yes ]] && CONFIRMED=true
done

loopback_check() {
  local host=${BOOTSTRAP%:*}
  case $host in
    localhost|127.0.0.1|'[::1]') ;;
    *) fatal "BOOTSTRAP=$BOOTSTRAP is not a loopback address; this script is for the local container only" ;;
  esac
}

kexec() {
  # run a Kafka CLI tool inside the compose container
  docker compose exec -T "$SERVICE" "$@"
}

ktopics() {
  kexec /opt/kafka/bin/kafka-topics.sh --bootstrap-server "$INSIDE_BOOTSTRAP" "$@"
}

our_topics() {
  grep -vE '^[[:space:]]*(#|$)' "$TOPICS_CONF" | awk '{print $1}'
}

wait_for_broker() {
  local i
  for i in $(seq 1 45); do
    ktopics --list >/dev/null 2>&1 && return 0
    sleep 2
  done
  fatal "broker not ready after 90s (docker compose up -d kafka?)"
}

cmd_init() {
  local name parts cfgs existing args
  existing=$(ktopics --list)
  while read -r name parts cfgs; do
    [[ -z $name || $name == \#* ]] && continue
    if grep -qx -- "$name" <<<"$existing"; then
      info "exists  $name"
      continue
    fi
    args=(--create --topic "$name" --partitions "${parts:-1}" --replication-factor 1)
    local c
    for c in ${cfgs//,/ }; do
      args+=(--config "$c")
    done
    ktopics "${args[@]}" >/dev/null && info "created $name"
  done < "$TOPICS_CONF"
}

cmd_load() {
  local only=${1:-} f topic n
  shopt -s nullglob
  for f in "$FIXTURE_DIR"/*.ndjson; do
    topic=$(basename "$f" .ndjson)
    [[ -n $only && $only != --yes && $topic != "$only" ]] && continue
    our_topics | grep -qx -- "$topic" || { info "skip $f (unknown topic)"; continue; }
    n=$(grep -c . "$f")
    # each line: key|json
    kexec /opt/kafka/bin/kafka-console-producer.sh --bootstrap-server "$INSIDE_BOOTSTRAP" \
      --topic "$topic" --property parse.key=true --property key.separator='|' < "$f"
    info "loaded $n record(s) into $topic"
  done
}

cmd_rewind() {
  local group=${1:?rewind needs a consumer group}
  [[ $group =~ ^ledger-[a-z0-9-]+$ ]] || fatal "only ledger-* test groups can be rewound here"
  local state
  state=$(kexec /opt/kafka/bin/kafka-consumer-groups.sh --bootstrap-server "$INSIDE_BOOTSTRAP" \
    --describe --group "$group" --state 2>/dev/null | awk 'NR==2 {print $4}')
  if [[ $state == Stable ]]; then
    fatal "$group has active members; stop the consumer first"
  fi
  local t
  for t in $(our_topics); do
    kexec /opt/kafka/bin/kafka-consumer-groups.sh --bootstrap-server "$INSIDE_BOOTSTRAP" \
      --group "$group" --topic "$t" --reset-offsets --to-earliest --execute >/dev/null
  done
  info "rewound $group on $(our_topics | wc -l) topic(s)"
}

cmd_purge() {
  $CONFIRMED || { info "would delete: $(our_topics | tr '\n' ' ')"; info "pass --yes to delete"; return 0; }
  local t existing
  existing=$(ktopics --list)
  for t in $(our_topics); do
    if grep -qx -- "$t" <<<"$existing"; then
      ktopics --delete --topic "$t" && info "deleted $t"
    fi
  done
}

cmd_lag() {
  # consumer lag of every ledger-* group on our topics
  local groups g
  groups=$(kexec /opt/kafka/bin/kafka-consumer-groups.sh --bootstrap-server "$INSIDE_BOOTSTRAP" --list \
    | grep -E '^ledger-' || true)
  if [[ -z $groups ]]; then
    info "no ledger-* consumer groups yet"
    return 0
  fi
  for g in $groups; do
    kexec /opt/kafka/bin/kafka-consumer-groups.sh --bootstrap-server "$INSIDE_BOOTSTRAP" \
      --describe --group "$g" 2>/dev/null \
      | awk -v g="$g" 'NR > 1 && $6 ~ /^[0-9]+$/ {lag += $6} END {printf "%-32s lag=%d\n", g, lag}'
  done
}

cmd_tail() {
  # print the last N messages of a topic (default 5) with keys
  local topic=${1:?tail needs a topic} n=${2:-5}
  our_topics | grep -qx -- "$topic" || fatal "$topic is not one of our topics"
  kexec /opt/kafka/bin/kafka-console-consumer.sh --bootstrap-server "$INSIDE_BOOTSTRAP" \
    --topic "$topic" --from-beginning --max-messages "$n" --timeout-ms 5000 \
    --property print.key=true --property key.separator=' | ' 2>/dev/null || true
}

check_compose() {
  if ! docker compose ps --services --status running 2>/dev/null | grep -qx "$SERVICE"; then
    fatal "compose service '$SERVICE' is not running; start it with: docker compose up -d $SERVICE"
  fi
}

cmd_describe() {
  local t
  for t in $(our_topics); do
    ktopics --describe --topic "$t" 2>/dev/null | head -n 1 || info "$t: missing"
  done
}

main() {
  [[ -f $TOPICS_CONF ]] || fatal "missing $TOPICS_CONF"
  command -v docker >/dev/null || fatal "docker not found"
  loopback_check
  check_compose
  wait_for_broker
  local sub=${1:-describe}
  shift || true
  case $sub in
    lag) cmd_lag ;;
    tail) cmd_tail "$@" ;;
    init) cmd_init ;;
    load) cmd_load "$@" ;;
    rewind) cmd_rewind "$@" ;;
    purge) cmd_purge ;;
    describe) cmd_describe ;;
    *) fatal "unknown command $sub" ;;
  esac
}

main "$@"
