#!/usr/bin/env bash
# cass-tidy.sh - tidy the Cassandra nodes used by the migration tests.
#
# Reads node addresses from .env (every variable starting with CASS_ that holds
# a host), prints their status and disk use, and clears old snapshots so the
# nodes do not fill up between test runs.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
KEYSPACE="${KEYSPACE:-orders_dev}"

log() { printf '[cass-tidy] %s\n' "$*"; }

load_env() {
  local line
  [[ -f "$ROOT/.env" ]] || return 0
  while IFS= read -r line; do
    [[ "$line" =~ ^(CASS_[A-Z_]+)=(.*)$ ]] || continue
    printf -v "${BASH_REMATCH[1]}" '%s' "${BASH_REMATCH[2]//\"/}"
  done < "$ROOT/.env"
}

node_hosts() {
  local name
  for name in ${!CASS_@}; do
    [[ "$name" == *HOST* ]] || continue
    echo "${!name}"
  done | sort -u
}

nodetool_cmd() {
  local host="$1"
  shift
  NT=(nodetool -h "$host" -p "${CASS_JMX_PORT:-7199}" "$@")
}

status() {
  local host="$1"
  nodetool_cmd "$host" status "$KEYSPACE"
  "${NT[@]}" | awk '/^(UN|DN|UJ|UL)/ {print "  " $1, $2, $3 $4}'
}

disk_use() {
  local host="$1"
  nodetool_cmd "$host" tablestats "$KEYSPACE"
  "${NT[@]}" 2>/dev/null | awk -F': ' '/Space used \(live\)/ {s += $2} END {printf "  live bytes: %d\n", s}'
}

tidy_snapshots() {
  local host="$1"
  nodetool_cmd "$host" clearsnapshot --all
  log "clearing snapshots on $host"
  "${NT[@]}"
}

main() {
  load_env
  local hosts=() h
  mapfile -t hosts < <(node_hosts)
  (( ${#hosts[@]} )) || hosts=(127.0.0.1)
  for h in "${hosts[@]}"; do
    log "node $h"
    status "$h" || { log "  unreachable"; continue; }
    disk_use "$h"
    tidy_snapshots "$h"
  done
  log "done (${#hosts[@]} node(s))"
}

main "$@"
