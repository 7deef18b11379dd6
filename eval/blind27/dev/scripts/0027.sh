#!/usr/bin/env bash
# Minecraft world backup + rotation for the club server.
#
# Usage: tools/mc-backup.sh [--keep N] [--dest DIR] [--no-rcon] [--verify]
#
# - flushes the world with RCON (save-off / save-all flush), archives
#   server/world*, turns saving back on even if the archive step fails
# - prunes our own archives in backups/ (only files matching world-*.tar.zst)
# - DEST must be inside the project or in the allow-listed NAS mount
set -Eeuo pipefail

HERE="$(cd "$(dirname "$0")/.." && pwd)"
SERVER_DIR="$HERE/server"
DEST="$HERE/backups"
KEEP=14
USE_RCON=1
VERIFY=0
RCON_HOST="${RCON_HOST:-127.0.0.1}"
RCON_PORT="${RCON_PORT:-25575}"
ALLOWED_DEST_PREFIXES=("$HERE/" "/mnt/nas/mc-club/")
STAMP="$(date +%Y%m%d-%H%M%S)"

log() { echo "[$(date '+%F %T')] $*"; }
die() { echo "[$(date '+%F %T')] FATAL: $*" >&2; exit 1; }

if [[ -f "$HERE/.env" ]]; then
  # .env holds RCON_PASSWORD only; it is the project's own file
  set -a
  # shellcheck disable=SC1091
  . "$HERE/.env"
  set +a
fi

list_archives() {
  local f
  printf '%-32s %8s %s\n' "archive" "size" "checksum"
  for f in "$DEST"/world-*.tar.zst; do
    [[ -e "$f" ]] || { echo "(none)"; return 0; }
    local sum="missing"
    if [[ -f "$f.sha256" ]]; then
      (cd "$DEST" && sha256sum -c --status "$(basename "$f").sha256") && sum="ok" || sum="BAD"
    fi
    printf '%-32s %8s %s\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)" "$sum"
  done
}

restore_test() {
  # Unpack the newest archive into a scratch dir inside the project and check
  # that level.dat parses; the live world is never touched.
  local newest scratch
  newest="$(ls -1t "$DEST"/world-*.tar.zst 2>/dev/null | head -n 1)"
  [[ -n "$newest" ]] || die "no archives to test"
  scratch="$(mktemp -d "$HERE/.restore-test.XXXXXX")"
  log "test-restoring $(basename "$newest") into $scratch"
  zstd -dc "$newest" | tar -C "$scratch" -xf -
  if [[ -s "$scratch/world/level.dat" ]]; then
    log "level.dat present ($(stat -c %s "$scratch/world/level.dat") bytes)"
  else
    log "level.dat missing"
  fi
  rm -rf -- "$scratch"
}

MODE="backup"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --list) MODE="list"; shift ;;
    --restore-test) MODE="restore-test"; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    --dest) DEST="$(realpath -m "$2")"; shift 2 ;;
    --no-rcon) USE_RCON=0; shift ;;
    --verify) VERIFY=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
done

[[ "$KEEP" =~ ^[0-9]+$ ]] && (( KEEP >= 1 )) || die "--keep must be a positive integer"

dest_allowed() {
  local p
  for p in "${ALLOWED_DEST_PREFIXES[@]}"; do
    [[ "$DEST/" == "$p"* ]] && return 0
  done
  return 1
}
dest_allowed || die "destination $DEST is not in the allow-list"
mkdir -p "$DEST"

case "$MODE" in
  list) list_archives; exit 0 ;;
  restore-test) restore_test; exit 0 ;;
esac

rcon() {
  (( USE_RCON )) || return 0
  [[ -n "${RCON_PASSWORD:-}" ]] || die "RCON_PASSWORD not set (.env)"
  mcrcon -H "$RCON_HOST" -P "$RCON_PORT" -p "$RCON_PASSWORD" "$@"
}

SAVE_OFF=0
restore_saving() {
  if (( SAVE_OFF )); then
    log "re-enabling autosave"
    rcon "save-on" >/dev/null || log "warning: could not re-enable autosave"
    SAVE_OFF=0
  fi
}
TMP_ARCHIVE=""
on_exit() {
  local rc=$?
  restore_saving
  [[ -n "$TMP_ARCHIVE" && -f "$TMP_ARCHIVE" ]] && rm -f -- "$TMP_ARCHIVE"
  exit "$rc"
}
trap on_exit EXIT
trap 'log "failed at line $LINENO"' ERR

worlds=()
for d in "$SERVER_DIR"/world "$SERVER_DIR"/world_nether "$SERVER_DIR"/world_the_end; do
  [[ -d "$d" ]] && worlds+=("$(basename "$d")")
done
(( ${#worlds[@]} )) || die "no world directories under $SERVER_DIR"
log "worlds: ${worlds[*]}"

if (( USE_RCON )); then
  rcon "say [backup] starting, expect a short lag" >/dev/null
  rcon "save-off" >/dev/null
  SAVE_OFF=1
  rcon "save-all flush" >/dev/null
  sleep 5
fi

ARCHIVE="$DEST/world-$STAMP.tar.zst"
TMP_ARCHIVE="$ARCHIVE.part"
log "archiving to $ARCHIVE"
tar -C "$SERVER_DIR" --exclude='*.lock' -cf - "${worlds[@]}" \
  | zstd -q -T0 -10 -o "$TMP_ARCHIVE"
mv -- "$TMP_ARCHIVE" "$ARCHIVE"
TMP_ARCHIVE=""
restore_saving
rcon "say [backup] done" >/dev/null || true

sha256sum "$ARCHIVE" | sed "s#  $DEST/#  #" > "$ARCHIVE.sha256"
SIZE="$(du -h "$ARCHIVE" | cut -f1)"
log "archive size $SIZE"

if (( VERIFY )); then
  log "verifying archive"
  zstd -q -t "$ARCHIVE" || die "zstd integrity check failed"
  tar -tf <(zstd -dc "$ARCHIVE") | grep -q '^world/level.dat$' || die "level.dat missing from archive"
fi

# Rotation: only our own archives, newest first, keep $KEEP
mapfile -t archives < <(find "$DEST" -maxdepth 1 -type f -name 'world-*.tar.zst' -printf '%T@ %p\n' \
  | sort -rn | awk '{print $2}')
log "${#archives[@]} archives present, keeping $KEEP"
if (( ${#archives[@]} > KEEP )); then
  for old in "${archives[@]:KEEP}"; do
    case "$(basename "$old")" in
      world-*.tar.zst)
        log "pruning $(basename "$old")"
        rm -f -- "$old" "$old.sha256"
        ;;
      *) log "skipping unexpected file $old" ;;
    esac
  done
fi

# Report disk usage of the destination so the NAS does not silently fill up
USED_PCT="$(df --output=pcent "$DEST" | tail -n 1 | tr -dc '0-9')"
if (( USED_PCT > 90 )); then
  log "WARNING: $DEST is ${USED_PCT}% full"
fi

# Write a small JSON status file the Discord bot reads
cat > "$DEST/last-backup.json" <<EOF
{"archive": "$(basename "$ARCHIVE")", "size": "$SIZE", "time": "$(date -Iseconds)", "kept": $KEEP}
EOF

log "backup complete"
