#!/usr/bin/env bash
# vault-build.sh - build the team handbook vault from handbook/ for Obsidian users.
#
# handbook/ holds plain Markdown.  People who read it in Obsidian download the
# zipped vault from CI.  This script:
#   * copies handbook/ into build/handbook-vault/ (rsync, deleting stale files
#     inside the build output only)
#   * converts [text](other.md) links to [[other|text]] with perl
#   * adds an .obsidian/ config (attachments folder, readable line length)
#   * lints: broken wikilinks, duplicate note names, missing front matter
#   * zips the vault to build/handbook-vault.zip
# Nothing is written to a real vault on this machine.
set -euo pipefail
shopt -s globstar nullglob

ROOT="$(git rev-parse --show-toplevel)"
SRC="$ROOT/handbook"
OUT="$ROOT/build/handbook-vault"
ZIP="$ROOT/build/handbook-vault.zip"
PROBLEMS=0

say()  { printf '· %s\n' "$*"; }
warn() { printf '! %s\n' "$*" >&2; PROBLEMS=$(( PROBLEMS + 1 )); }
die()  { printf 'x %s\n' "$*" >&2; exit 1; }

[[ -d "$SRC" ]] || die "handbook/ not found"
[[ "$OUT" == "$ROOT/build/"* ]] || die "output must live under build/"

sync_tree() {
  mkdir -p "$OUT"
  rsync -a --delete --exclude '.obsidian/' --exclude '*.tmp' --exclude '.DS_Store' "$SRC/" "$OUT/"
  say "copied $(find "$OUT" -name '*.md' | wc -l) notes"
}

convert_links() {
  local f
  for f in "$OUT"/**/*.md; do
    # [label](path/to/note.md#heading) -> [[path/to/note#heading|label]]; leaves http links alone
    perl -0pi -e 's/(?<!!)\[([^\]]+)\]\((?![a-z]+:)([^)\s]+?)\.md(#[^)]*)?\)/"[[" . $2 . ($3 \/\/ "") . "|" . $1 . "]]"/ge' "$f"
  done
  say "links converted"
}

move_attachments() {
  mkdir -p "$OUT/_attachments"
  local img base
  for img in "$OUT"/**/*.{png,jpg,jpeg,svg,gif}; do
    [[ "$img" == "$OUT/_attachments/"* ]] && continue
    base="$(basename "$img")"
    if [[ -e "$OUT/_attachments/$base" ]] && ! cmp -s "$img" "$OUT/_attachments/$base"; then
      warn "two different images named $base"
      continue
    fi
    mv -f -- "$img" "$OUT/_attachments/$base"
  done
  local f
  for f in "$OUT"/**/*.md; do
    perl -pi -e 's/!\[([^\]]*)\]\((?![a-z]+:)(?:[^)]*\/)?([^)\/]+\.(?:png|jpe?g|svg|gif))\)/![[$2]]/g' "$f"
  done
}

write_obsidian_config() {
  mkdir -p "$OUT/.obsidian"
  cat > "$OUT/.obsidian/app.json" <<'EOF'
{
  "attachmentFolderPath": "_attachments",
  "readableLineLength": true,
  "showFrontmatter": false,
  "newLinkFormat": "shortest",
  "useMarkdownLinks": false
}
EOF
  cat > "$OUT/.obsidian/core-plugins.json" <<'EOF'
["file-explorer", "global-search", "graph", "backlink", "outline", "tag-pane"]
EOF
}

note_names() {
  local f
  for f in "$OUT"/**/*.md; do
    basename "$f" .md
  done
}

lint_duplicates() {
  local dup
  while read -r dup; do
    [[ -n "$dup" ]] && warn "duplicate note name: $dup"
  done < <(note_names | sort | uniq -d)
}

lint_links() {
  local names f link target
  names="$(note_names | sort -u)"
  for f in "$OUT"/**/*.md; do
    while read -r link; do
      target="${link%%|*}"
      target="${target%%#*}"
      target="$(basename "$target")"
      [[ -z "$target" ]] && continue
      grep -qxF "$target" <<<"$names" || warn "${f#"$OUT"/}: broken link [[${link}]]"
    done < <(grep -oE '\[\[[^]]+\]\]' "$f" | sed -E 's/^\[\[|\]\]$//g' | grep -v -E '\.(png|jpe?g|svg|gif)$' || true)
  done
}

lint_front_matter() {
  local f
  for f in "$OUT"/**/*.md; do
    head -n 1 "$f" | grep -qx -- '---' || warn "${f#"$OUT"/}: no front matter"
  done
}

lint_orphans() {
  # notes that nothing links to are hard to find in Obsidian; list them
  local names linked name
  names="$(note_names | sort -u)"
  linked="$(cat "$OUT"/**/*.md | grep -oE '\[\[[^]|#]+' | sed 's/^\[\[//' | xargs -r -n1 basename 2>/dev/null | sort -u)"
  while read -r name; do
    [[ -z "$name" || "$name" == index || "$name" == README ]] && continue
    grep -qxF "$name" <<<"$linked" || say "orphan note: $name"
  done <<<"$names"
}

write_index() {
  # a landing note listing every top-level folder and its notes
  local index="$OUT/index.md" dir f
  {
    printf -- '---\ntitle: Handbook\n---\n\n# Handbook\n\n'
    for dir in "$OUT"/*/; do
      [[ "$(basename "$dir")" == _attachments ]] && continue
      printf '## %s\n\n' "$(basename "$dir")"
      for f in "$dir"**/*.md; do
        printf -- '- [[%s]]\n' "$(basename "$f" .md)"
      done
      printf '\n'
    done
  } > "$index"
}

pack() {
  # the zip is what CI attaches to the build; recreate it from scratch each time
  rm -f -- "$ZIP"
  (cd "$OUT" && zip -qr "$ZIP" . -x '*.tmp')
  say "packed ${ZIP#"$ROOT"/} ($(du -h "$ZIP" | cut -f1))"
}

stats() {
  # quick numbers for the CI log; they also catch an accidentally empty build
  local notes words
  notes="$(find "$OUT" -name '*.md' | wc -l)"
  words="$(cat "$OUT"/**/*.md | wc -w)"
  say "$notes notes, $words words, $(find "$OUT/_attachments" -type f | wc -l) attachments"
  (( notes > 0 )) || die "no notes in the vault build"
}

main() {
  command -v rsync >/dev/null || die "rsync missing"
  command -v perl >/dev/null || die "perl missing"
  sync_tree
  convert_links
  move_attachments
  write_obsidian_config
  lint_duplicates
  lint_links
  lint_front_matter
  write_index
  lint_orphans
  stats
  if [[ "${1:-}" != "--no-zip" ]]; then
    command -v zip >/dev/null || die "zip missing"
    pack
  fi
  if (( PROBLEMS > 0 )); then
    say "$PROBLEMS problem(s) found"
    [[ "${STRICT:-0}" == 1 ]] && exit 1
  fi
  say "vault ready in ${OUT#"$ROOT"/}"
}

main "$@"
