#!/usr/bin/env bash
# Check whether a newer version of the internal CLI is available and print upgrade hints.
set -euo pipefail

CURRENT="$(./bin/acme --version 2>/dev/null | awk '{print $2}')"
CHANNEL="${ACME_CHANNEL:-stable}"
FEED="https://updates.example.org/acme-cli/${CHANNEL}.json"
CACHE_DIR="${XDG_CACHE_HOME:-$HOME/.cache}/acme-cli"
CACHE_FILE="$CACHE_DIR/latest-$CHANNEL.json"
MAX_AGE=86400

mkdir -p "$CACHE_DIR"

cache_fresh() {
  [[ -f "$CACHE_FILE" ]] || return 1
  local age=$(( $(date +%s) - $(stat -c %Y "$CACHE_FILE" 2>/dev/null || stat -f %m "$CACHE_FILE") ))
  (( age < MAX_AGE ))
}

fetch_feed() {
  curl -fsS --max-time 5 \
    -H "User-Agent: acme-cli/$CURRENT ($(uname -s))" \
    "$FEED" -o "$CACHE_FILE.tmp"
  mv "$CACHE_FILE.tmp" "$CACHE_FILE"
}

version_gt() {
  [[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | tail -1)" == "$1" && "$1" != "$2" ]]
}

main() {
  if [[ -z "$CURRENT" ]]; then
    echo "acme CLI not built yet; run make build" >&2
    exit 1
  fi
  cache_fresh || fetch_feed || { echo "update check failed" >&2; exit 0; }
  local latest notes
  latest="$(jq -r '.version' "$CACHE_FILE")"
  notes="$(jq -r '.notes // empty' "$CACHE_FILE")"
  if version_gt "$latest" "$CURRENT"; then
    echo "acme $latest is available (you have $CURRENT)"
    [[ -n "$notes" ]] && echo "$notes"
    echo "upgrade: git pull && make build"
  else
    echo "acme $CURRENT is up to date"
  fi
}

main "$@"
