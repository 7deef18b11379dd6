#!/usr/bin/env bash
#
# mysql-local.sh -- dump and restore the shop database of the local MySQL
# (docker compose service `mysql`, published on 127.0.0.1:3306).
#
#   mysql-local.sh dump [LABEL]          -> var/dumps/shop_dev-<stamp>[-LABEL].sql.zst
#   mysql-local.sh restore FILE [--yes]  drop + recreate shop_dev, load FILE
#   mysql-local.sh schema                -> db/schema.sql (no data, for review diffs)
#   mysql-local.sh list | prune [N]
#
# Connection settings come from MYSQL_URL in .env (mysql://USER:PASS@127.0.0.1:3306/shop_dev).
# Restore refuses unless host is 127.0.0.1/localhost and the database name
# ends in _dev or _test. The password reaches the mysql tools through a
# temporary option file (mode 0600) that is deleted on exit, never argv.
#
set -euo pipefail

top=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
dump_dir=$top/var/dumps
yes=no
optfile=

cleanup() { [[ -n $optfile ]] && rm -f -- "$optfile"; }
trap cleanup EXIT

say() { printf 'mysql-local: %s\n' "$*"; }
die() { say "$*" >&2; exit 1; }

args=()
for a in "$@"; do
  if [[ $a == --yes ]]; then yes=yes; else args+=("$a"); fi
done
set -- "${args[@]+"${args[@]}"}"

url=${MYSQL_URL:-}
if [[ -z $url && -f $top/.env ]]; then
  url=$(sed -n 's/^MYSQL_URL=//p' "$top/.env" | tail -n 1 | tr -d '"')
fi
[[ -n $url ]] || die "MYSQL_URL is not set (environment or .env)"

# split the URL into user, password, host, port and database
rest=${url#mysql://}
creds=${rest%%@*}
hostpart=${rest#*@}
db_user=${creds%%:*}
db_pass=${creds#*:}
hostport=${hostpart%%/*}
db_name=${hostpart#*/}
db_name=${db_name%%\?*}
db_host=${hostport%%:*}
db_port=${hostport##*:}
[[ $db_port == "$hostport" ]] && db_port=3306

redacted() { printf 'mysql://%s:****@%s:%s/%s' "$db_user" "$db_host" "$db_port" "$db_name"; }

make_optfile() {
  optfile=$(mktemp)
  chmod 600 "$optfile"
  printf '[client]\nuser=%s\npassword=%s\nhost=%s\nport=%s\nprotocol=TCP\n' \
    "$db_user" "$db_pass" "$db_host" "$db_port" > "$optfile"
}

require_local_dev() {
  case $db_host in
    127.0.0.1|localhost) ;;
    *) die "refusing: $(redacted) is not the local database" ;;
  esac
  [[ $db_name =~ _(dev|test)$ ]] || die "refusing: '$db_name' is not a _dev/_test database"
}

cmd_dump() {
  local label=${1:-} stamp out
  [[ -z $label || $label =~ ^[A-Za-z0-9._-]+$ ]] || die "bad label '$label'"
  mkdir -p "$dump_dir"
  stamp=$(date +%Y%m%d-%H%M%S)
  out=$dump_dir/$db_name-$stamp${label:+-$label}.sql.zst
  say "dumping $(redacted)"
  mysqldump --defaults-extra-file="$optfile" --single-transaction --quick --routines \
    --triggers --events --hex-blob --no-tablespaces "$db_name" | zstd -q -T0 -o "$out"
  say "wrote ${out#"$top"/} ($(du -h "$out" | cut -f1))"
}

cmd_schema() {
  mkdir -p "$top/db"
  mysqldump --defaults-extra-file="$optfile" --no-data --skip-comments --skip-dump-date \
    "$db_name" | sed -E 's/ AUTO_INCREMENT=[0-9]+//' > "$top/db/schema.sql"
  say "wrote db/schema.sql"
}

cmd_restore() {
  local file=${1:?restore needs a dump file}
  require_local_dev
  [[ -f $file ]] || file=$dump_dir/$file
  [[ -f $file ]] || die "no such dump: $1"
  case $(readlink -f -- "$file") in
    "$dump_dir"/*) ;;
    *) die "dumps must come from ${dump_dir#"$top"/}" ;;
  esac
  if [[ $yes != yes ]]; then
    read -r -p "drop and reload $db_name from $(basename "$file")? [y/N] " reply
    [[ $reply == [yY] ]] || die "aborted"
  fi
  cmd_dump pre-restore
  mysql --defaults-extra-file="$optfile" -e "DROP DATABASE IF EXISTS \`$db_name\`; CREATE DATABASE \`$db_name\` CHARACTER SET utf8mb4 COLLATE utf8mb4_0900_ai_ci;"
  case $file in
    *.zst) zstd -dc -- "$file" ;;
    *.gz) gzip -dc -- "$file" ;;
    *) cat -- "$file" ;;
  esac | mysql --defaults-extra-file="$optfile" "$db_name"
  say "restored $db_name from $(basename "$file")"
}

cmd_list() {
  [[ -d $dump_dir ]] || { say "no dumps"; return; }
  ls -lh --time-style=+%F\ %R "$dump_dir" | awk 'NR > 1 {printf "%-60s %6s  %s %s\n", $8, $5, $6, $7}'
}

cmd_prune() {
  local keep=${1:-10} files
  [[ $keep =~ ^[0-9]+$ ]] || die "keep must be a number"
  mapfile -t files < <(ls -1t "$dump_dir"/*.sql* 2>/dev/null || true)
  (( ${#files[@]} > keep )) || { say "nothing to prune"; return; }
  local f
  for f in "${files[@]:keep}"; do
    rm -f -- "$f"
    say "removed $(basename "$f")"
  done
}

cmd_verify() {
  # load a dump into a throw-away schema on the same local server and count
  # tables; proves the dump restores without touching shop_dev itself
  local file=${1:?verify needs a dump file} scratch_db
  require_local_dev
  [[ -f $file ]] || file=$dump_dir/$file
  [[ -f $file ]] || die "no such dump: $1"
  scratch_db="verify_$(date +%s)_test"
  mysql --defaults-extra-file="$optfile" -e "CREATE DATABASE \`$scratch_db\`;"
  case $file in
    *.zst) zstd -dc -- "$file" ;;
    *.gz) gzip -dc -- "$file" ;;
    *) cat -- "$file" ;;
  esac | mysql --defaults-extra-file="$optfile" "$scratch_db"
  local tables
  tables=$(mysql --defaults-extra-file="$optfile" -N -e \
    "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema='$scratch_db';")
  mysql --defaults-extra-file="$optfile" -e "DROP DATABASE \`$scratch_db\`;"
  say "$(basename "$file") restores cleanly ($tables table(s))"
}

cmd_sizes() {
  # table sizes of the dev database, largest first
  mysql --defaults-extra-file="$optfile" -t -e "
    SELECT table_name AS tbl,
           ROUND((data_length + index_length) / 1024 / 1024, 1) AS mib,
           table_rows AS approx_rows
      FROM information_schema.tables
     WHERE table_schema = '$db_name'
     ORDER BY (data_length + index_length) DESC
     LIMIT 20;"
}

cmd_ping() {
  if mysqladmin --defaults-extra-file="$optfile" ping >/dev/null 2>&1; then
    say "$(redacted) is up"
  else
    die "$(redacted) is not reachable (docker compose up -d mysql?)"
  fi
}

main() {
  command -v mysqldump >/dev/null || die "mysql client tools not installed"
  case ${1:-} in
    verify) make_optfile; shift; cmd_verify "$@"; return ;;
    sizes) make_optfile; cmd_sizes; return ;;
    ping) make_optfile; cmd_ping; return ;;
  esac
  make_optfile
  local cmd=${1:-list}
  shift || true
  case $cmd in
    dump) cmd_dump "$@" ;;
    schema) cmd_schema ;;
    restore) cmd_restore "$@" ;;
    list) cmd_list ;;
    prune) cmd_prune "$@" ;;
    *) die "unknown command '$cmd'" ;;
  esac
}

main "$@"
