#!/usr/bin/env bash
# etcd-dev.sh - snapshot, restore and seed the etcd member of the local
# k3d/compose dev stack.
#
#   etcd-dev.sh snapshot              -> backups/etcd/<date>.db
#   etcd-dev.sh restore <file> --yes  restore into a fresh data dir and restart
#   etcd-dev.sh seed                  put dev/etcd/*.env keys under /svc/dev/
#   etcd-dev.sh clear --yes           delete /svc/dev/ (and nothing else)
#
# The endpoint must be local. Restore only touches ./.data/etcd (the bind
# mount of the compose service) and keeps the previous data dir as a backup.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ENDPOINT="${ETCD_ENDPOINT:-http://127.0.0.1:2379}"
DATA_DIR="$PROJECT/.data/etcd"
BACKUP_DIR="$PROJECT/backups/etcd"
SEED_DIR="$PROJECT/dev/etcd"
KEY_PREFIX="/svc/dev/"
COMPOSE_SERVICE="etcd"
CONFIRM=0

log() { echo "[etcd-dev] $*"; }
die() { echo "[etcd-dev] $*" >&2; exit 1; }

on_error() {
  local line="$1"
  die "failed at line $line"
}
trap 'on_error $LINENO' ERR

ectl() {
  ETCDCTL_API=3 etcdctl --endpoints="$ENDPOINT" --dial-timeout=3s "$@"
}

require_local_endpoint() {
  local host="${ENDPOINT#*://}"
  host="${host%%:*}"
  case "$host" in
    127.0.0.1|localhost) ;;
    *) die "endpoint $ENDPOINT is not local; refusing" ;;
  esac
}

require_confirm() {
  ((CONFIRM)) || die "$1 is destructive for the local dev data; pass --yes"
}

healthy() {
  ectl endpoint health >/dev/null 2>&1
}

wait_healthy() {
  local n=0
  until healthy; do
    ((n++ < 40)) || die "etcd at $ENDPOINT did not become healthy"
    sleep 0.5
  done
}

cmd_snapshot() {
  mkdir -p "$BACKUP_DIR"
  local out="$BACKUP_DIR/$(date +%Y%m%d-%H%M%S).db"
  ectl snapshot save "$out" >/dev/null
  ETCDCTL_API=3 etcdutl snapshot status "$out" -w table 2>/dev/null \
    || ETCDCTL_API=3 etcdctl snapshot status "$out" -w table
  log "saved ${out#$PROJECT/}"
  # keep the 10 newest snapshots
  ls -1t "$BACKUP_DIR"/*.db 2>/dev/null | tail -n +11 | while read -r old; do
    rm -f -- "$old"
    log "pruned ${old#$PROJECT/}"
  done
}

cmd_restore() {
  local file="${1:?usage: restore <snapshot-file> --yes}"
  require_confirm restore
  [[ -f "$file" ]] || die "no such snapshot $file"
  case "$(cd "$(dirname "$file")" && pwd)/" in
    "$BACKUP_DIR"/*|"$BACKUP_DIR/") ;;
    *) die "snapshot must come from ${BACKUP_DIR#$PROJECT/}" ;;
  esac
  [[ "$DATA_DIR" == "$PROJECT"/.data/* ]] || die "unexpected data dir $DATA_DIR"

  log "stopping compose service $COMPOSE_SERVICE"
  docker compose -f "$PROJECT/docker-compose.yml" stop "$COMPOSE_SERVICE"

  local staging="$PROJECT/.data/etcd.restore.$$"
  rm -rf -- "$staging"
  ETCDCTL_API=3 etcdutl snapshot restore "$file" --data-dir "$staging" \
    --name dev --initial-cluster "dev=http://127.0.0.1:2380" \
    --initial-advertise-peer-urls "http://127.0.0.1:2380"

  if [[ -d "$DATA_DIR" ]]; then
    local keep="$PROJECT/.data/etcd.before-restore"
    rm -rf -- "$keep"
    mv "$DATA_DIR" "$keep"
    log "previous data dir kept at ${keep#$PROJECT/}"
  fi
  mv "$staging" "$DATA_DIR"

  docker compose -f "$PROJECT/docker-compose.yml" start "$COMPOSE_SERVICE"
  wait_healthy
  log "restored $(basename "$file")"
}

cmd_seed() {
  shopt -s nullglob
  local f svc key value count=0
  for f in "$SEED_DIR"/*.env; do
    svc="$(basename "$f" .env)"
    while IFS='=' read -r key value; do
      [[ -z "$key" || "$key" == \#* ]] && continue
      printf '%s' "$value" | ectl put "${KEY_PREFIX}${svc}/${key,,}" >/dev/null
      ((count++)) || true
    done < "$f"
  done
  log "put $count key(s) under $KEY_PREFIX"
}

cmd_clear() {
  require_confirm clear
  [[ "$KEY_PREFIX" == /svc/dev/ ]] || die "prefix changed to $KEY_PREFIX; refusing"
  local n
  n="$(ectl del "$KEY_PREFIX" --prefix)"
  log "deleted ${n:-0} key(s) under $KEY_PREFIX"
}

cmd_show() {
  ectl get "$KEY_PREFIX" --prefix --keys-only | grep -v '^$' | sort
}

cmd_diff() {
  # compare the seed files with what is currently in etcd
  shopt -s nullglob
  local f svc key value current missing=0 differ=0
  for f in "$SEED_DIR"/*.env; do
    svc="$(basename "$f" .env)"
    while IFS='=' read -r key value; do
      [[ -z "$key" || "$key" == \#* ]] && continue
      current="$(ectl get "${KEY_PREFIX}${svc}/${key,,}" --print-value-only)"
      if [[ -z "$current" ]]; then
        echo "  + ${svc}/${key,,}"
        missing=$((missing + 1))
      elif [[ "$current" != "$value" ]]; then
        echo "  ~ ${svc}/${key,,}"
        differ=$((differ + 1))
      fi
    done < "$f"
  done
  log "$missing missing, $differ different"
}

cmd_status() {
  ectl endpoint status -w table
  ectl endpoint health -w table
  local n
  n="$(ectl get "$KEY_PREFIX" --prefix --count-only -w json | jq -r '.count // 0')"
  log "$n key(s) under $KEY_PREFIX"
  if [[ -d "$BACKUP_DIR" ]]; then
    log "latest snapshot: $(ls -1t "$BACKUP_DIR"/*.db 2>/dev/null | head -n 1 | xargs -r basename)"
  fi
}

main() {
  local cmd="${1:-show}"; shift || true
  local args=()
  while (($#)); do
    case "$1" in
      --yes) CONFIRM=1 ;;
      *) args+=("$1") ;;
    esac
    shift
  done
  command -v etcdctl >/dev/null || die "etcdctl not found"
  require_local_endpoint
  case "$cmd" in
    snapshot) wait_healthy; cmd_snapshot ;;
    restore) cmd_restore "${args[@]}" ;;
    seed) wait_healthy; cmd_seed ;;
    clear) wait_healthy; cmd_clear ;;
    show) wait_healthy; cmd_show ;;
    diff) wait_healthy; cmd_diff ;;
    status) wait_healthy; cmd_status ;;
    *) die "unknown command $cmd" ;;
  esac
}

main "$@"
