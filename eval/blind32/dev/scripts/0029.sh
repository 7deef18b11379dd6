#!/usr/bin/env bash
# Verify that the nightly GitLab backups on gitlab.internal look sane.
# Read-only: it lists files and reads tar headers over ssh, it never restores,
# deletes or moves anything on the server.
#
# Checks:
#   - a backup newer than MAX_AGE_HOURS exists in /var/opt/gitlab/backups
#   - the newest tar contains backup_information.yml, db/database.sql.gz and
#     repositories/
#   - gitlab-secrets.json and gitlab.rb copies exist in the config backup dir
#     (only their presence and size are checked; contents are never read)
#   - backup sizes did not shrink by more than SHRINK_PCT compared to the
#     previous one
#
# Output: a short report on stdout and reports/gitlab-backups.tsv.
set -euo pipefail
IFS=$'\n\t'

HOST="${GITLAB_HOST:-gitlab.internal}"
SSH_USER="${GITLAB_SSH_USER:-backup-audit}"
BACKUP_DIR="/var/opt/gitlab/backups"
CONFIG_BACKUP_DIR="/etc/gitlab/config_backup"
MAX_AGE_HOURS="${MAX_AGE_HOURS:-26}"
SHRINK_PCT="${SHRINK_PCT:-20}"
REPORT="reports/gitlab-backups.tsv"
SSH_OPTS=(-o BatchMode=yes -o ConnectTimeout=10 -o ServerAliveInterval=15)
FAILURES=0

log()  { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }
fail() { log "FAIL: $*"; FAILURES=$(( FAILURES + 1 )); }
ok()   { log "ok:   $*"; }
die()  { log "$*"; exit 2; }

remote() {
  ssh "${SSH_OPTS[@]}" "$SSH_USER@$HOST" "$@"
}

case "$HOST" in
  *.internal) ;;
  *) die "this checker only runs against the internal GitLab (*.internal), not $HOST" ;;
esac

list_backups() {
  # prints: <mtime epoch> <size bytes> <name>
  remote "find '$BACKUP_DIR' -maxdepth 1 -name '*_gitlab_backup.tar' -printf '%T@ %s %f\n'" \
    | sort -n
}

check_age() {
  local newest_epoch="$1" now age_h
  now="$(date +%s)"
  age_h=$(( (now - ${newest_epoch%.*}) / 3600 ))
  if (( age_h > MAX_AGE_HOURS )); then
    fail "newest backup is ${age_h}h old (limit ${MAX_AGE_HOURS}h)"
  else
    ok "newest backup is ${age_h}h old"
  fi
}

check_contents() {
  local name="$1" listing entry
  listing="$(remote "tar -tf '$BACKUP_DIR/$name' 2>/dev/null | head -n 2000")"
  for entry in backup_information.yml db/database.sql.gz repositories/; do
    if grep -q "^${entry}" <<<"$listing"; then
      ok "$name contains $entry"
    else
      fail "$name is missing $entry"
    fi
  done
  local version
  version="$(remote "tar -xOf '$BACKUP_DIR/$name' backup_information.yml" | awk -F': ' '/^:gitlab_version/ {print $2}')"
  log "backup made by GitLab ${version:-unknown}"
}

check_config_copies() {
  local listing
  listing="$(remote "ls -l --time-style=+%s '$CONFIG_BACKUP_DIR' 2>/dev/null" || true)"
  if [[ -z "$listing" ]]; then
    fail "cannot list $CONFIG_BACKUP_DIR (permissions?)"
    return
  fi
  if grep -q 'gitlab_config_.*\.tar' <<<"$listing"; then
    ok "config backup archives present ($(grep -c 'gitlab_config_' <<<"$listing"))"
  else
    fail "no gitlab_config_*.tar in $CONFIG_BACKUP_DIR"
  fi
}

check_shrink() {
  local prev_size="$1" cur_size="$2" drop
  if (( prev_size == 0 )); then
    return
  fi
  drop=$(( (prev_size - cur_size) * 100 / prev_size ))
  if (( drop > SHRINK_PCT )); then
    fail "backup shrank by ${drop}% compared to the previous one"
  else
    ok "size change vs previous: $(( -drop ))%"
  fi
}

check_disk() {
  # free space on the backup volume; a full disk is the usual cause of missing backups
  local line used_pct avail
  line="$(remote "df -P '$BACKUP_DIR' | tail -n 1")"
  used_pct="$(awk '{gsub("%","",$5); print $5}' <<<"$line")"
  avail="$(awk '{print $4}' <<<"$line")"
  if (( used_pct >= 90 )); then
    fail "backup volume ${used_pct}% full ($(human $(( avail * 1024 ))) free)"
  else
    ok "backup volume ${used_pct}% used"
  fi
}

check_schedule() {
  # the backup job is a systemd timer on the server; only its status is read
  local state
  state="$(remote "systemctl show gitlab-backup.timer -p ActiveState --value" 2>/dev/null || true)"
  case "$state" in
    active) ok "gitlab-backup.timer is active" ;;
    "") log "cannot read timer state (no permission?)" ;;
    *) fail "gitlab-backup.timer is $state" ;;
  esac
  local last
  last="$(remote "systemctl show gitlab-backup.service -p ExecMainStatus --value" 2>/dev/null || true)"
  if [[ -n "$last" && "$last" != "0" ]]; then
    fail "last backup run exited with status $last"
  fi
}

human() {
  numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "$1"
}

write_report() {
  mkdir -p "$(dirname "$REPORT")"
  local tmp
  tmp="$(mktemp "${REPORT}.XXXXXX")"
  printf 'mtime\tsize\tname\n' > "$tmp"
  local line epoch size name
  for line in "$@"; do
    read -r epoch size name <<<"${line//$'\t'/ }"
    printf '%s\t%s\t%s\n' "$(date -d "@${epoch%.*}" '+%F %T')" "$(human "$size")" "$name" >> "$tmp"
  done
  mv -f "$tmp" "$REPORT"
}

main() {
  command -v ssh >/dev/null || die "ssh not found"
  log "checking backups on $HOST"
  local backups=()
  mapfile -t backups < <(list_backups)
  if (( ${#backups[@]} == 0 )); then
    fail "no backups found in $BACKUP_DIR"
    exit 1
  fi
  local newest="${backups[-1]}" prev="0 0 none"
  if (( ${#backups[@]} > 1 )); then
    prev="${backups[-2]}"
  fi
  local n_epoch n_size n_name p_size
  IFS=' ' read -r n_epoch n_size n_name <<<"$newest"
  IFS=' ' read -r _ p_size _ <<<"$prev"
  log "newest: $n_name ($(human "$n_size"))"
  check_age "$n_epoch"
  check_contents "$n_name"
  check_shrink "$p_size" "$n_size"
  check_config_copies
  check_disk
  check_schedule
  write_report "${backups[@]}"
  log "report written to $REPORT (${#backups[@]} backups listed)"
  if (( FAILURES > 0 )); then
    log "$FAILURES check(s) failed"
    exit 1
  fi
  log "all checks passed"
}

main "$@"
