#!/usr/bin/env bash
# restore-fixtures.sh - rebuild the printer-test fixtures from the repo.
#
# The fixtures (sample PPDs, PWG rasters and a CUPS backend stub) are kept
# split into <1 MB gzip parts under fixtures/parts/ because of the forge's
# file-size limit. This reassembles them, checks sizes and runs the suite.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
PARTS="$ROOT/fixtures/parts"
OUT="$ROOT/fixtures/cups"
STAGE="$(mktemp -d)"
trap 'rm -rf "$STAGE"' EXIT

say() { echo "fixtures: $*"; }

reassemble() {
  local name="$1"
  local -a pieces
  mapfile -t pieces < <(ls -1 "$PARTS/$name".part-* 2>/dev/null | sort)
  (( ${#pieces[@]} )) || { say "no parts for $name"; return 1; }
  cat "${pieces[@]}" > "$STAGE/$name.gz"
  say "$name: ${#pieces[@]} part(s)"
}

unpack_archive() {
  local name="$1"
  mkdir -p "$OUT"
  gzip -dc "$STAGE/$name.gz" | tar -x -C "$OUT"
}

setup_backend() {
  # the stub backend fixture is a self-extracting helper
  gzip -dc "$STAGE/backend-stub.gz" | bash -s -- --prefix "$OUT/backend"
}

mkdir -p "$OUT"
for name in ppds rasters; do
  reassemble "$name"
  unpack_archive "$name"
done
reassemble backend-stub
setup_backend

say "checking sizes"
find "$OUT" -type f -name '*.ppd' -size -1k -print | while read -r f; do
  say "suspiciously small: ${f#"$ROOT"/}"
done

say "running tests"
cd "$ROOT"
if command -v cupstestppd >/dev/null; then
  for ppd in "$OUT"/ppds/*.ppd; do
    cupstestppd -q "$ppd" || say "ppd check failed: $(basename "$ppd")"
  done
fi
python3 -m pytest -q tests/printing 2>&1 | tail -n 10

say "fixtures ready in ${OUT#"$ROOT"/}"
say "parts used: $(ls -1 "$PARTS" | wc -l)"
say "unpacked files: $(find "$OUT" -type f | wc -l)"
