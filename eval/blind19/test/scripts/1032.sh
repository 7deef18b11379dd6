#!/usr/bin/env bash
# dev/kafka.sh - manage the local Kafka (KRaft, docker compose) for the payments service.
#
#   dev/kafka.sh up                 start the broker and create topics from dev/topics.txt
#   dev/kafka.sh reset [TOPIC...]   delete + recreate topics (LOCAL broker only)
#   dev/kafka.sh seed               produce fixtures from dev/fixtures/<topic>.jsonl with kcat
#   dev/kafka.sh tail TOPIC         consume from the beginning, pretty-printing JSON
#   dev/kafka.sh lag GROUP          consumer lag of a group
#
# The bootstrap address comes from KAFKA_BOOTSTRAP (default 127.0.0.1:29092).
set -euo pipefail

cd "$(dirname "$0")/.."

BOOTSTRAP="${KAFKA_BOOTSTRAP:-127.0.0.1:29092}"
TOPICS_FILE="dev/topics.txt"
FIXTURE_DIR="dev/fixtures"
COMPOSE_SERVICE="kafka"
KCAT="$(command -v kcat || command -v kafkacat || true)"

say() { printf '[kafka] %s\n' "$*"; }
die() { printf '[kafka] %s\n' "$*" >&2; exit 1; }

broker_hosts() {
  tr ',' '\n' <<<"$BOOTSTRAP" | sed 's/:[0-9]*$//'
}

require_local_broker() {
  local h
  while read -r h; do
    case "$h" in
      127.0.0.1|localhost|kafka) ;;
      *) die "refusing: $h is not the local broker (KAFKA_BOOTSTRAP=$BOOTSTRAP)" ;;
    esac
  done < <(broker_hosts)
}

topics_cli() {
  if command -v kafka-topics >/dev/null 2>&1; then
    kafka-topics --bootstrap-server "$BOOTSTRAP" "$@"
  else
    docker compose exec -T "$COMPOSE_SERVICE" /opt/kafka/bin/kafka-topics.sh \
      --bootstrap-server localhost:9092 "$@"
  fi
}

groups_cli() {
  if command -v kafka-consumer-groups >/dev/null 2>&1; then
    kafka-consumer-groups --bootstrap-server "$BOOTSTRAP" "$@"
  else
    docker compose exec -T "$COMPOSE_SERVICE" /opt/kafka/bin/kafka-consumer-groups.sh \
      --bootstrap-server localhost:9092 "$@"
  fi
}

wait_broker() {
  local n
  for n in $(seq 1 45); do
    if topics_cli --list >/dev/null 2>&1; then
      say "broker ready"
      return 0
    fi
    sleep 2
  done
  die "broker did not become ready; docker compose logs $COMPOSE_SERVICE"
}

read_topics() {
  # format: name partitions retention_ms
  grep -v '^[[:space:]]*\(#\|$\)' "$TOPICS_FILE"
}

create_topics() {
  local name parts retention
  while read -r name parts retention; do
    topics_cli --create --if-not-exists --topic "$name" \
      --partitions "${parts:-3}" --replication-factor 1 \
      --config "retention.ms=${retention:-604800000}" >/dev/null
    say "topic $name (${parts:-3} partitions)"
  done < <(read_topics)
}

known_topic() {
  read_topics | awk '{print $1}' | grep -qx "$1"
}

reset_topics() {
  require_local_broker
  local -a selected=("$@")
  if ((${#selected[@]} == 0)); then
    mapfile -t selected < <(read_topics | awk '{print $1}')
  fi
  local t
  for t in "${selected[@]}"; do
    known_topic "$t" || die "$t is not listed in $TOPICS_FILE"
    topics_cli --delete --topic "$t" >/dev/null 2>&1 || true
    say "deleted $t"
  done
  sleep 2
  create_topics
}

seed() {
  require_local_broker
  [[ -n "$KCAT" ]] || die "kcat is required for seeding"
  local f topic count
  shopt -s nullglob
  for f in "$FIXTURE_DIR"/*.jsonl; do
    topic="$(basename "$f" .jsonl)"
    known_topic "$topic" || { say "skipping $f (unknown topic)"; continue; }
    count="$(grep -c . "$f")"
    # key is the "id" field so partitioning matches production
    jq -rc '"\(.id)\t\(.)"' "$f" | "$KCAT" -b "$BOOTSTRAP" -t "$topic" -P -K $'\t'
    say "produced $count message(s) to $topic"
  done
}

tail_topic() {
  local topic="${1:?topic}"
  [[ -n "$KCAT" ]] || die "kcat is required"
  "$KCAT" -b "$BOOTSTRAP" -t "$topic" -C -o beginning -u -f '%k\t%s\n' | while IFS=$'\t' read -r key value; do
    printf '\033[33m%s\033[0m ' "$key"
    jq -c . <<<"$value" 2>/dev/null || printf '%s\n' "$value"
  done
}

lag() {
  local group="${1:?group}"
  groups_cli --describe --group "$group" | awk 'NR==1 || $6 > 0'
}

describe() {
  topics_cli --describe | grep -E '^Topic:' | awk '{print $2, $4, $6}' | column -t
}

reset_group() {
  # rewind a consumer group of ours to the earliest offset (local broker only)
  local group="${1:?group}" topic="${2:-}"
  require_local_broker
  local -a scope=(--all-topics)
  [[ -n "$topic" ]] && scope=(--topic "$topic")
  groups_cli --group "$group" --reset-offsets --to-earliest "${scope[@]}" --execute
  say "group $group rewound"
}

check_config() {
  # every topic in topics.txt must exist with the configured partition count
  local name parts actual bad=0
  while read -r name parts _; do
    actual="$(topics_cli --describe --topic "$name" 2>/dev/null | awk '/PartitionCount/ {for (i=1;i<=NF;i++) if ($i=="PartitionCount:") print $(i+1)}')"
    if [[ "$actual" != "${parts:-3}" ]]; then
      say "$name: expected ${parts:-3} partitions, found ${actual:-none}"
      bad=$((bad + 1))
    fi
  done < <(read_topics)
  ((bad == 0)) && say "topics match $TOPICS_FILE"
  return "$bad"
}

usage() { sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; }

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || { usage; exit 1; }
  shift
  case "$cmd" in
    up)
      docker compose up -d "$COMPOSE_SERVICE"
      wait_broker
      create_topics
      describe
      ;;
    reset) wait_broker; reset_topics "$@" ;;
    seed) seed ;;
    tail) tail_topic "$@" ;;
    lag) lag "$@" ;;
    describe) describe ;;
    rewind) reset_group "$@" ;;
    check) check_config ;;
    -h|--help) usage ;;
    *) usage; die "unknown command $cmd" ;;
  esac
}

main "$@"
