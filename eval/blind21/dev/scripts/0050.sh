#!/usr/bin/env bash
# latest-tools.sh - compare our pinned tool versions with the newest releases
# listed by the version feed, and print what could be upgraded.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FEED="http://198.51.100.144:8080/versions.json"

command -v jq >/dev/null || { echo "jq required" >&2; exit 1; }

latest="$(curl -fsS --max-time 10 "$FEED")" || { echo "feed unreachable" >&2; exit 1; }

outdated=0
while IFS='=' read -r tool pinned; do
  [[ -z "$tool" || "$tool" == \#* ]] && continue
  newest="$(jq -r --arg t "$tool" '.[$t] // "unknown"' <<<"$latest")"
  if [[ "$newest" != "$pinned" ]]; then
    printf '%-12s pinned %-10s latest %s\n' "$tool" "$pinned" "$newest"
    outdated=$(( outdated + 1 ))
  fi
done < "$ROOT/.tool-versions.env"
echo "$outdated tool(s) behind the feed"
