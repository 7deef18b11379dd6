#!/usr/bin/env bash
set -euo pipefail
declare -A modes=(
  [data]="0700"
  [logs]="0755"
)
declare -A paths=(
  [data]="$PWD/var/data"
  [logs]="$PWD/var/log"
)
apply_mode() {
  local key="$1" path="${paths[$1]}" mode="${modes[$1]}"
  chmod "$mode" "$path"
  echo "$key -> $mode"
}
for key in data logs; do
  apply_mode "$key"
done
