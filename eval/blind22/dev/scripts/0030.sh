#!/usr/bin/env bash
# redpanda-dev.sh - create, seed and reset topics on the local Redpanda
# container used by `make dev` (compose service "redpanda", port 19092).
#
#   scripts/redpanda-dev.sh create       create topics from topics.txt
#   scripts/redpanda-dev.sh seed         produce fixtures/*.jsonl into their topics
#   scripts/redpanda-dev.sh reset --yes  delete + recreate our topics, rewind groups
#   scripts/redpanda-dev.sh lag          show consumer lag of our groups
#
# rpk talks only to the brokers in RPK_BROKERS, which must be local.
set -euo pipefail

cd "$(dirname "$0")/.."
TOPICS_FILE="dev/kafka/topics.txt"
FIXTURES="dev/kafka/fixtures"
GROUPS=(orders-projector invoice-mailer search-indexer)
export RPK_BROKERS="${RPK_BROKERS:-127.0.0.1:19092}"
YES=0

note() { printf -- '-- %s\n' "$*"; }
die() { printf 'redpanda-dev: %s\n' "$*" >&2; exit 1; }

assert_local() {
  local b host
  IFS=',' read -r -a brokers <<< "$RPK_BROKERS"
  for b in "${brokers[@]}"; do
    host="${b%:*}"
    case "$host" in
      127.0.0.1|localhost|::1) ;;
      *) die "RPK_BROKERS contains non-local broker '$b'; this tool is for the dev container only" ;;
    esac
  done
}

wait_broker() {
  local i
  for i in $(seq 1 30); do
    if rpk cluster health --exit-when-healthy --watch=false >/dev/null 2>&1; then
      return 0
    fi
    sleep 1
  done
  die "broker at $RPK_BROKERS not healthy after 30s (is 'docker compose up redpanda' running?)"
}

# topics.txt lines: name partitions [key=value ...]
read_topics() {
  grep -vE '^\s*(#|$)' "$TOPICS_FILE"
}

topic_names() {
  read_topics | awk '{print $1}'
}

existing_topics() {
  rpk topic list --format json 2>/dev/null | jq -r '.[].name' || true
}

create_topics() {
  local name parts rest cfg existing
  existing="$(existing_topics)"
  while read -r name parts rest; do
    if grep -qxF "$name" <<< "$existing"; then
      note "topic $name exists"
      continue
    fi
    local args=(topic create "$name" -p "$parts" -r 1)
    for cfg in $rest; do
      args+=(-c "$cfg")
    done
    rpk "${args[@]}" >/dev/null
    note "created $name ($parts partitions)"
  done < <(read_topics)
}

seed_topics() {
  local f topic count
  shopt -s nullglob
  for f in "$FIXTURES"/*.jsonl; do
    topic="$(basename "$f" .jsonl)"
    if ! topic_names | grep -qxF "$topic"; then
      note "skip $f: $topic is not in $TOPICS_FILE"
      continue
    fi
    count="$(grep -c . "$f" || true)"
    # each line: {"key": "...", "value": {...}}
    jq -c -r '[.key, (.value | tojson)] | @tsv' "$f" \
      | rpk topic produce "$topic" -f '%k\t%v\n' >/dev/null
    note "produced $count record(s) into $topic"
  done
}

delete_topics() {
  local name existing
  existing="$(existing_topics)"
  while read -r name; do
    if grep -qxF "$name" <<< "$existing"; then
      rpk topic delete "$name" >/dev/null
      note "deleted $name"
    fi
  done < <(topic_names)
}

rewind_groups() {
  local g state
  for g in "${GROUPS[@]}"; do
    state="$(rpk group describe "$g" --format json 2>/dev/null | jq -r '.state // "Dead"' || echo Dead)"
    case "$state" in
      Empty|Dead)
        rpk group seek "$g" --to start >/dev/null 2>&1 || true
        note "rewound $g"
        ;;
      *)
        note "group $g is $state; stop its consumer to rewind it"
        ;;
    esac
  done
}

tail_topic() {
  # print the last N records of one of our topics, keys and values only
  local topic="$1" n="${2:-10}"
  topic_names | grep -qxF "$topic" || die "$topic is not one of our topics"
  local end start
  end="$(rpk topic describe "$topic" -p --format json 2>/dev/null \
    | jq '[.[].high_watermark] | max // 0')"
  start=$((end > n ? end - n : 0))
  rpk topic consume "$topic" -o "$start" -n "$n" -f '%k  %v\n' 2>/dev/null || true
}

check_compose() {
  # friendlier error than rpk's when the container is simply not up
  if command -v docker >/dev/null 2>&1; then
    if ! docker compose ps --status running --services 2>/dev/null | grep -qx redpanda; then
      note "compose service 'redpanda' is not running; start it with: docker compose up -d redpanda"
    fi
  fi
}

describe_all() {
  local name
  while read -r name; do
    echo "## $name"
    rpk topic describe "$name" -a 2>/dev/null | sed -n '/^CONFIGS/,$p' | head -n 12 || true
  done < <(topic_names)
}

show_lag() {
  local g
  for g in "${GROUPS[@]}"; do
    echo "## $g"
    rpk group describe "$g" 2>/dev/null | sed -n '/^TOPIC/,$p' || echo "  (no such group yet)"
  done
}

main() {
  local action="${1:-}"; shift || true
  while (($#)); do
    case "$1" in
      --yes|-y) YES=1 ;;
      *) die "unknown argument $1" ;;
    esac
    shift
  done
  command -v rpk >/dev/null || die "rpk not installed"
  command -v jq >/dev/null || die "jq not installed"
  [[ -f "$TOPICS_FILE" ]] || die "$TOPICS_FILE missing"
  assert_local
  check_compose
  wait_broker
  case "$action" in
    tail) tail_topic "${TAIL_TOPIC:?set TAIL_TOPIC}" "${TAIL_N:-10}" ;;
    describe) describe_all ;;
    create) create_topics ;;
    seed) create_topics; seed_topics ;;
    reset)
      if ((YES == 0)); then
        note "would delete and recreate: $(topic_names | paste -sd' ')"
        note "pass --yes to do it"
        exit 0
      fi
      delete_topics
      create_topics
      seed_topics
      rewind_groups
      ;;
    lag) show_lag ;;
    *) die "usage: $0 create|seed|reset --yes|lag" ;;
  esac
}

main "$@"
