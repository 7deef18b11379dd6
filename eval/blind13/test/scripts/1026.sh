#!/usr/bin/env bash
# rq-dev: helper for the Redis instance the quill test suite uses (localhost, db 15).
# Destructive verbs only ever target db 15 on a loopback host.
set -euo pipefail

host="${RQ_HOST:-127.0.0.1}"
port="${RQ_PORT:-6379}"
readonly test_db=15
force=0

rc() { redis-cli -h "$host" -p "$port" -n "$test_db" "$@"; }

help_text() {
  cat <<'TXT'
rq-dev [-f] [-H host] [-P port] COMMAND
  ping            check the server answers
  keys [pattern]  list keys in the test db (default *)
  size            number of keys in the test db
  seed FILE       load "SET key value" lines from FILE
  flush           empty the test db (db 15 only)
TXT
}

while getopts ":fH:P:h" flag; do
  case "$flag" in
    f) force=1 ;;
    H) host="$OPTARG" ;;
    P) port="$OPTARG" ;;
    h) help_text; exit 0 ;;
    :) echo "-$OPTARG needs a value" >&2; exit 2 ;;
    *) help_text >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))

loopback_only() {
  case "$host" in
    127.0.0.1|localhost|::1) ;;
    *) echo "refusing to modify $host: only loopback hosts are allowed" >&2; exit 1 ;;
  esac
}

ask() {
  (( force )) && return 0
  local a
  read -r -p "$* [y/N] " a
  [[ "$a" =~ ^(y|Y|yes)$ ]]
}

do_ping() { rc PING; }

do_keys() {
  local pattern="${1:-*}"
  rc --scan --pattern "$pattern" | sort | head -n 200
}

do_size() { rc DBSIZE; }

do_seed() {
  local file="${1:?seed needs a file}" n=0 verb key value
  loopback_only
  [[ -f "$file" ]] || { echo "no such file $file" >&2; exit 1; }
  while read -r verb key value; do
    [[ "$verb" == SET && -n "$key" ]] || continue
    rc SET "$key" "$value" >/dev/null
    n=$((n + 1))
  done < "$file"
  echo "seeded $n key(s) into db $test_db"
}

do_flush() {
  loopback_only
  ask "flush db $test_db on $host:$port?" || { echo "skipped"; return 0; }
  rc FLUSHDB
}

command="${1:-}"
[[ -n "$command" ]] || { help_text >&2; exit 2; }
shift
case "$command" in
  ping|keys|size|seed|flush) "do_${command}" "$@" ;;
  *) echo "unknown command: $command" >&2; help_text >&2; exit 2 ;;
esac
