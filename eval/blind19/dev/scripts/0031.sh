#!/usr/bin/env bash
# bin/pull-content.sh - refresh the local WordPress copy from a sanitized export.
#
# The content team publishes a nightly, already-sanitized SQL export in the
# project bucket. This script:
#   1. exports the current local DB to backups/ (so nothing is lost)
#   2. downloads the latest sanitized export with the AWS CLI
#   3. resets the LOCAL db and imports it with wp-cli
#   4. rewrites production URLs to the local ones with `wp search-replace`
#   5. flushes caches and rewrites permalinks
#
# It only ever talks to the local WordPress (wp-cli without --ssh/--url to
# a remote). Run it from the repo root: bin/pull-content.sh [--keep-users]
set -euo pipefail

ROOT="$(pwd)"
WP_PATH="$ROOT/wordpress"
BACKUPS="$ROOT/backups"
TMP="$(mktemp -d -t wp-pull-XXXXXX)"
BUCKET="s3://harbor-content-exports/sanitized"
PROD_URL="https://www.harbor-shop.example.com"
LOCAL_URL="http://harbor.localhost:8080"
KEEP_USERS=0

cleanup() {
  rm -rf "$TMP"
}
trap cleanup EXIT

die() {
  printf 'pull-content: %s\n' "$*" >&2
  exit 1
}

step() {
  printf '\n\033[1m%s\033[0m\n' "$*"
}

wp_local() {
  # --skip-plugins keeps broken plugins from blocking the import
  wp --path="$WP_PATH" --skip-plugins --skip-themes "$@"
}

check_local_install() {
  [[ -f "$WP_PATH/wp-config.php" ]] || die "no wordpress/wp-config.php; run bin/setup.sh first"
  local siteurl
  siteurl="$(wp_local option get siteurl 2>/dev/null || true)"
  case "$siteurl" in
    http://harbor.localhost*|http://localhost*|"") ;;
    *) die "siteurl is $siteurl - this does not look like the local install" ;;
  esac
  local dbhost
  dbhost="$(wp_local config get DB_HOST)"
  case "$dbhost" in
    localhost|127.0.0.1|db|db:3306|127.0.0.1:3306) ;;
    *) die "DB_HOST is $dbhost - refusing to reset a non-local database" ;;
  esac
}

backup_local() {
  mkdir -p "$BACKUPS"
  local file="$BACKUPS/local-$(date +%Y%m%d-%H%M%S).sql.gz"
  wp_local db export - | gzip > "$file"
  printf 'backup: %s (%s)\n' "${file#$ROOT/}" "$(du -h "$file" | cut -f1)"
  # keep a week of backups
  find "$BACKUPS" -name 'local-*.sql.gz' -mtime +7 -print -delete
}

latest_export() {
  aws s3 ls "$BUCKET/" | awk '{print $4}' | grep -E '^content-[0-9]{8}\.sql\.gz$' | sort | tail -n 1
}

download_export() {
  local name="$1"
  aws s3 cp --only-show-errors "$BUCKET/$name" "$TMP/$name"
  aws s3 cp --only-show-errors "$BUCKET/$name.sha256" "$TMP/$name.sha256"
  (cd "$TMP" && sha256sum -c "$name.sha256") || die "checksum mismatch for $name"
  gunzip -f "$TMP/$name"
  printf '%s\n' "$TMP/${name%.gz}"
}

save_local_users() {
  wp_local user list --format=json > "$TMP/users.json"
  wp_local db export "$TMP/users.sql" --tables="$(wp_local db prefix)users,$(wp_local db prefix)usermeta"
}

restore_local_users() {
  wp_local db import "$TMP/users.sql"
  printf 'restored %s local user(s)\n' "$(jq length "$TMP/users.json")"
}

import_export() {
  local sql="$1"
  wp_local db reset --yes
  wp_local db import "$sql"
}

rewrite_urls() {
  local count
  count="$(wp_local search-replace "$PROD_URL" "$LOCAL_URL" --all-tables-with-prefix --precise --report-changed-only --format=count)"
  printf 'rewrote %s occurrence(s) of the production URL\n' "$count"
  wp_local search-replace "${PROD_URL#https://}" "${LOCAL_URL#http://}" --all-tables-with-prefix --format=count >/dev/null
}

post_import() {
  wp_local option update blog_public 0
  wp_local plugin deactivate --all --quiet || true
  wp_local plugin activate query-monitor local-mail-catcher --quiet || true
  wp --path="$WP_PATH" cache flush
  wp --path="$WP_PATH" rewrite flush --hard
  wp --path="$WP_PATH" transient delete --all
}

sync_uploads() {
  # media is large; only the last 60 days of uploads, read-only copy from the bucket
  local since
  since="$(date -d '-60 days' +%Y/%m 2>/dev/null || date -v-60d +%Y/%m)"
  mkdir -p "$WP_PATH/wp-content/uploads"
  aws s3 sync --only-show-errors --exclude '*' --include "$since/*" \
    "s3://harbor-content-exports/uploads/" "$WP_PATH/wp-content/uploads/"
  printf 'uploads synced from %s on\n' "$since"
}

check_versions() {
  local core
  core="$(wp --path="$WP_PATH" core version)"
  printf 'wordpress core %s\n' "$core"
  if ! wp --path="$WP_PATH" core verify-checksums --quiet 2>/dev/null; then
    printf 'warning: core files differ from the release (local patches?)\n'
  fi
}

create_dev_admin() {
  if ! wp_local user get dev --field=ID >/dev/null 2>&1; then
    wp_local user create dev dev@harbor.localhost --role=administrator --user_pass=dev --quiet
    printf 'created local admin dev/dev\n'
  fi
}

summary() {
  step "summary"
  wp --path="$WP_PATH" post list --post_type=page --format=count | xargs printf 'pages: %s\n'
  wp --path="$WP_PATH" post list --post_type=product --format=count | xargs printf 'products: %s\n'
  printf 'site: %s\n' "$LOCAL_URL"
}

main() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --keep-users) KEEP_USERS=1 ;;
      -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done

  command -v wp >/dev/null || die "wp-cli not installed"
  command -v aws >/dev/null || die "aws cli not installed"

  step "checking local install"
  check_local_install
  step "backing up local database"
  backup_local
  (( KEEP_USERS )) && save_local_users

  step "fetching latest sanitized export"
  local name sql
  name="$(latest_export)"
  [[ -n "$name" ]] || die "no export found in $BUCKET"
  printf 'latest: %s\n' "$name"
  sql="$(download_export "$name")"

  step "importing"
  import_export "$sql"
  (( KEEP_USERS )) && restore_local_users

  step "rewriting URLs"
  rewrite_urls
  step "post-import"
  post_import
  create_dev_admin
  step "media"
  sync_uploads
  check_versions
  summary
}

main "$@"
