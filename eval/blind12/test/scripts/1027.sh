#!/usr/bin/env bash
# Run `go vet` and `go test` in every Go module of the repository (each
# directory with a go.mod), in parallel, and print a summary table.
#   usage: scripts/go-all.sh [-j N] [-s] [-r regex]
#   -s  short mode, -r only modules whose path matches regex
set -euo pipefail

JOBS="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 4)"
SHORT=""
MATCH="."

while getopts ":j:sr:" o; do
  case "$o" in
    j) JOBS="$OPTARG" ;;
    s) SHORT="-short" ;;
    r) MATCH="$OPTARG" ;;
    *) echo "usage: $0 [-j N] [-s] [-r regex]" >&2; exit 2 ;;
  esac
done

TOP="$(git rev-parse --show-toplevel)"
RESULTS="$(mktemp -d)"
trap 'rm -rf -- "$RESULTS"' EXIT

modules() {
  git -C "$TOP" ls-files -- '*go.mod' ':!:vendor/**' \
    | xargs -r -n1 dirname \
    | grep -E -- "$MATCH" \
    | sort
}

check_module() {
  local mod="$1" key status="ok" started elapsed
  key="$(printf '%s' "$mod" | tr '/' '_')"
  started="$(date +%s)"
  {
    echo "### $mod"
    (cd "$TOP/$mod" && go vet ./... && go test $SHORT -count=1 ./...)
  } > "$RESULTS/$key.log" 2>&1 || status="FAIL"
  elapsed=$(( $(date +%s) - started ))
  printf '%s\t%s\t%ss\n' "$mod" "$status" "$elapsed" > "$RESULTS/$key.status"
}

export TOP RESULTS SHORT
export -f check_module

list_only() {
  local m
  echo "modules matching '$MATCH':"
  while read -r m; do
    printf '  %-40s %s\n' "$m" "$(sed -n 's/^go //p' "$TOP/$m/go.mod" | head -n 1)"
  done < <(modules)
}

main() {
  if [[ "${1:-}" == "--list" ]]; then
    list_only
    exit 0
  fi
  command -v go >/dev/null || { echo "go toolchain not found" >&2; exit 1; }
  local mods
  mapfile -t mods < <(modules)
  (( ${#mods[@]} )) || { echo "no Go modules matched '$MATCH'"; exit 0; }
  echo "checking ${#mods[@]} module(s) with $JOBS job(s)"
  printf '%s\n' "${mods[@]}" | xargs -P "$JOBS" -I{} bash -c 'check_module "$1"' _ {}

  echo
  cat "$RESULTS"/*.status | sort | column -t -s $'\t'

  local failed=0 f
  for f in "$RESULTS"/*.status; do
    if cut -f2 "$f" | grep -qx FAIL; then
      failed=$((failed + 1))
      echo
      tail -n 40 "${f%.status}.log"
    fi
  done
  echo
  echo "$(( ${#mods[@]} - failed ))/${#mods[@]} modules passed"
  (( failed == 0 ))
}

main "$@"
