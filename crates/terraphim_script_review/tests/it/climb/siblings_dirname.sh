#!/usr/bin/env bash
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PARENT="$(dirname "$ROOT")"
for d in "$PARENT"/*; do
  [ "$d" = "$ROOT" ] && continue
  rm -rf "$d/src"
done
