#!/usr/bin/env bash
# live-theme-snapshot.sh - read-only safety net for the merchant's live theme.
#
# Pulls the currently published theme into backups/live-<timestamp>/ (never
# pushes anything), records its id/name, and shows how it differs from the
# theme in storefront/theme so we notice edits made in the Shopify admin
# before they get overwritten by a release.
#
#   tools/live-theme-snapshot.sh            # snapshot + diff summary
#   tools/live-theme-snapshot.sh --keep 20  # retention (default 30 snapshots)
#   tools/live-theme-snapshot.sh --list
#
# Only folders matching backups/live-YYYYmmdd-HHMMSS are pruned.
set -Eeuo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
THEME_SRC="$REPO/storefront/theme"
BACKUPS="$REPO/backups"
KEEP=30
STAMP="$(date +%Y%m%d-%H%M%S)"
TARGET="$BACKUPS/live-$STAMP"
STORE=""
LIST_ONLY=0

info() { printf '\033[32m[snapshot]\033[0m %s\n' "$*"; }
warn() { printf '\033[33m[snapshot]\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[31m[snapshot]\033[0m %s\n' "$*" >&2; exit 1; }

on_err() {
  warn "failed at line $1"
  if [[ -d "$TARGET" && ! -f "$TARGET/.complete" ]]; then
    rm -rf -- "$TARGET"
    warn "removed incomplete snapshot folder"
  fi
}
trap 'on_err $LINENO' ERR

usage() {
  sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'
}

parse_args() {
  while (( $# )); do
    case "$1" in
      --keep) KEEP="${2:?--keep needs a number}"; shift ;;
      --list) LIST_ONLY=1 ;;
      --store) STORE="${2:?}"; shift ;;
      -h|--help) usage; exit 0 ;;
      *) fail "unknown argument: $1" ;;
    esac
    shift
  done
  [[ "$KEEP" =~ ^[0-9]+$ ]] && (( KEEP >= 3 )) || fail "--keep must be a number >= 3"
}

resolve_store() {
  if [[ -z "$STORE" && -f "$REPO/.env" ]]; then
    STORE="$(sed -n 's/^SHOPIFY_FLAG_STORE=//p' "$REPO/.env" | head -n 1)"
  fi
  [[ -n "$STORE" ]] || fail "no store configured (SHOPIFY_FLAG_STORE in .env or --store)"
  [[ "$STORE" == *.myshopify.com ]] || fail "store must be a *.myshopify.com domain"
}

live_theme() {
  shopify theme list --store "$STORE" --role live --json \
    | jq -r '.[0] | "\(.id)\t\(.name)"'
}

list_snapshots() {
  local d
  for d in "$BACKUPS"/live-*/; do
    [[ -d "$d" ]] || continue
    printf '%s  %s\n' "$(basename "$d")" "$(cat "$d/THEME" 2>/dev/null || echo '?')"
  done | sort -r
}

pull_live() {
  local id="$1"
  mkdir -p "$TARGET"
  info "pulling live theme $id into ${TARGET#$REPO/}"
  shopify theme pull --store "$STORE" --theme "$id" --path "$TARGET" >"$TARGET/.pull.log" 2>&1 \
    || { tail -n 20 "$TARGET/.pull.log" >&2; fail "pull failed"; }
}

diff_summary() {
  local out="$TARGET/DIFF.txt"
  diff -rq \
    --exclude='.pull.log' --exclude='THEME' --exclude='DIFF.txt' --exclude='.complete' \
    "$THEME_SRC" "$TARGET" >"$out" 2>/dev/null || true
  local changed only_live only_repo
  changed="$(grep -c '^Files .* differ$' "$out" || true)"
  only_live="$(grep -c "^Only in $TARGET" "$out" || true)"
  only_repo="$(grep -c "^Only in $THEME_SRC" "$out" || true)"
  info "differences vs storefront/theme: $changed changed, $only_live only live, $only_repo only in repo"
  if (( changed + only_live > 0 )); then
    warn "the live theme has edits not in the repo; review ${out#$REPO/} before the next release"
    grep '^Files .* differ$' "$out" | sed -E "s#^Files $THEME_SRC/([^ ]+) and .*#  ~ \1#" | head -n 20
  fi
}

settings_drift() {
  # settings_data.json is edited in the admin all the time; show key-level drift
  local repo_file="$THEME_SRC/config/settings_data.json" live_file="$TARGET/config/settings_data.json"
  [[ -f "$repo_file" && -f "$live_file" ]] || return 0
  local keys
  keys="$(diff <(jq -S '.current | keys[]' "$repo_file" 2>/dev/null) \
               <(jq -S '.current | keys[]' "$live_file" 2>/dev/null) | grep -E '^[<>]' || true)"
  if [[ -n "$keys" ]]; then
    info "settings_data.json keys differ:"
    printf '%s\n' "$keys" | sed 's/^/  /' | head -n 20
  fi
}

prune() {
  local -a snaps
  mapfile -t snaps < <(find "$BACKUPS" -maxdepth 1 -type d -name 'live-[0-9]*' -printf '%f\n' | sort -r)
  local n="${#snaps[@]}" name
  (( n > KEEP )) || return 0
  for name in "${snaps[@]:KEEP}"; do
    [[ "$name" =~ ^live-[0-9]{8}-[0-9]{6}$ ]] || { warn "skipping unexpected folder $name"; continue; }
    rm -rf -- "${BACKUPS:?}/$name"
    info "pruned $name"
  done
}

compress_old() {
  # snapshots older than 7 days are tarred to save space; the folder is replaced by the archive
  local d name
  while IFS= read -r d; do
    name="$(basename "$d")"
    [[ "$name" =~ ^live-[0-9]{8}-[0-9]{6}$ ]] || continue
    tar -C "$BACKUPS" -czf "$BACKUPS/$name.tar.gz" "$name" && rm -rf -- "${BACKUPS:?}/$name"
    info "compressed $name"
  done < <(find "$BACKUPS" -maxdepth 1 -type d -name 'live-*' -mtime +7)
}

changed_in_admin() {
  # list the files the merchant changed in the admin since the previous snapshot
  local prev
  prev="$(find "$BACKUPS" -maxdepth 1 -type d -name 'live-[0-9]*' ! -name "live-$STAMP" -printf '%f\n' \
    | sort -r | head -n 1)"
  [[ -n "$prev" ]] || { info "no previous snapshot to compare with"; return 0; }
  local out="$TARGET/SINCE-$prev.txt"
  diff -rq \
    --exclude='.pull.log' --exclude='THEME' --exclude='DIFF.txt' --exclude='.complete' --exclude='SINCE-*' \
    "$BACKUPS/$prev" "$TARGET" >"$out" 2>/dev/null || true
  local n
  n="$(wc -l <"$out" | tr -d ' ')"
  if (( n == 0 )); then
    info "no admin edits since $prev"
    rm -f -- "$out"
  else
    info "$n file(s) changed in the admin since $prev (see ${out#$REPO/})"
  fi
}

disk_usage() {
  local total
  total="$(du -sh "$BACKUPS" 2>/dev/null | cut -f1)"
  info "backups folder uses ${total:-0}"
}

main() {
  parse_args "$@"
  mkdir -p "$BACKUPS"
  if (( LIST_ONLY )); then
    list_snapshots
    exit 0
  fi
  command -v shopify >/dev/null || fail "shopify CLI not installed"
  command -v jq >/dev/null || fail "jq not installed"
  resolve_store

  local line id name
  line="$(live_theme)"
  id="${line%%$'\t'*}"
  name="${line#*$'\t'}"
  [[ "$id" =~ ^[0-9]+$ ]] || fail "could not determine the live theme id"
  info "live theme: $name ($id) on $STORE"

  pull_live "$id"
  printf '%s\t%s\t%s\n' "$id" "$name" "$STORE" >"$TARGET/THEME"
  touch "$TARGET/.complete"
  diff_summary
  settings_drift
  changed_in_admin
  compress_old
  prune
  disk_usage
  info "snapshot complete: ${TARGET#$REPO/}"
}

main "$@"
