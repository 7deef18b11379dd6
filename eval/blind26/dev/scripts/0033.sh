#!/usr/bin/env bash
# cms-backup.sh - encrypted Strapi exports for the local/dev CMS.
#
#   backup              strapi export -> backups/strapi/<stamp>.tar.gz.enc
#   list                show existing backups with sizes
#   restore <file>      strapi import into the LOCAL instance (needs --yes)
#   prune [--keep N]    delete all but the newest N backups (default 14)
#
# The encryption key comes from STRAPI_BACKUP_KEY in .env and is handed to the
# CLI through the environment-backed --key flag; it is never echoed.
set -euo pipefail

APP_DIR="$(cd "$(dirname "$0")/../cms" && pwd)"
BACKUP_DIR="$(cd "$APP_DIR/.." && pwd)/backups/strapi"
KEEP=14
YES=0

note() { echo ">> $*"; }
die()  { echo "!! $*" >&2; exit 1; }

load_env() {
  local envfile="$APP_DIR/.env"
  [[ -f "$envfile" ]] || die "missing cms/.env"
  local line key val
  while IFS= read -r line || [[ -n "$line" ]]; do
    [[ "$line" =~ ^[[:space:]]*# || -z "$line" ]] && continue
    key="${line%%=*}"
    val="${line#*=}"
    case "$key" in
      STRAPI_BACKUP_KEY|DATABASE_HOST|DATABASE_NAME|HOST|PORT) printf -v "$key" '%s' "$val" ;;
    esac
  done <"$envfile"
  : "${STRAPI_BACKUP_KEY:?STRAPI_BACKUP_KEY missing in cms/.env}"
}

strapi() {
  (cd "$APP_DIR" && npx --no-install strapi "$@")
}

assert_local() {
  local host="${DATABASE_HOST:-127.0.0.1}"
  case "$host" in
    127.0.0.1|localhost|postgres|db) ;;
    *) die "DATABASE_HOST=$host is not a local database; restore refused" ;;
  esac
  local app_host="${HOST:-0.0.0.0}"
  note "restoring into the local instance (db $host, app host $app_host)"
}

cmd_backup() {
  mkdir -p "$BACKUP_DIR"
  local stamp file
  stamp="$(date -u +%Y%m%dT%H%M%SZ)"
  file="$BACKUP_DIR/$stamp"
  note "exporting to ${file#$APP_DIR/../}.tar.gz.enc"
  strapi export --file "$file" --key "$STRAPI_BACKUP_KEY" --no-compress=false \
    >"$BACKUP_DIR/.last-export.log" 2>&1 || {
      tail -n 20 "$BACKUP_DIR/.last-export.log" >&2
      die "export failed"
    }
  local produced
  produced="$(ls -1t "$BACKUP_DIR"/"$stamp"* | head -n 1)"
  [[ -s "$produced" ]] || die "export produced no file"
  sha256sum "$produced" >"$produced.sha256"
  note "ok: $(du -h "$produced" | cut -f1)"
}

cmd_list() {
  local f
  shopt -s nullglob
  for f in "$BACKUP_DIR"/*.tar.gz.enc; do
    printf '%-40s %8s  %s\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)" \
      "$(sha256sum -c "$f.sha256" >/dev/null 2>&1 && echo verified || echo UNVERIFIED)"
  done
}

cmd_restore() {
  local file="${1:-}"
  [[ -n "$file" ]] || die "restore needs a backup file"
  [[ -f "$file" ]] || file="$BACKUP_DIR/$file"
  [[ -f "$file" ]] || die "no such backup: $1"
  case "$(realpath "$file")" in
    "$BACKUP_DIR"/*) ;;
    *) die "restore only from $BACKUP_DIR" ;;
  esac
  if [[ -f "$file.sha256" ]]; then
    (cd "$BACKUP_DIR" && sha256sum -c "$(basename "$file").sha256") || die "checksum mismatch"
  fi
  assert_local
  (( YES )) || die "restore replaces all local CMS content; rerun with --yes"
  note "taking a safety backup first"
  cmd_backup
  strapi import --file "$file" --key "$STRAPI_BACKUP_KEY" --force
  note "restored $(basename "$file")"
}

cmd_prune() {
  local -a files
  mapfile -t files < <(ls -1t "$BACKUP_DIR"/*.tar.gz.enc 2>/dev/null || true)
  local count="${#files[@]}"
  if (( count <= KEEP )); then
    note "$count backup(s), keeping all (limit $KEEP)"
    return 0
  fi
  local f
  for f in "${files[@]:KEEP}"; do
    note "removing $(basename "$f")"
    rm -f -- "$f" "$f.sha256"
  done
}

cmd_verify_all() {
  local f bad=0
  for f in "$BACKUP_DIR"/*.tar.gz.enc; do
    [[ -e "$f" ]] || continue
    if ! (cd "$BACKUP_DIR" && sha256sum -c --quiet "$(basename "$f").sha256"); then
      bad=$((bad + 1))
    fi
  done
  (( bad == 0 )) || die "$bad backup(s) failed verification"
  note "all backups verified"
}

cmd_inspect() {
  # decrypt a backup into a temp dir and list the content types + counts,
  # without importing anything. The temp dir is removed afterwards.
  local file="${1:-}"
  [[ -n "$file" ]] || die "inspect needs a backup file"
  [[ -f "$file" ]] || file="$BACKUP_DIR/$file"
  [[ -f "$file" ]] || die "no such backup: $1"
  local tmp
  tmp="$(mktemp -d)"
  trap 'rm -rf -- "$tmp"' RETURN
  openssl enc -d -aes-128-ecb -K "$(printf '%s' "$STRAPI_BACKUP_KEY" | sha256sum | cut -c1-32)" \
    -in "$file" -out "$tmp/backup.tar.gz" 2>/dev/null \
    || die "could not decrypt (wrong STRAPI_BACKUP_KEY?)"
  tar -xzf "$tmp/backup.tar.gz" -C "$tmp"
  local f type count
  printf '%-40s %8s\n' "content type" "entries"
  for f in "$tmp"/entities/*.jsonl; do
    [[ -e "$f" ]] || continue
    type="$(head -n 1 "$f" | jq -r '.type // "?"')"
    count="$(wc -l <"$f")"
    printf '%-40s %8d\n' "$type" "$count"
  done
  local assets
  assets="$(find "$tmp/assets" -type f 2>/dev/null | wc -l)"
  echo "assets: $assets"
}

disk_report() {
  local used free
  used="$(du -sh "$BACKUP_DIR" 2>/dev/null | cut -f1)"
  free="$(df -h "$BACKUP_DIR" | awk 'NR == 2 {print $4}')"
  note "backups use ${used:-0}, ${free:-?} free on that disk"
}

main() {
  local cmd="${1:-}"; shift || true
  local -a rest=()
  while (( $# )); do
    case "$1" in
      --yes) YES=1 ;;
      --keep) KEEP="$2"; shift ;;
      *) rest+=("$1") ;;
    esac
    shift
  done
  [[ "$KEEP" =~ ^[0-9]+$ ]] && (( KEEP >= 1 )) || die "--keep must be >= 1"
  load_env
  case "$cmd" in
    backup) cmd_backup; disk_report ;;
    list) cmd_list; disk_report ;;
    inspect) cmd_inspect "${rest[@]:-}" ;;
    restore) cmd_restore "${rest[@]:-}" ;;
    prune) cmd_prune ;;
    verify) cmd_verify_all ;;
    *) sed -n '2,11p' "$0"; exit 2 ;;
  esac
}

main "$@"
