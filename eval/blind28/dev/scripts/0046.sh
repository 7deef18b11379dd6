#!/usr/bin/env bash
# mastodon-housekeeping.sh - weekly cache housekeeping for social.internal
#
#   deploy/mastodon-housekeeping.sh                 dry run (default): show what would go
#   deploy/mastodon-housekeeping.sh --apply         actually remove cached remote media
#   deploy/mastodon-housekeeping.sh --days 14       cache age threshold (default 30)
#
# Only *caches* are touched: cached copies of remote media, remote preview
# cards and orphaned media files.  Local accounts, local statuses and domain
# blocks are never modified - there is no `accounts delete`, `domains purge`
# or `statuses remove` in here on purpose.
#
# Runs as the mastodon user in the live directory (MASTODON_HOME).

set -euo pipefail

MASTODON_HOME="${MASTODON_HOME:-/home/mastodon/live}"
RAILS_ENV="${RAILS_ENV:-production}"
DAYS=30
APPLY=0
CONCURRENCY="${CONCURRENCY:-5}"
REPORT_DIR="${REPORT_DIR:-$HOME/housekeeping-reports}"
LOCK="/tmp/mastodon-housekeeping.lock"

log() { printf '[%s] %s\n' "$(date '+%F %T')" "$*"; }
die() { log "ERROR: $*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --apply) APPLY=1 ;;
    --days) DAYS="${2:?}"; shift ;;
    --concurrency) CONCURRENCY="${2:?}"; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) die "unknown option: $1" ;;
  esac
  shift
done

[[ "$DAYS" =~ ^[0-9]+$ ]] || die "--days must be a number"
((DAYS >= 7)) || die "--days below 7 would drop media people are still looking at"

exec 9>"$LOCK"
flock -n 9 || die "another housekeeping run holds $LOCK"

tootctl() {
  (cd "$MASTODON_HOME" && RAILS_ENV="$RAILS_ENV" bin/tootctl "$@")
}

dry_flag() {
  ((APPLY)) || printf -- '--dry-run'
}

check_env() {
  [[ -x "$MASTODON_HOME/bin/tootctl" ]] || die "no tootctl in $MASTODON_HOME"
  [[ "$(id -un)" == mastodon ]] || die "run as the mastodon user (sudo -iu mastodon)"
  local host
  host="$(cd "$MASTODON_HOME" && grep -E '^LOCAL_DOMAIN=' .env.production | cut -d= -f2)"
  case "$host" in
    social.internal|social.test.internal) log "instance $host" ;;
    *) die "unexpected LOCAL_DOMAIN '$host'" ;;
  esac
}

usage_snapshot() {
  local label="$1" file="$REPORT_DIR/$(date +%F)-$label.txt"
  mkdir -p "$REPORT_DIR"
  tootctl media usage | tee "$file"
  log "media usage ($label) saved to $file"
}

step() {
  local name="$1"
  shift
  log "step: $name $(dry_flag)"
  local start rc
  start="$(date +%s)"
  set +e
  tootctl "$@" $(dry_flag)
  rc=$?
  set -e
  log "step $name finished in $(( $(date +%s) - start ))s (rc=$rc)"
  return "$rc"
}

media_cache() {
  step "remote media cache older than $DAYS days" \
    media remove --days "$DAYS" --concurrency "$CONCURRENCY"
}

preview_cards() {
  step "preview cards older than $DAYS days" \
    preview_cards remove --days "$DAYS" --concurrency "$CONCURRENCY"
}

orphans() {
  # only files with no database record; safe by construction
  step "orphaned media files" media remove-orphans
}

header_avatars() {
  step "cached headers/avatars of remote accounts" \
    media remove --prune-profiles --days "$DAYS" --concurrency "$CONCURRENCY"
}

disk_free() {
  df -h "$MASTODON_HOME/public/system" 2>/dev/null | awk 'NR==2 {print $4 " free on " $6}'
}

sidekiq_busy() {
  # skip the run while Sidekiq's default queue is backed up: media removal
  # competes with delivery jobs for the same database connections
  local size
  size="$(cd "$MASTODON_HOME" && RAILS_ENV="$RAILS_ENV" bin/rails runner \
    'puts Sidekiq::Queue.new("default").size' 2>/dev/null || echo 0)"
  if ((size > ${MAX_QUEUE:-5000})); then
    log "sidekiq default queue has $size jobs; postponing housekeeping"
    return 0
  fi
  return 1
}

prune_reports() {
  local keep="${KEEP_REPORTS:-12}" old
  [[ -d "$REPORT_DIR" ]] || return 0
  while IFS= read -r old; do
    [[ -n "$old" ]] || continue
    case "$old" in
      "$REPORT_DIR"/*-before.txt|"$REPORT_DIR"/*-after.txt) rm -f -- "$old" ;;
    esac
  done < <(ls -1t "$REPORT_DIR"/*.txt 2>/dev/null | tail -n +"$((keep * 2 + 1))")
}

compare_usage() {
  local before="$REPORT_DIR/$(date +%F)-before.txt" after="$REPORT_DIR/$(date +%F)-after.txt"
  [[ -f "$before" && -f "$after" ]] || return 0
  log "media usage change:"
  diff <(grep -E '^(Attachments|Custom emoji|Preview cards|Avatars|Headers|Backups|Imports|Settings)' "$before") \
       <(grep -E '^(Attachments|Custom emoji|Preview cards|Avatars|Headers|Backups|Imports|Settings)' "$after") \
    | sed 's/^/    /' || true
}

notify_admins() {
  # optional: post a short note to the admin room on our Synapse
  local token="${MATRIX_NOTIFY_TOKEN:-}" room="${MATRIX_ADMIN_ROOM:-}"
  [[ -n "$token" && -n "$room" ]] || return 0
  local body
  body="$(jq -n --arg t "Mastodon housekeeping ($( ((APPLY)) && echo applied || echo dry-run)): $(disk_free)" \
    '{msgtype: "m.notice", body: $t}')"
  curl -fsS -X PUT -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "$body" "http://localhost:8008/_matrix/client/v3/rooms/$room/send/m.room.message/hk-$(date +%s)" \
    >/dev/null || log "could not notify the admin room"
}

summary() {
  compare_usage
  notify_admins
  prune_reports
  log "disk: $(disk_free)"
  if ((APPLY)); then
    log "housekeeping applied"
  else
    log "dry run only; re-run with --apply to remove the items listed above"
  fi
}

main() {
  check_env
  log "threshold $DAYS days, concurrency $CONCURRENCY, mode $( ((APPLY)) && echo apply || echo dry-run)"
  log "disk: $(disk_free)"
  if sidekiq_busy; then
    exit 0
  fi
  usage_snapshot before
  local failed=0
  media_cache || failed=$((failed + 1))
  preview_cards || failed=$((failed + 1))
  header_avatars || failed=$((failed + 1))
  orphans || failed=$((failed + 1))
  ((APPLY)) && usage_snapshot after
  summary
  ((failed == 0)) || die "$failed step(s) failed"
}

main
