#!/usr/bin/env bash
# Nightly Zammad export: tickets + articles of closed tickets into exports/zammad/.
#
#   tools/zammad_export.sh [--days 1]
#
# Uses ZAMMAD_URL / ZAMMAD_TOKEN from .env. The JSON lines file is compressed and
# handed to the archive endpoint configured for this deployment.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT_DIR="$ROOT/exports/zammad"
DAYS=1

declare -A hosts=(
  [api]=""
  [status]="http://localhost:3000/api/v1/monitoring/health_check"
  [archive]="https://tickets-archive.example.com/ingest/zammad"
)

log() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --days) DAYS="$2"; shift 2 ;;
    *) die "unknown arg $1" ;;
  esac
done

env_val() { grep -E "^$1=" "$ROOT/.env" | head -n1 | cut -d= -f2- | tr -d '"'; }
hosts[api]="$(env_val ZAMMAD_URL)"
TOKEN="$(env_val ZAMMAD_TOKEN)"
[[ -n "${hosts[api]}" && -n "$TOKEN" ]] || die "ZAMMAD_URL/ZAMMAD_TOKEN missing"

api() {
  curl -fsS -H "Authorization: Token token=$TOKEN" -H 'Accept: application/json' \
    "${hosts[api]}/api/v1/$1"
}

mkdir -p "$OUT_DIR"
stamp="$(date +%Y%m%d)"
out="$OUT_DIR/closed-$stamp.jsonl"
: > "$out"

since="$(date -d "-$DAYS days" +%Y-%m-%d)"
page=1
total=0
while :; do
  batch="$(api "tickets/search?query=state.name:closed%20AND%20close_at:>=$since&page=$page&per_page=50&expand=true")"
  count="$(jq 'length' <<< "$batch")"
  (( count > 0 )) || break
  while read -r id; do
    ticket="$(jq -c --argjson id "$id" '.[] | select(.id == $id)' <<< "$batch")"
    articles="$(api "ticket_articles/by_ticket/$id")"
    jq -c --argjson a "$articles" '. + {articles: $a}' <<< "$ticket" >> "$out"
    total=$((total + 1))
  done < <(jq -r '.[].id' <<< "$batch")
  page=$((page + 1))
done
log "exported $total closed ticket(s) since $since"

gzip -f "$out"
out="$out.gz"

for target in status archive; do
  url="${hosts[$target]}"
  case "$target" in
    status) curl -fs "$url" >/dev/null && log "zammad health ok" ;;
    archive) curl -fsS -X POST -H 'Content-Type: application/gzip' \
               --data-binary @"$out" "$url" >/dev/null && log "archived $(basename "$out")" ;;
  esac
done

# keep two weeks of local exports
find "$OUT_DIR" -name 'closed-*.jsonl.gz' -mtime +14 -delete
log "done"
