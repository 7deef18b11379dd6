#!/usr/bin/env bash
# theme-release.sh - build the storefront theme and ship it to a preview theme.
#
#   tools/theme-release.sh pull            # pull the development theme into theme/
#   tools/theme-release.sh preview         # build, check, push to the "Preview" theme
#   tools/theme-release.sh live --yes      # push to the live theme (merchant approved)
#
# The live push is refused unless --yes is given AND the branch is main AND
# the working tree is clean. Store and theme ids come from config/stores.env.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THEME_DIR="$ROOT/theme"
STORES_FILE="$ROOT/config/stores.env"
LOG_DIR="$ROOT/build/logs"
WORK=""

log()  { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
warn() { log "warning: $*"; }
die()  { log "error: $*"; exit 1; }

cleanup() {
  local rc=$?
  if [[ -n "$WORK" && -d "$WORK" ]]; then
    rm -rf -- "$WORK"
  fi
  if (( rc != 0 )); then
    log "failed (exit $rc); logs in ${LOG_DIR#$ROOT/}"
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'die "interrupted"' INT TERM

usage() {
  sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

need() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
  done
}

load_store() {
  [[ -f "$STORES_FILE" ]] || die "missing ${STORES_FILE#$ROOT/}"
  # shellcheck disable=SC1090
  source "$STORES_FILE"
  : "${SHOPIFY_FLAG_STORE:?set SHOPIFY_FLAG_STORE in config/stores.env}"
  : "${PREVIEW_THEME_ID:?set PREVIEW_THEME_ID in config/stores.env}"
  case "$SHOPIFY_FLAG_STORE" in
    *.myshopify.com) ;;
    *) die "SHOPIFY_FLAG_STORE must be a *.myshopify.com domain" ;;
  esac
  export SHOPIFY_FLAG_STORE
  if [[ -f "$ROOT/.env" ]]; then
    local token
    token="$(grep -E '^SHOPIFY_CLI_THEME_TOKEN=' "$ROOT/.env" | cut -d= -f2- || true)"
    if [[ -n "$token" ]]; then
      export SHOPIFY_CLI_THEME_TOKEN="$token"
      log "using theme access token ${token:0:4}****"
    fi
  fi
}

build_assets() {
  log "building assets"
  mkdir -p "$LOG_DIR"
  if [[ -f "$ROOT/package.json" ]]; then
    (cd "$ROOT" && npm run --silent build) >"$LOG_DIR/build.log" 2>&1 \
      || die "asset build failed, see build/logs/build.log"
  fi
}

theme_check() {
  log "running theme check"
  mkdir -p "$LOG_DIR"
  if ! shopify theme check --path "$THEME_DIR" --fail-level error >"$LOG_DIR/check.log" 2>&1; then
    tail -n 30 "$LOG_DIR/check.log" >&2
    die "theme check found errors"
  fi
}

pull_dev() {
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/theme-pull.XXXXXX")"
  log "pulling development theme into a staging dir"
  shopify theme pull --development --path "$WORK" \
    --ignore 'config/settings_data.json' >"$LOG_DIR/pull.log" 2>&1 \
    || die "pull failed"
  local changed
  changed="$(diff -rq "$WORK" "$THEME_DIR" 2>/dev/null | wc -l | tr -d ' ')"
  log "$changed file(s) differ from theme/"
  rsync -a --delete --exclude 'config/settings_data.json' "$WORK/" "$THEME_DIR/"
  log "theme/ updated; review with: git diff --stat -- theme/"
}

assert_clean_main() {
  local branch
  branch="$(git -C "$ROOT" rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == "main" ]] || die "live pushes only from main (on $branch)"
  if [[ -n "$(git -C "$ROOT" status --porcelain -- theme/)" ]]; then
    die "theme/ has uncommitted changes"
  fi
}

push_theme() {
  local theme_id="$1"; shift
  local -a args=(theme push --path "$THEME_DIR" --theme "$theme_id" --nodelete --json)
  args+=("$@")
  log "shopify ${args[*]}"
  if [[ "${DRY_RUN:-0}" == 1 ]]; then
    log "dry run, not pushing"
    return 0
  fi
  local attempt=1 delay=5
  until shopify "${args[@]}" >"$LOG_DIR/push.json" 2>"$LOG_DIR/push.err"; do
    if (( attempt >= 3 )); then
      tail -n 20 "$LOG_DIR/push.err" >&2
      die "push failed after $attempt attempts"
    fi
    warn "push attempt $attempt failed, retrying in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1))
    delay=$((delay * 2))
  done
  if command -v jq >/dev/null 2>&1; then
    jq -r '.theme.preview_url // empty' "$LOG_DIR/push.json"
  fi
}

changelog_since_last_live() {
  # list theme commits since the last live tag, for the merchant's release note
  local last
  last="$(git -C "$ROOT" describe --tags --match 'theme-live-*' --abbrev=0 2>/dev/null || true)"
  if [[ -z "$last" ]]; then
    log "no previous live tag"
    return 0
  fi
  git -C "$ROOT" log --no-merges --format='- %s (%h)' "$last"..HEAD -- theme/
}

main() {
  local action="${1:-}"; shift || true
  local yes=0
  while (( $# )); do
    case "$1" in
      --yes) yes=1 ;;
      --dry-run) DRY_RUN=1 ;;
      -h|--help) usage 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done

  need shopify git rsync
  mkdir -p "$LOG_DIR"
  load_store

  case "$action" in
    pull)
      pull_dev
      ;;
    preview)
      build_assets
      theme_check
      push_theme "$PREVIEW_THEME_ID"
      ;;
    live)
      (( yes )) || die "refusing to push to the LIVE theme without --yes"
      assert_clean_main
      changelog_since_last_live
      build_assets
      theme_check
      : "${LIVE_THEME_ID:?set LIVE_THEME_ID in config/stores.env}"
      log "pushing to LIVE theme $LIVE_THEME_ID on $SHOPIFY_FLAG_STORE"
      push_theme "$LIVE_THEME_ID" --allow-live
      git -C "$ROOT" tag -a "theme-live-$(date +%Y%m%d-%H%M)" -m "live theme push" || warn "tag failed"
      ;;
    ""|help)
      usage 0
      ;;
    *)
      usage 2
      ;;
  esac
  log "done"
}

main "$@"
