#!/usr/bin/env bash
# mysql-migrate.sh - versioned migrations for the local MySQL used by the
# `plover` service (docker compose exposes it on 127.0.0.1:3307).
#
#   -a        apply all pending migrations
#   -s        show status
#   -r NAME   re-run one migration (local databases only)
#   -d DB     database name (default plover_dev)
set -euo pipefail

MYSQL_HOST=127.0.0.1
MYSQL_PORT="${MYSQL_PORT:-3307}"
MYSQL_USER="${MYSQL_USER:-plover}"
DB="plover_dev"
ACTION=""
RERUN=""
DIR="$(cd "$(dirname "$0")/../db/mysql" && pwd)"

mysql_cmd() {
  MYSQL_PWD="${MYSQL_PASSWORD:-plover}" mysql \
    --host="$MYSQL_HOST" --port="$MYSQL_PORT" --user="$MYSQL_USER" \
    --batch --skip-column-names "$DB" "$@"
}

while getopts ":asr:d:" flag; do
  case "$flag" in
    a) ACTION=apply ;;
    s) ACTION=status ;;
    r) ACTION=rerun; RERUN="$OPTARG" ;;
    d) DB="$OPTARG" ;;
    :) echo "-$OPTARG needs a value" >&2; exit 2 ;;
    *) sed -n '2,8p' "$0"; exit 2 ;;
  esac
done

case "$DB" in
  *_dev|*_test) ;;
  *) echo "only *_dev or *_test databases are allowed (got $DB)" >&2; exit 1 ;;
esac

bootstrap() {
  mysql_cmd -e "CREATE TABLE IF NOT EXISTS plover_migrations (
    name VARCHAR(200) PRIMARY KEY,
    applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP)"
}

is_applied() {
  [[ "$(mysql_cmd -e "SELECT COUNT(*) FROM plover_migrations WHERE name='$1'")" == "1" ]]
}

apply_file() {
  local file="$1" name
  name="$(basename "$file")"
  echo "applying $name"
  mysql_cmd < "$file"
  mysql_cmd -e "REPLACE INTO plover_migrations(name) VALUES ('$name')"
}

bootstrap
case "$ACTION" in
  apply)
    n=0
    for f in "$DIR"/*.sql; do
      is_applied "$(basename "$f")" && continue
      apply_file "$f"
      n=$((n + 1))
    done
    echo "$n applied"
    ;;
  status)
    for f in "$DIR"/*.sql; do
      if is_applied "$(basename "$f")"; then mark="applied"; else mark="pending"; fi
      printf '%-8s %s\n' "$mark" "$(basename "$f")"
    done
    ;;
  rerun)
    [[ -f "$DIR/$RERUN" ]] || { echo "no such migration $RERUN" >&2; exit 1; }
    apply_file "$DIR/$RERUN"
    ;;
  *)
    sed -n '2,8p' "$0"
    exit 2
    ;;
esac
