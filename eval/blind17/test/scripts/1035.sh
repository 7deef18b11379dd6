#!/usr/bin/env bash
# scripts/redis-local.sh — maintenance of the LOCAL Redis used by `switchyard`.
#
#   scripts/redis-local.sh info                memory, keyspace, clients
#   scripts/redis-local.sh count 'job:*'       count keys by pattern (SCAN)
#   scripts/redis-local.sh purge 'cache:v1:*'  delete keys by pattern (SCAN + UNLINK)
#   scripts/redis-local.sh flush               FLUSHDB of the dev database index
#   scripts/redis-local.sh bigkeys             redis-cli --bigkeys
#   scripts/redis-local.sh snapshot            BGSAVE + copy dump.rdb into .redis/
#
# Host/port/db come from REDIS_URL in .env.local (default redis://127.0.0.1:6379/3).
# Anything that is not 127.0.0.1/localhost/the compose `redis` service is refused,
# and FLUSHALL is never used.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ENV_FILE="$ROOT/.env.local"

url="redis://127.0.0.1:6379/3"
if [[ -f "$ENV_FILE" ]]; then
  line="$(grep -E '^REDIS_URL=' "$ENV_FILE" | tail -n 1 || true)"
  [[ -n "$line" ]] && url="${line#REDIS_URL=}"
fi
url="${REDIS_URL:-$url}"

# parse redis://[:password@]host:port/db
rest="${url#redis://}"
pass=""
if [[ "$rest" == *@* ]]; then
  pass="${rest%%@*}"; pass="${pass#:}"
  rest="${rest#*@}"
fi
hostport="${rest%%/*}"
host="${hostport%%:*}"
port="${hostport##*:}"; [[ "$port" == "$host" ]] && port=6379
db="${rest#*/}"; [[ "$db" == "$rest" || -z "$db" ]] && db=0

case "$host" in
  127.0.0.1|localhost|redis) ;;
  *) echo "refusing: $host is not the local dev redis" >&2; exit 1 ;;
esac

if [[ ! "$port" =~ ^[0-9]+$ || ! "$db" =~ ^[0-9]+$ ]]; then
  echo "could not parse REDIS_URL ($url)" >&2
  exit 1
fi

rc() {
  if [[ -n "$pass" ]]; then
    REDISCLI_AUTH="$pass" redis-cli -h "$host" -p "$port" -n "$db" "$@"
  else
    redis-cli -h "$host" -p "$port" -n "$db" "$@"
  fi
}

confirm() {
  [[ "${YES:-0}" == 1 ]] && return 0
  read -r -p "$1 [y/N] " a
  [[ "$a" == [yY] ]]
}

cmd_info() {
  echo "redis $host:$port db $db"
  rc INFO memory | grep -E '^(used_memory_human|maxmemory_human|mem_fragmentation_ratio):'
  rc INFO keyspace | grep -E "^db$db:" || echo "db$db: empty"
  rc INFO clients | grep -E '^connected_clients:'
}

cmd_count() {
  local pattern="${1:?pattern}"
  rc --scan --pattern "$pattern" --count 1000 | wc -l | tr -d ' '
}

cmd_purge() {
  local pattern="${1:?pattern}"
  if [[ "$pattern" == "*" ]]; then
    echo "use 'flush' to clear the whole dev database" >&2
    exit 2
  fi
  local n
  n="$(cmd_count "$pattern")"
  confirm "delete $n key(s) matching '$pattern' in db $db?" || exit 1
  rc --scan --pattern "$pattern" --count 1000 | xargs -r -n 500 redis-cli -h "$host" -p "$port" -n "$db" UNLINK >/dev/null
  echo "deleted $n key(s)"
}

cmd_flush() {
  local size
  size="$(rc DBSIZE)"
  confirm "FLUSHDB on local db $db ($size keys)?" || exit 1
  rc FLUSHDB
}

cmd_bigkeys() {
  rc --bigkeys -i 0.01
}

cmd_snapshot() {
  local before after dest
  before="$(rc LASTSAVE)"
  rc BGSAVE >/dev/null
  for _ in $(seq 1 60); do
    after="$(rc LASTSAVE)"
    [[ "$after" != "$before" ]] && break
    sleep 1
  done
  dest="$ROOT/.redis/dump-$(date +%Y%m%d-%H%M%S).rdb"
  mkdir -p "$ROOT/.redis"
  if [[ "$host" == redis ]] || docker compose ps --services 2>/dev/null | grep -qx redis; then
    docker compose cp redis:/data/dump.rdb "$dest"
  else
    local dir
    dir="$(rc CONFIG GET dir | tail -n 1)"
    cp "$dir/dump.rdb" "$dest"
  fi
  echo "snapshot: ${dest#"$ROOT"/}"
  # keep the five newest snapshots of this repo
  ls -1t "$ROOT"/.redis/dump-*.rdb 2>/dev/null | tail -n +6 | xargs -r rm -f --
}

cmd_ttl_audit() {
  # keys without TTL in the cache namespace are a memory leak in dev
  local key n=0
  while read -r key; do
    if [[ "$(rc TTL "$key")" == "-1" ]]; then
      echo "no ttl: $key"
      n=$((n + 1))
      (( n >= 50 )) && { echo "..."; break; }
    fi
  done < <(rc --scan --pattern 'cache:*' --count 1000)
  echo "$n key(s) without TTL (first 50 shown)"
}

cmd_monitor() {
  # watch commands for 10 seconds; useful when debugging cache misses
  timeout 10 redis-cli -h "$host" -p "$port" MONITOR || true
}

cmd_restore() {
  # load one of this repo's snapshots into the compose redis (stops it briefly)
  local file="${1:-}"
  [[ -f "$file" ]] || { echo "usage: redis-local.sh restore .redis/dump-<stamp>.rdb" >&2; exit 2; }
  docker compose ps --services | grep -qx redis || { echo "compose service redis not running" >&2; exit 1; }
  confirm "replace the local redis data with $(basename "$file")?" || exit 1
  docker compose stop redis
  docker compose cp "$file" redis:/data/dump.rdb
  docker compose start redis
  echo "restored $(basename "$file")"
}

cmd_keyspace() {
  # approximate key distribution by prefix (first segment before ':')
  rc --scan --count 1000 | awk -F: '{ c[$1]++ } END { for (k in c) printf "%8d  %s\n", c[k], k }' | sort -rn | head -n 20
}

cmd_latency() {
  # quick latency check of the local instance
  redis-cli -h "$host" -p "$port" --latency-history -i 1 | head -n 5
}

usage() { sed -n '2,13p' "$0" | cut -c3-; }

main() {
  command -v redis-cli >/dev/null || { echo "redis-cli not installed" >&2; exit 1; }
  local cmd="${1:-}"; shift || true
  case "$cmd" in
    info) cmd_info ;;
    count) cmd_count "$@" ;;
    purge) cmd_purge "$@" ;;
    flush) cmd_flush ;;
    bigkeys) cmd_bigkeys ;;
    snapshot) cmd_snapshot ;;
    ttl-audit) cmd_ttl_audit ;;
    monitor) cmd_monitor ;;
    restore) cmd_restore "$@" ;;
    keyspace) cmd_keyspace ;;
    latency) cmd_latency ;;
    *) usage; exit 2 ;;
  esac
}

main "$@"
