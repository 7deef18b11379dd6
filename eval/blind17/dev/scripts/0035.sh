#!/usr/bin/env bash
# dev/kafka-topics.sh — declare the local Kafka topics of the `ledgerline` services.
#
# Reads dev/topics.conf (name partitions retention.ms cleanup.policy) and makes
# the local broker match it: creates missing topics, alters configs that drifted,
# and with --prune deletes `ledgerline.*` topics that are no longer declared.
# Refuses to talk to any broker that is not on localhost / the compose network.
#
#   dev/kafka-topics.sh                 apply
#   dev/kafka-topics.sh --plan          show what would change
#   dev/kafka-topics.sh --prune         also delete undeclared ledgerline.* topics
#   dev/kafka-topics.sh --reset NAME    delete + recreate one topic (drops its data)
#   dev/kafka-topics.sh --tail NAME     print the last 10 messages with kcat
set -euo pipefail

cd "$(dirname "$0")/.."

BOOTSTRAP="${KAFKA_BOOTSTRAP:-localhost:9092}"
CONF="dev/topics.conf"
PREFIX="ledgerline."
PLAN=0
PRUNE=0
RESET=""
TAIL=""

while (($#)); do
  case "$1" in
    --plan) PLAN=1 ;;
    --prune) PRUNE=1 ;;
    --reset) RESET="$2"; shift ;;
    --tail) TAIL="$2"; shift ;;
    -h|--help) sed -n '2,14p' "$0" | cut -c3-; exit 0 ;;
    *) echo "unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done

case "${BOOTSTRAP%%:*}" in
  localhost|127.0.0.1|kafka|broker) ;;
  *) echo "refusing: $BOOTSTRAP is not the local dev broker" >&2; exit 1 ;;
esac

# prefer the CLI inside the compose container so no local Kafka install is needed
if command -v kafka-topics >/dev/null 2>&1; then
  KT=(kafka-topics --bootstrap-server "$BOOTSTRAP")
  KC=(kafka-configs --bootstrap-server "$BOOTSTRAP")
else
  KT=(docker compose exec -T kafka kafka-topics --bootstrap-server localhost:9092)
  KC=(docker compose exec -T kafka kafka-configs --bootstrap-server localhost:9092)
fi

say() { printf '%s\n' "$*"; }
act() {
  if ((PLAN)); then
    say "  would: $*"
  else
    say "  $*"
    "$@"
  fi
}

declare -A WANT_PARTS WANT_RET WANT_POLICY

read_conf() {
  [[ -f "$CONF" ]] || { echo "missing $CONF" >&2; exit 1; }
  local name parts ret policy
  while read -r name parts ret policy; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    [[ "$name" == "$PREFIX"* ]] || { echo "topic $name must start with $PREFIX" >&2; exit 1; }
    WANT_PARTS["$name"]="$parts"
    WANT_RET["$name"]="$ret"
    WANT_POLICY["$name"]="${policy:-delete}"
  done <"$CONF"
}

existing_topics() {
  "${KT[@]}" --list | tr -d '\r' | grep "^${PREFIX//./\\.}" || true
}

partitions_of() {
  "${KT[@]}" --describe --topic "$1" | tr -d '\r' | awk -F'PartitionCount: ' 'NF > 1 { split($2, a, " "); print a[1]; exit }'
}

config_of() {
  "${KC[@]}" --describe --entity-type topics --entity-name "$1" | tr -d '\r' \
    | grep -o "$2=[^ ,]*" | head -n 1 | cut -d= -f2
}

create_topic() {
  local t="$1"
  act "${KT[@]}" --create --if-not-exists --topic "$t" \
    --partitions "${WANT_PARTS[$t]}" --replication-factor 1 \
    --config "retention.ms=${WANT_RET[$t]}" --config "cleanup.policy=${WANT_POLICY[$t]}"
}

reconcile_topic() {
  local t="$1" parts ret policy
  parts="$(partitions_of "$t")"
  if [[ -n "$parts" ]] && (( parts < WANT_PARTS[$t] )); then
    act "${KT[@]}" --alter --topic "$t" --partitions "${WANT_PARTS[$t]}"
  elif [[ -n "$parts" ]] && (( parts > WANT_PARTS[$t] )); then
    say "  note: $t has $parts partitions (> ${WANT_PARTS[$t]}); kafka cannot shrink, use --reset $t"
  fi
  ret="$(config_of "$t" retention.ms)"
  policy="$(config_of "$t" cleanup.policy)"
  if [[ "$ret" != "${WANT_RET[$t]}" || "$policy" != "${WANT_POLICY[$t]}" ]]; then
    act "${KC[@]}" --alter --entity-type topics --entity-name "$t" \
      --add-config "retention.ms=${WANT_RET[$t]},cleanup.policy=${WANT_POLICY[$t]}"
  fi
}

prune_topics() {
  local t
  while read -r t; do
    [[ -n "$t" ]] || continue
    if [[ -z "${WANT_PARTS[$t]:-}" ]]; then
      say "undeclared: $t"
      act "${KT[@]}" --delete --topic "$t"
    fi
  done < <(existing_topics)
}

reset_topic() {
  local t="$1"
  [[ -n "${WANT_PARTS[$t]:-}" ]] || { echo "$t is not declared in $CONF" >&2; exit 1; }
  read -r -p "delete all messages in local topic $t? [y/N] " a
  [[ "$a" == [yY] ]] || exit 1
  act "${KT[@]}" --delete --topic "$t"
  # deletion is asynchronous on the broker
  local i
  for i in $(seq 1 20); do
    existing_topics | grep -qx "$t" || break
    sleep 1
  done
  create_topic "$t"
}

tail_topic() {
  command -v kcat >/dev/null || { echo "kcat not installed" >&2; exit 1; }
  kcat -b "$BOOTSTRAP" -t "$1" -C -o -10 -e -f 'p%p o%o k=%k %s\n'
}

consumer_lag() {
  # show lag of the local consumer groups so a reset does not surprise anyone
  local groups g
  if command -v kafka-consumer-groups >/dev/null 2>&1; then
    groups="$(kafka-consumer-groups --bootstrap-server "$BOOTSTRAP" --list 2>/dev/null | grep '^ledgerline-' || true)"
    for g in $groups; do
      kafka-consumer-groups --bootstrap-server "$BOOTSTRAP" --describe --group "$g" 2>/dev/null \
        | awk -v g="$g" 'NR > 1 && $6 ~ /^[0-9]+$/ { lag += $6 } END { printf "lag %-30s %d\n", g, lag }'
    done
  fi
}

main() {
  read_conf
  consumer_lag
  if [[ -n "$TAIL" ]]; then
    tail_topic "$TAIL"
    exit 0
  fi
  if [[ -n "$RESET" ]]; then
    reset_topic "$RESET"
    exit 0
  fi
  local have t
  have="$(existing_topics)"
  for t in "${!WANT_PARTS[@]}"; do
    if grep -qx "$t" <<<"$have"; then
      say "ok: $t"
      reconcile_topic "$t"
    else
      say "missing: $t"
      create_topic "$t"
    fi
  done
  ((PRUNE)) && prune_topics
  say "done (${#WANT_PARTS[@]} declared topic(s))"
}

main
