#!/usr/bin/env bash
# goatcounter-backup: hot backup of the project's GoatCounter SQLite DB.
#
#   ops/goatcounter-backup.sh                  # backup + integrity check + rotation
#   ops/goatcounter-backup.sh --restore FILE   # restore into db/ (service must be stopped)
#   ops/goatcounter-backup.sh --export         # also write a CSV export via goatcounter
#
# GoatCounter runs from this repo (`goatcounter serve -db sqlite+db/goatcounter.sqlite3`,
# started by ops/run-goatcounter.sh, pid file db/goatcounter.pid).  The backup
# uses sqlite3's online ".backup" so the server can keep running.  Backups
# are kept in backups/goatcounter/ (git-ignored): 14 daily + 6 monthly.  A
# restore stops the server *we* started (pid from our pid file, and only if
# that pid is really a goatcounter process), swaps the file, and starts it
# again with the same script.
set -Eeuo pipefail

ops=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$ops/.." && pwd)
db="$repo/db/goatcounter.sqlite3"
pidfile="$repo/db/goatcounter.pid"
dest="$repo/backups/goatcounter"
keep_daily=14
keep_monthly=6

log() { printf '%s goatcounter-backup: %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "error: $*"; exit 1; }

command -v sqlite3 >/dev/null || die "sqlite3 is required"
[[ -f $db ]] || die "database ${db#"$repo"/} not found"
mkdir -p -- "$dest/daily" "$dest/monthly"

our_server_pid() {
  [[ -f $pidfile ]] || return 1
  local pid
  pid=$(<"$pidfile")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  # only report it if the pid is alive and really is goatcounter from this repo
  [[ -r /proc/$pid/cmdline ]] || return 1
  tr '\0' ' ' < "/proc/$pid/cmdline" | grep -q "goatcounter serve.*$repo/db/goatcounter.sqlite3\|goatcounter serve.*sqlite+db/goatcounter.sqlite3" || return 1
  printf '%s' "$pid"
}

backup() {
  local stamp file
  stamp=$(date +%Y%m%d-%H%M%S)
  file="$dest/daily/goatcounter-$stamp.sqlite3"
  sqlite3 "$db" ".timeout 10000" ".backup '$file.part'"
  local check
  check=$(sqlite3 "$file.part" 'PRAGMA integrity_check;')
  [[ $check == ok ]] || { rm -f -- "$file.part"; die "integrity check failed: $check"; }
  mv -f -- "$file.part" "$file"
  zstd -q --rm -19 "$file"
  log "backup ${file#"$repo"/}.zst ($(du -h -- "$file.zst" | cut -f1))"

  # first backup of a month is also kept as the monthly one
  local month
  month=$(date +%Y-%m)
  if ! ls "$dest/monthly/goatcounter-$month"* >/dev/null 2>&1; then
    cp -- "$file.zst" "$dest/monthly/goatcounter-$month.sqlite3.zst"
    log "monthly copy for $month"
  fi
}

rotate() {
  local dir=$1 keep=$2 f
  mapfile -t old < <(ls -1t "$dir"/goatcounter-*.zst 2>/dev/null | tail -n +$((keep + 1)))
  for f in "${old[@]}"; do
    [[ $f == "$dest"/* ]] || continue
    rm -f -- "$f"
    log "rotated out ${f#"$repo"/}"
  done
}

disk_check() {
  # refuse to back up when less than twice the DB size is free on the target
  local need free
  need=$(( $(stat -c %s -- "$db") * 2 / 1024 ))
  free=$(df -Pk -- "$dest" | awk 'NR == 2 { print $4 }')
  if (( free < need )); then
    die "only ${free} KiB free in ${dest#"$repo"/}, need ${need} KiB"
  fi
}

stats() {
  sqlite3 -readonly "$db" <<'SQL'
.mode list
SELECT 'sites: ' || count(*) FROM sites;
SELECT 'paths: ' || count(*) FROM paths;
SELECT 'hit_counts rows: ' || count(*) FROM hit_counts;
SQL
}

export_csv() {
  command -v goatcounter >/dev/null || { log "goatcounter binary missing; no export"; return 0; }
  local out="$repo/exports/goatcounter"
  mkdir -p -- "$out"
  goatcounter db -db "sqlite+$db" query 'select id, cname from sites' >/dev/null 2>&1 || true
  local site
  for site in $(sqlite3 -readonly "$db" 'SELECT site_id FROM sites WHERE state = "a"'); do
    goatcounter export -db "sqlite+$db" -site "$site" > "$out/site-$site-$(date +%Y%m%d).csv.gz.part"
    mv -f -- "$out/site-$site-$(date +%Y%m%d).csv.gz.part" "$out/site-$site-$(date +%Y%m%d).csv.gz"
    log "export for site $site"
  done
}

restore() {
  local src=$1
  [[ -f $src ]] || die "no such backup $src"
  case $(realpath -- "$src") in
    "$dest"/*) ;;
    *) die "restore only from ${dest#"$repo"/}" ;;
  esac
  local pid=""
  if pid=$(our_server_pid); then
    log "stopping our goatcounter server (pid $pid)"
    kill "$pid"
    for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -0 "$pid" 2>/dev/null && die "server did not stop"
  fi
  local tmp="$db.restore"
  case $src in
    *.zst) zstd -q -d -c -- "$src" > "$tmp" ;;
    *) cp -- "$src" "$tmp" ;;
  esac
  [[ $(sqlite3 "$tmp" 'PRAGMA integrity_check;') == ok ]] || { rm -f -- "$tmp"; die "backup is corrupt"; }
  cp -- "$db" "$db.before-restore-$(date +%s)"
  mv -f -- "$tmp" "$db"
  log "restored ${src#"$repo"/}"
  if [[ -n $pid ]]; then
    "$ops/run-goatcounter.sh" --daemon
    log "server restarted"
  fi
}

list_backups() {
  local f
  printf '%-48s %8s\n' backup size
  for f in "$dest"/monthly/*.zst "$dest"/daily/*.zst; do
    [[ -e $f ]] || continue
    printf '%-48s %8s\n' "${f#"$dest"/}" "$(du -h -- "$f" | cut -f1)"
  done
}

verify_all() {
  # decompress each backup into a temp file and run the integrity check
  local f tmp bad=0
  tmp=$(mktemp)
  for f in "$dest"/monthly/*.zst "$dest"/daily/*.zst; do
    [[ -e $f ]] || continue
    zstd -q -d -c -- "$f" > "$tmp"
    if [[ $(sqlite3 "$tmp" 'PRAGMA integrity_check;') == ok ]]; then
      log "ok      ${f#"$dest"/}"
    else
      log "CORRUPT ${f#"$dest"/}"
      bad=$((bad + 1))
    fi
  done
  rm -f -- "$tmp"
  (( bad == 0 ))
}

vacuum_hint() {
  # suggest VACUUM when the free-page ratio is high; never runs it itself
  local pages free
  pages=$(sqlite3 -readonly "$db" 'PRAGMA page_count;')
  free=$(sqlite3 -readonly "$db" 'PRAGMA freelist_count;')
  if (( pages > 0 && free * 100 / pages > 20 )); then
    log "$(( free * 100 / pages ))% free pages – consider: sqlite3 db/goatcounter.sqlite3 VACUUM (server stopped)"
  fi
}

case ${1:-} in
  --list) list_backups ;;
  --verify-all) verify_all ;;
  --restore) restore "${2:?backup file}" ;;
  --export) backup; rotate "$dest/daily" "$keep_daily"; rotate "$dest/monthly" "$keep_monthly"; export_csv ;;
  --stats) stats ;;
  "") disk_check; backup; rotate "$dest/daily" "$keep_daily"; rotate "$dest/monthly" "$keep_monthly"; stats >&2; vacuum_hint ;;
  *) sed -n '2,15p' "$0"; exit 1 ;;
esac
