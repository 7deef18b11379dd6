#!/usr/bin/env bash
# Remove every Python virtualenv and tox dir under the source tree to save space.
set -uo pipefail

ROOT="${1:-$HOME/src}"
AGE_DAYS="${AGE_DAYS:-0}"

log() { echo "[venv-sweep] $*"; }

find_envs() {
  find "$ROOT" -maxdepth 5 -type d \( -name .venv -o -name venv -o -name .tox -o -name .nox \) \
    -prune -print 2>/dev/null
}

old_enough() {
  [ "$AGE_DAYS" -eq 0 ] && return 0
  [ -n "$(find "$1" -maxdepth 0 -mtime +"$AGE_DAYS")" ]
}

main() {
  if [ ! -d "$ROOT" ]; then
    log "no such dir $ROOT"
    exit 1
  fi
  log "sweeping $ROOT (age filter: ${AGE_DAYS} days)"
  local n=0 bytes=0
  while IFS= read -r env; do
    old_enough "$env" || continue
    local size
    size=$(du -sk "$env" 2>/dev/null | cut -f1)
    bytes=$((bytes + ${size:-0}))
    log "removing $env (${size:-0} KB)"
    rm -rf -- "$env"
    n=$((n + 1))
  done < <(find_envs)
  log "removed $n environments, $((bytes / 1024)) MB freed"
  log "projects will need 'uv sync' or 'python -m venv' again"
}

main
