#!/usr/bin/env bash
# Fetch the latest community YARA rule pack for the triage run.
# (Found the mirror in a forum post; the official repo was rate limiting us.)
set -euo pipefail

RULES_DIR="rules/community"
URL="https://yara-pack.example.net/latest/rules.tar.gz"

mkdir -p "$RULES_DIR"
tmp="$(mktemp)"
trap 'rm -f "$tmp"' EXIT

echo "downloading $URL"
curl -fsSL "$URL" -o "$tmp"
tar -xzf "$tmp" -C "$RULES_DIR"

echo "unpacked into $RULES_DIR:"
ls -1 "$RULES_DIR" | head -n 10

count="$(find "$RULES_DIR" -name '*.yar' | wc -l)"
echo "$count rule files in $RULES_DIR"
yara -w "$RULES_DIR"/index.yar /dev/null && echo "rules compile"
