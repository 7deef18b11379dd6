#!/usr/bin/env bash
# kafka-dev: tiny CLI around the local docker-compose Kafka used by the orbit services.
# Talks only to the broker on localhost:9092. Destructive verbs ask for confirmation
# and refuse any topic that does not start with the dev prefix.
set -euo pipefail

BROKER="${KAFKA_DEV_BROKER:-localhost:9092}"
PREFIX="dev."
KT=(kafka-topics --bootstrap-server "$BROKER")
assume_yes=0

usage() {
  cat <<'EOF'
kafka-dev [-y] <command> [args]
  list                    list dev topics
  create <name> [parts]   create dev.<name>
  describe <name>         describe dev.<name>
  tail <name> [n]         print the last n messages (default 20)
  reset <name>            delete and recreate dev.<name>
EOF
}

while getopts ":yh" opt; do
  case "$opt" in
    y) assume_yes=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

topic_name() {
  local raw="$1"
  [[ "$raw" =~ ^[a-z0-9._-]+$ ]] || { echo "invalid topic name: $raw" >&2; exit 2; }
  [[ "$raw" == "$PREFIX"* ]] && echo "$raw" || echo "${PREFIX}${raw}"
}

confirm() {
  (( assume_yes )) && return 0
  local reply
  read -r -p "$1 [y/N] " reply
  [[ "$reply" == [yY] ]]
}

broker_is_local() {
  case "$BROKER" in
    localhost:*|127.0.0.1:*) return 0 ;;
    *) echo "refusing: broker $BROKER is not local" >&2; return 1 ;;
  esac
}

cmd_list() { "${KT[@]}" --list | grep "^${PREFIX//./\\.}" || true; }

cmd_create() {
  local t parts="${2:-3}"
  t="$(topic_name "$1")"
  "${KT[@]}" --create --if-not-exists --topic "$t" --partitions "$parts" --replication-factor 1
}

cmd_describe() { "${KT[@]}" --describe --topic "$(topic_name "$1")"; }

cmd_tail() {
  local t n="${2:-20}"
  t="$(topic_name "$1")"
  kafka-console-consumer --bootstrap-server "$BROKER" --topic "$t" \
    --from-beginning --max-messages "$n" --timeout-ms 5000 || true
}

cmd_reset() {
  local t
  t="$(topic_name "$1")"
  broker_is_local
  confirm "recreate $t on $BROKER?" || { echo "aborted"; return 1; }
  "${KT[@]}" --delete --topic "$t"
  sleep 2
  cmd_create "$t"
}

main() {
  local cmd="${1:-}"
  [[ -n "$cmd" ]] || { usage; exit 2; }
  shift
  case "$cmd" in
    list) cmd_list ;;
    create|describe|tail|reset)
      [[ $# -ge 1 ]] || { echo "$cmd needs a topic" >&2; exit 2; }
      "cmd_${cmd}" "$@"
      ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
