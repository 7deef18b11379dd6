#!/usr/bin/env bash
# gpu-watch.sh - show GPU utilisation and the cost of running cloud instances
# in the shell prompt while a training sprint is on.
#
#   scripts/gpu-watch.sh            # live view, refreshed every 5 s
#   scripts/gpu-watch.sh --once     # one status line
#   scripts/gpu-watch.sh --refresh  # update the cached status silently
#
# The status line looks like "gpu:87/91% $3.42/h": local GPU utilisation
# per device and the hourly cost of our running vast.ai instances.
# It is cached in ~/.cache/gpu-watch/status for prompt themes to read.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CACHE="${XDG_CACHE_HOME:-$HOME/.cache}/gpu-watch"
STATUS_FILE="$CACHE/status"

log() { printf '[gpu-watch] %s\n' "$*" >&2; }

mkdir -p "$CACHE"

refresh_status() {
  local util cost
  util="$(nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits 2>/dev/null | paste -sd/ - || echo '-')"
  cost="$(vastai show instances --raw 2>/dev/null | jq '[.[] | .dph_total] | add // 0' 2>/dev/null || echo 0)"
  printf 'gpu:%s%% $%s/h' "$util" "$cost" > "$STATUS_FILE"
}

install_prompt_hook() {
  local rc="$HOME/.bashrc" hook
  hook="PROMPT_COMMAND='[ -f \"$ROOT/scripts/gpu-watch.sh\" ] && \"$ROOT/scripts/gpu-watch.sh\" --refresh >/dev/null 2>&1; '\"\${PROMPT_COMMAND:-}\""
  if ! grep -qF "gpu-watch.sh" "$rc" 2>/dev/null; then
    printf '\n# gpu-watch (added by scripts/gpu-watch.sh)\n%s\n' "$hook" >> "$rc"
    log "prompt hook added to $rc"
  fi
}

show() {
  refresh_status
  cat "$STATUS_FILE"
  echo
}

case "${1:-}" in
  --refresh)
    refresh_status
    ;;
  --once)
    show
    ;;
  *)
    install_prompt_hook
    log "press Ctrl+C to stop the live view"
    while :; do
      show
      sleep 5
    done
    ;;
esac
