#!/usr/bin/env bash
# book.sh - build the ledger handbook (mdBook) together with the Rust API
# docs (cargo doc) into ./target/site, check internal links, and preview it.
#
#   tools/book.sh build         # -> target/site
#   tools/book.sh test          # mdbook test (runs the Rust code samples)
#   tools/book.sh check         # build + offline link check
#   tools/book.sh serve         # mdbook serve on 127.0.0.1:3100
#   tools/book.sh clean
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

BOOK_DIR="docs/book"
SITE="target/site"
API_DIR="$SITE/api"
PORT="${BOOK_PORT:-3100}"
CRATES=(ledger-core ledger-client)

step() { printf '\n== %s\n' "$*"; }
die() { echo "book.sh: $*" >&2; exit 1; }

require() {
  local c
  for c in "$@"; do command -v "$c" >/dev/null || die "$c not installed"; done
}

clean() {
  rm -rf -- "$SITE" "$BOOK_DIR/book"
  echo "removed $SITE and $BOOK_DIR/book"
}

build_book() {
  step "mdbook build"
  mdbook build "$BOOK_DIR" --dest-dir "$PWD/$SITE"
}

build_api() {
  step "cargo doc (${CRATES[*]})"
  local args=()
  for c in "${CRATES[@]}"; do args+=(-p "$c"); done
  RUSTDOCFLAGS="--cfg docsrs -D warnings" cargo doc --no-deps "${args[@]}"
  mkdir -p "$API_DIR"
  cp -R target/doc/. "$API_DIR/"
  # small landing page that lists the crates
  {
    echo '<!doctype html><meta charset="utf-8"><title>API</title><ul>'
    for c in "${CRATES[@]}"; do
      printf '<li><a href="%s/index.html">%s</a></li>\n' "${c//-/_}" "$c"
    done
    echo '</ul>'
  } > "$API_DIR/index.html"
}

stamp() {
  printf '%s %s\n' "$(git rev-parse --short HEAD)" "$(date -u +%FT%TZ)" > "$SITE/BUILD"
}

check_links() {
  step "internal link check"
  local broken=0 page href target
  while IFS= read -r -d '' page; do
    while IFS= read -r href; do
      case "$href" in
        http:*|https:*|mailto:*|'#'*|'') continue ;;
      esac
      target="${href%%#*}"
      [[ -z "$target" ]] && continue
      if [[ "$target" == /* ]]; then
        target="$SITE$target"
      else
        target="$(dirname "$page")/$target"
      fi
      if [[ -d "$target" ]]; then target="$target/index.html"; fi
      if [[ ! -e "$target" ]]; then
        printf '  %s -> %s\n' "${page#"$SITE"/}" "$href"
        broken=$((broken + 1))
      fi
    done < <(grep -oE 'href="[^"]+"' "$page" | sed 's/^href="//; s/"$//' | sort -u)
  done < <(find "$SITE" -path "$API_DIR" -prune -o -name '*.html' -print0)
  if (( broken )); then
    die "$broken broken internal link(s)"
  fi
  echo "no broken internal links in the handbook"
}

summary() {
  step "summary"
  printf 'pages: %s\n' "$(find "$SITE" -path "$API_DIR" -prune -o -name '*.html' -print | wc -l)"
  printf 'api pages: %s\n' "$(find "$API_DIR" -name '*.html' 2>/dev/null | wc -l)"
  du -sh "$SITE" | awk '{print "size: " $1}'
}

spelling() {
  # optional typo check of the handbook sources
  if ! command -v typos >/dev/null; then
    echo "typos not installed; skipping spell check"
    return 0
  fi
  step "spelling"
  typos "$BOOK_DIR/src" --format brief || die "spelling issues found"
}

summary_of_chapters() {
  step "chapters"
  local summary="$BOOK_DIR/src/SUMMARY.md"
  [[ -f "$summary" ]] || { echo "no SUMMARY.md"; return 0; }
  grep -oE '\(([^)]+\.md)\)' "$summary" | tr -d '()' | while read -r ch; do
    if [[ -f "$BOOK_DIR/src/$ch" ]]; then
      printf '  %-40s %5s words\n' "$ch" "$(wc -w < "$BOOK_DIR/src/$ch")"
    else
      printf '  %-40s MISSING\n' "$ch"
    fi
  done
}

serve() {
  [[ "$PORT" =~ ^[0-9]{2,5}$ ]] || die "BOOK_PORT must be numeric"
  require mdbook
  mdbook serve "$BOOK_DIR" --hostname 127.0.0.1 --port "$PORT" --open=false
}

cmd="${1:-build}"
case "$cmd" in
  build)
    require mdbook cargo
    clean
    build_book
    build_api
    stamp
    summary
    ;;
  test)
    require mdbook cargo
    step "mdbook test"
    cargo build -q -p ledger-core
    mdbook test "$BOOK_DIR" -L target/debug/deps
    ;;
  check)
    require mdbook cargo
    clean
    build_book
    build_api
    stamp
    check_links
    spelling
    summary_of_chapters
    ;;
  serve)
    serve
    ;;
  clean)
    clean
    ;;
  *)
    sed -n '2,10p' "$0"
    exit 2
    ;;
esac
