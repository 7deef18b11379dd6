#!/usr/bin/env bash
# scripts/debug-report.sh - collect a debug bundle for bug reports.
# Writes everything to ./debug-report.txt so it can be attached to an issue.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="$ROOT/debug-report.txt"

section() { printf '\n===== %s =====\n' "$1"; }

{
  section "date"
  date -u

  section "system"
  uname -a
  if [[ -f /etc/os-release ]]; then cat /etc/os-release; fi

  section "toolchain"
  for t in node npm pnpm python3 go docker; do
    if command -v "$t" >/dev/null 2>&1; then
      printf '%-8s %s\n' "$t" "$("$t" --version 2>&1 | head -n1)"
    else
      printf '%-8s missing\n' "$t"
    fi
  done

  section "git"
  git -C "$ROOT" rev-parse HEAD
  git -C "$ROOT" status --short | head -50

  section "environment"
  env | sort

  section "project config"
  for f in .env .env.local config/local.yaml; do
    if [[ -f "$ROOT/$f" ]]; then
      echo "--- $f"
      cat "$ROOT/$f"
    fi
  done

  section "listening ports"
  (ss -ltnp 2>/dev/null || lsof -nP -iTCP -sTCP:LISTEN 2>/dev/null) | head -40

  section "recent app log"
  tail -n 200 "$ROOT/log/development.log" 2>/dev/null || echo "(no log)"
} > "$OUT" 2>&1

echo "debug report written to $OUT ($(wc -l < "$OUT") lines)"
echo "attach it to the issue; review it first"
