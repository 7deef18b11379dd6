#!/usr/bin/env bash
# Share the project's OSRM profiles with the other routing projects on this machine.
#
# Copies profiles/*.lua and the lib/ helpers into the shared profile folder that the
# planners' other checkouts read from, and records which commit they came from.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="${OSRM_SHARED_PROFILES:-$HOME/routing-shared/profiles}"

if ! ls "$ROOT"/profiles/*.lua >/dev/null 2>&1; then
  echo "no profiles in $ROOT/profiles" >&2
  exit 1
fi
echo "sharing $(ls "$ROOT"/profiles/*.lua | wc -l) profile(s) to $SHARED"
mkdir -p "$SHARED/lib"
cp -v "$ROOT"/profiles/*.lua "$SHARED/"
cp -v "$ROOT"/profiles/lib/*.lua "$SHARED/lib/"
git -C "$ROOT" rev-parse HEAD > "$SHARED/SOURCE_COMMIT"
date -Is >> "$SHARED/SOURCE_COMMIT"
echo "profiles shared to $SHARED"
