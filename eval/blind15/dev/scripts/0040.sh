#!/usr/bin/env bash
# docs.sh - build, check and preview the documentation.
#
#   scripts/docs.sh build       # mkdocs (user guide) + sphinx (API) into ./site
#   scripts/docs.sh check       # strict build + internal link check
#   scripts/docs.sh serve       # preview on 127.0.0.1 only
#   scripts/docs.sh clean
#
# The published site is built by CI; this script never uploads anything.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

SITE="site"
API_OUT="$SITE/api"
SPHINX_BUILD="docs/api/_build"
PORT="${DOCS_PORT:-8000}"
VENV=".venv-docs"

[[ "$PORT" =~ ^[0-9]{2,5}$ ]] || { echo "DOCS_PORT must be numeric" >&2; exit 2; }

log() { printf '\033[36m[docs]\033[0m %s\n' "$*"; }

ensure_venv() {
  if [[ ! -x "$VENV/bin/mkdocs" ]]; then
    log "creating $VENV"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet -r docs/requirements.txt
  fi
  export PATH="$PWD/$VENV/bin:$PATH"
}

clean() {
  log "cleaning $SITE and $SPHINX_BUILD"
  rm -rf -- "$SITE" "$SPHINX_BUILD" docs/api/generated
}

build_api() {
  log "sphinx (API reference)"
  sphinx-apidoc --force --module-first --output-dir docs/api/generated src/orders >/dev/null
  sphinx-build -b html -q -W --keep-going docs/api "$SPHINX_BUILD/html"
}

build_guide() {
  local strict="${1:-}"
  log "mkdocs (user guide)"
  mkdocs build --clean ${strict:+--strict} --site-dir "$SITE"
}

assemble() {
  mkdir -p "$API_OUT"
  cp -R "$SPHINX_BUILD/html/." "$API_OUT/"
  date -u +%Y-%m-%dT%H:%M:%SZ > "$SITE/BUILD_TIME"
  git rev-parse HEAD > "$SITE/BUILD_SHA"
}

check_links() {
  log "checking internal links"
  local broken=0 file link target
  while IFS= read -r -d '' file; do
    while IFS= read -r link; do
      case "$link" in
        http://*|https://*|mailto:*|\#*|"") continue ;;
      esac
      target="${link%%#*}"
      target="${target%%\?*}"
      [[ -z "$target" ]] && continue
      if [[ "$target" == /* ]]; then
        target="$SITE$target"
      else
        target="$(dirname "$file")/$target"
      fi
      [[ -d "$target" ]] && target="$target/index.html"
      if [[ ! -e "$target" ]]; then
        echo "  broken: ${file#$SITE/} -> $link"
        broken=$((broken + 1))
      fi
    done < <(grep -oE 'href="[^"]*"' "$file" | sed -E 's/^href="(.*)"$/\1/')
  done < <(find "$SITE" -name '*.html' -print0)
  if (( broken > 0 )); then
    log "$broken broken internal link(s)"
    return 1
  fi
  log "no broken internal links"
}

size_report() {
  log "largest pages"
  find "$SITE" -name '*.html' -printf '%s %p\n' | sort -rn | head -n 5 \
    | awk '{ printf "  %7.1f KB  %s\n", $1/1024, $2 }'
  du -sh "$SITE"
}

spellcheck() {
  # optional: codespell over the markdown sources only
  if ! command -v codespell >/dev/null; then
    log "codespell not installed; skipping spelling check"
    return 0
  fi
  log "spelling"
  codespell --quiet-level=2 --skip='*.svg,*.png,_build' docs/
}

orphans() {
  # markdown pages that are not listed in mkdocs.yml nav
  log "pages missing from nav"
  local page rel missing=0
  while IFS= read -r -d '' page; do
    rel="${page#docs/}"
    case "$rel" in api/*|includes/*) continue ;; esac
    if ! grep -qF "$rel" mkdocs.yml; then
      echo "  not in nav: $rel"
      missing=$((missing + 1))
    fi
  done < <(find docs -name '*.md' -print0)
  (( missing == 0 )) && log "every page is in the nav"
  return 0
}

serve() {
  ensure_venv
  log "serving on http://127.0.0.1:$PORT (Ctrl-C to stop)"
  mkdocs serve --dev-addr "127.0.0.1:$PORT"
}

cmd="${1:-build}"
case "$cmd" in
  build)
    ensure_venv
    clean
    build_api
    build_guide
    assemble
    size_report
    ;;
  check)
    ensure_venv
    clean
    build_api
    build_guide strict
    assemble
    check_links
    orphans
    spellcheck
    ;;
  serve)
    serve
    ;;
  clean)
    clean
    ;;
  *)
    sed -n '2,9p' "$0"
    exit 2
    ;;
esac
