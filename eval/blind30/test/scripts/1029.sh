#!/usr/bin/env bash
# mautic_dev.sh - day-to-day maintenance of the local Mautic development instance
#
#   tools/mautic_dev.sh segments        rebuild segment membership (dev env)
#   tools/mautic_dev.sh campaigns       rebuild + trigger campaigns against the mail catcher
#   tools/mautic_dev.sh import FILE     import test contacts from FILE (must be @example.com)
#   tools/mautic_dev.sh reset-cache     clear Symfony caches of the dev env
#   tools/mautic_dev.sh status          show queue/cron state
#
# Every console call passes --env=dev. The script refuses to run when config/local.php
# does not point the mailer at the local Mailpit (smtp://localhost:1025), so triggered
# campaigns can only ever reach the mail catcher, never real inboxes.
set -euo pipefail

APP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CONSOLE=("php" "$APP/bin/console")
PHP_MEMORY=${PHP_MEMORY:-1G}
LOCK_DIR="$APP/var/locks"
LOCAL_CONFIG="$APP/config/local.php"
MAILPIT_UI="http://localhost:8025"

info() { printf '\033[34m==>\033[0m %s\n' "$*"; }
oops() { printf '\033[31mxx\033[0m %s\n' "$*" >&2; exit 1; }

console() {
  php -d memory_limit="$PHP_MEMORY" "$APP/bin/console" "$@" --env=dev --no-interaction
}

mailer_is_local() {
  [[ -f $LOCAL_CONFIG ]] || oops "no config/local.php; install the dev instance first"
  local dsn
  dsn=$(php -r '$p = include $argv[1]; echo $p["mailer_dsn"] ?? "";' "$LOCAL_CONFIG")
  case "$dsn" in
    smtp://localhost:1025*|smtp://127.0.0.1:1025*) return 0 ;;
    *) return 1 ;;
  esac
}

with_lock() {
  # one maintenance job at a time; the lock directory belongs to this script
  local name=$1; shift
  mkdir -p "$LOCK_DIR"
  local lock="$LOCK_DIR/$name.lock"
  if ! mkdir "$lock" 2>/dev/null; then
    oops "another '$name' run is active (remove $lock if it is stale)"
  fi
  trap 'rmdir "'"$lock"'" 2>/dev/null || true' EXIT
  "$@"
}

segments() {
  info "rebuilding segments"
  console mautic:segments:update --batch-limit=500
  console mautic:segments:update --max-contacts=0 --batch-limit=500 >/dev/null || true
}

campaigns() {
  mailer_is_local || oops "mailer is not the local Mailpit; refusing to trigger campaigns"
  info "rebuilding campaign membership"
  console mautic:campaigns:rebuild --batch-limit=300
  info "triggering campaign events (mail goes to Mailpit: $MAILPIT_UI)"
  console mautic:campaigns:trigger --batch-limit=100
  console mautic:emails:send --message-limit=200 || true
  if command -v curl >/dev/null; then
    local count
    count=$(curl -fs "$MAILPIT_UI/api/v1/messages?limit=1" | php -r 'echo json_decode(stream_get_contents(STDIN), true)["total"] ?? "?";')
    info "Mailpit now holds $count message(s)"
  fi
}

validate_import() {
  local file=$1 bad
  [[ -f $file ]] || oops "no such file: $file"
  head -n 1 "$file" | grep -qi 'email' || oops "$file has no email column"
  bad=$(tail -n +2 "$file" | cut -d, -f1 | grep -viE '@example\.(com|org|net)$' | head -n 5 || true)
  [[ -z $bad ]] || oops "only @example.* test addresses may be imported into dev; found: $bad"
}

import_contacts() {
  local file=$1
  validate_import "$file"
  local staged="$APP/var/import/$(date +%s)-$(basename "$file")"
  mkdir -p "$(dirname "$staged")"
  cp -- "$file" "$staged"
  info "importing $(($(wc -l < "$staged") - 1)) contact(s)"
  console mautic:import --limit=1000 || oops "import command failed"
  rm -f -- "$staged"
}

reset_cache() {
  info "clearing dev caches"
  console cache:clear
  # Mautic also keeps compiled assets and a cache of the plugin map in var/cache/dev
  rm -rf -- "$APP/var/cache/dev" "$APP/media/js/mautic-form.js.map"
  console mautic:assets:generate
}

status() {
  info "PHP $(php -r 'echo PHP_VERSION;'), Mautic $(console about 2>/dev/null | awk '/Mautic/ {print $NF; exit}')"
  if mailer_is_local; then
    info "mailer: local Mailpit"
  else
    info "mailer: NOT local (campaign triggering disabled)"
  fi
  local queued
  queued=$(console messenger:stats 2>/dev/null | awk 'NR > 3 && NF >= 2 {sum += $NF} END {print sum + 0}')
  info "messages waiting in queues: $queued"
  if [[ -d $LOCK_DIR ]]; then
    local l
    for l in "$LOCK_DIR"/*.lock; do
      [[ -e $l ]] && info "lock held: $(basename "$l" .lock) since $(date -r "$l" '+%F %T')"
    done
  fi
}

doctor() {
  info "checking requirements"
  local ext
  for ext in intl mbstring pdo_mysql imap zip gd; do
    php -m | grep -qix "$ext" || printf '  missing PHP extension: %s\n' "$ext"
  done
  php -r 'exit(version_compare(PHP_VERSION, "8.1.0", ">=") ? 0 : 1);' || printf '  PHP 8.1+ required\n'
  if ! console doctrine:schema:validate --skip-mapping >/dev/null 2>&1; then
    printf '  database schema out of sync; run: %s doctrine:migrations:migrate --env=dev\n' "${CONSOLE[*]}"
  fi
  [[ -w $APP/var ]] || printf '  var/ is not writable\n'
  info "doctor finished"
}

snapshot() {
  # Dump the dev database into var/snapshots/ before risky experiments; keeps 5.
  local db user pass host dir file
  db=$(php -r '$p = include $argv[1]; echo $p["db_name"] ?? "";' "$LOCAL_CONFIG")
  user=$(php -r '$p = include $argv[1]; echo $p["db_user"] ?? "";' "$LOCAL_CONFIG")
  pass=$(php -r '$p = include $argv[1]; echo $p["db_password"] ?? "";' "$LOCAL_CONFIG")
  host=$(php -r '$p = include $argv[1]; echo $p["db_host"] ?? "localhost";' "$LOCAL_CONFIG")
  case "$host" in
    localhost|127.0.0.1|db) ;;
    *) oops "db_host $host is not the local dev database" ;;
  esac
  [[ $db == *dev* || $db == *test* ]] || oops "database $db does not look like a dev database"
  dir="$APP/var/snapshots"
  mkdir -p "$dir"
  file="$dir/$db-$(date +%Y%m%d-%H%M%S).sql.gz"
  info "dumping $db to ${file#"$APP"/}"
  MYSQL_PWD="$pass" mysqldump -h "$host" -u "$user" --single-transaction --routines "$db" | gzip -c > "$file.part"
  mv -f -- "$file.part" "$file"
  ls -1t "$dir"/"$db"-*.sql.gz | tail -n +6 | while read -r old; do
    rm -f -- "$old"
  done
}

restore() {
  local file=$1
  [[ -f $file ]] || oops "no such snapshot: $file"
  [[ $file == "$APP"/var/snapshots/* ]] || oops "restore only from var/snapshots/"
  local db host user pass
  db=$(php -r '$p = include $argv[1]; echo $p["db_name"] ?? "";' "$LOCAL_CONFIG")
  host=$(php -r '$p = include $argv[1]; echo $p["db_host"] ?? "localhost";' "$LOCAL_CONFIG")
  user=$(php -r '$p = include $argv[1]; echo $p["db_user"] ?? "";' "$LOCAL_CONFIG")
  pass=$(php -r '$p = include $argv[1]; echo $p["db_password"] ?? "";' "$LOCAL_CONFIG")
  [[ $db == *dev* || $db == *test* ]] || oops "database $db does not look like a dev database"
  read -r -p "Replace the contents of $db with $(basename "$file")? [y/N] " answer
  [[ $answer == [yY] ]] || { info "aborted"; return; }
  gunzip -c "$file" | MYSQL_PWD="$pass" mysql -h "$host" -u "$user" "$db"
  reset_cache
}

cmd=${1:-status}
shift || true
cd "$APP"
case "$cmd" in
  segments) with_lock segments segments ;;
  campaigns) with_lock campaigns campaigns ;;
  import) [[ $# -eq 1 ]] || oops "usage: $0 import FILE"; with_lock import import_contacts "$1" ;;
  reset-cache) reset_cache ;;
  status) status ;;
  doctor) doctor ;;
  snapshot) snapshot ;;
  restore) [[ $# -eq 1 ]] || oops "usage: $0 restore var/snapshots/FILE"; restore "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")" ;;
  *) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
