#!/usr/bin/env bash
# Housekeeping for the local dev environment of this repository:
#   * rotate log/*.log files bigger than 20 MB (keep 3 generations)
#   * empty tmp/ and tmp/cache/ inside the repo
#   * drop stopped containers and dangling images that carry this project's label
# Everything is scoped to the repository directory or to the compose project.
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
log_dir="$repo/log"
tmp_dir="$repo/tmp"
project_label="com.docker.compose.project=$(basename "$repo")"
max_bytes=$((20 * 1024 * 1024))
keep=3
dry=false

[[ ${1:-} == "--dry-run" ]] && dry=true

say() { printf '%-8s %s\n' "$1" "$2"; }

act() {
  if $dry; then
    say "dry-run" "$*"
  else
    "$@"
  fi
}

rotate_logs() {
  shopt -s nullglob
  local f size i
  for f in "$log_dir"/*.log; do
    size=$(wc -c < "$f")
    (( size > max_bytes )) || continue
    for (( i = keep - 1; i >= 1; i-- )); do
      [[ -f "$f.$i.gz" ]] && act mv -- "$f.$i.gz" "$f.$((i + 1)).gz"
    done
    act gzip -c -- "$f" > /dev/null
    if ! $dry; then
      gzip -c -- "$f" > "$f.1.gz"
      : > "$f"
    fi
    [[ -f "$f.$((keep + 1)).gz" ]] && act rm -f -- "$f.$((keep + 1)).gz"
    say "rotated" "${f#"$repo"/} ($((size / 1024 / 1024)) MB)"
  done
  shopt -u nullglob
}

empty_tmp() {
  [[ -d $tmp_dir ]] || return 0
  case "$tmp_dir" in
    "$repo"/tmp) ;;
    *) echo "unexpected tmp dir $tmp_dir" >&2; return 1 ;;
  esac
  local count
  count=$(find "$tmp_dir" -mindepth 1 -maxdepth 1 ! -name .keep | wc -l)
  act find "$tmp_dir" -mindepth 1 -maxdepth 1 ! -name .keep -exec rm -rf -- {} +
  say "tmp" "cleared $count entries"
}

docker_cleanup() {
  command -v docker >/dev/null || { say "docker" "not installed, skipping"; return; }
  docker info >/dev/null 2>&1 || { say "docker" "daemon not running, skipping"; return; }
  local containers images
  containers=$(docker ps -aq --filter "label=$project_label" --filter status=exited)
  images=$(docker images -q --filter dangling=true --filter "label=$project_label")
  if [[ -n $containers ]]; then
    # shellcheck disable=SC2086
    act docker rm $containers
  fi
  if [[ -n $images ]]; then
    # shellcheck disable=SC2086
    act docker rmi $images
  fi
  say "docker" "$(wc -w <<<"$containers") containers, $(wc -w <<<"$images") images"
}

rotate_logs
empty_tmp
docker_cleanup
say "done" "$($dry && echo '(nothing changed)' || echo 'cleanup complete')"
