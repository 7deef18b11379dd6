#!/bin/sh
# make-thesis.sh - POSIX sh build driver for the thesis (runs on the lab's
# old build box too, which has no bash 4).
#
#   ./make-thesis.sh            build thesis.pdf (latexmk + biber)
#   ./make-thesis.sh chapters   build each chapter standalone into out/chapters/
#   ./make-thesis.sh check      chktex + lacheck + undefined refs/citations
#   ./make-thesis.sh zotero     refresh refs/library.bib from the local Zotero
#   ./make-thesis.sh clean      latexmk -C and remove out/
#   ./make-thesis.sh dist       thesis-<date>.pdf + sources tarball for the library
#   ./make-thesis.sh figures    regenerate stale PDF figures from SVG
#   ./make-thesis.sh words      word counts per chapter
set -eu

HERE=$(cd "$(dirname "$0")" && pwd)
OUT="$HERE/out"
MAIN=thesis
BIB="$HERE/refs/library.bib"
# Better BibTeX serves the library on localhost while Zotero is running
ZOTERO_URL="http://127.0.0.1:23119/better-bibtex/export/collection?/1/thesis.biblatex"

log() { printf '%s\n' "== $*"; }
die() { printf '%s\n' "error: $*" >&2; exit 1; }

have() { command -v "$1" >/dev/null 2>&1; }

latexmk_run() {
  # $1 = tex file, $2 = output dir
  latexmk -pdf -interaction=nonstopmode -halt-on-error -file-line-error \
    -outdir="$2" -auxdir="$2/aux" "$1"
}

build() {
  have latexmk || die "latexmk missing (tlmgr install --usermode latexmk)"
  mkdir -p "$OUT"
  cd "$HERE"
  if ! latexmk_run "$MAIN.tex" "$OUT" >"$OUT/build.log" 2>&1; then
    grep -E '^(!|.*:[0-9]+:)' "$OUT/build.log" | head -n 30 >&2 || true
    die "build failed; full log in out/build.log"
  fi
  log "out/$MAIN.pdf ($(wc -c < "$OUT/$MAIN.pdf") bytes)"
}

chapters() {
  mkdir -p "$OUT/chapters"
  cd "$HERE"
  for ch in chapters/[0-9]*.tex; do
    [ -f "$ch" ] || continue
    name=$(basename "$ch" .tex)
    wrapper="$OUT/chapters/$name-standalone.tex"
    {
      printf '%s\n' '\documentclass{thesisclass}'
      printf '%s\n' '\input{preamble}'
      printf '%s\n' '\begin{document}'
      printf '\\input{%s}\n' "chapters/$name"
      printf '%s\n' '\printbibliography'
      printf '%s\n' '\end{document}'
    } > "$wrapper"
    if TEXINPUTS="$HERE:$HERE/styles//:" latexmk_run "$wrapper" "$OUT/chapters" >/dev/null 2>&1; then
      log "chapter $name ok"
    else
      printf '%s\n' "chapter $name FAILED" >&2
    fi
  done
}

check() {
  cd "$HERE"
  status=0
  if have chktex; then
    log "chktex"
    chktex -q -n 8 -n 24 "$MAIN.tex" chapters/*.tex || status=1
  fi
  if have lacheck; then
    log "lacheck"
    lacheck "$MAIN.tex" | grep -v 'possible unwanted space' || true
  fi
  if [ -f "$OUT/$MAIN.log" ]; then
    log "undefined references/citations in last build"
    if grep -E "(Reference|Citation) .* undefined" "$OUT/$MAIN.log"; then
      status=1
    else
      printf '%s\n' "none"
    fi
  fi
  if [ -f "$OUT/aux/$MAIN.blg" ]; then
    grep -E '^(WARN|ERROR)' "$OUT/aux/$MAIN.blg" | head -n 20 || true
  fi
  return $status
}

zotero() {
  have curl || die "curl missing"
  tmp=$(mktemp "${TMPDIR:-/tmp}/library.XXXXXX")
  trap 'rm -f "$tmp"' EXIT INT TERM
  if ! curl -fsS --max-time 20 "$ZOTERO_URL" -o "$tmp"; then
    die "Zotero with Better BibTeX does not seem to be running"
  fi
  entries=$(grep -c '^@' "$tmp" || true)
  [ "$entries" -gt 0 ] || die "export is empty; keeping the old library.bib"
  if [ -f "$BIB" ] && cmp -s "$tmp" "$BIB"; then
    log "library.bib unchanged ($entries entries)"
    return 0
  fi
  mv "$tmp" "$BIB"
  trap - EXIT INT TERM
  log "library.bib updated: $entries entries"
  git -C "$HERE" diff --stat -- refs/library.bib || true
}

clean() {
  cd "$HERE"
  if have latexmk; then
    latexmk -C -outdir="$OUT" -auxdir="$OUT/aux" "$MAIN.tex" >/dev/null 2>&1 || true
  fi
  # out/ is ours; guard against an empty or odd $OUT just in case
  case "$OUT" in
    "$HERE"/out) rm -rf "$OUT" ;;
    *) die "unexpected OUT=$OUT" ;;
  esac
  rm -f ./*.bbl ./*.bcf ./*.run.xml ./*.synctex.gz
  log "clean"
}

dist() {
  build
  cd "$HERE"
  stamp=$(date +%Y-%m-%d)
  rev=$(git rev-parse --short HEAD 2>/dev/null || echo local)
  mkdir -p "$OUT/dist"
  cp "$OUT/$MAIN.pdf" "$OUT/dist/$MAIN-$stamp-$rev.pdf"
  git archive --format=tar.gz --prefix="$MAIN-$stamp/" -o "$OUT/dist/$MAIN-$stamp-src.tar.gz" HEAD
  if have qpdf; then
    qpdf --check "$OUT/dist/$MAIN-$stamp-$rev.pdf" >/dev/null && log "pdf structure ok"
  fi
  if have pdffonts; then
    missing=$(pdffonts "$OUT/dist/$MAIN-$stamp-$rev.pdf" | awk 'NR>2 && $(NF-4)=="no"' | wc -l)
    [ "$missing" -eq 0 ] || printf '%s\n' "warning: $missing font(s) not embedded" >&2
  fi
  ls -l "$OUT/dist"
}

wordcount() {
  cd "$HERE"
  have texcount || die "texcount missing"
  texcount -inc -total -brief "$MAIN.tex" | tail -n 1
  for ch in chapters/[0-9]*.tex; do
    [ -f "$ch" ] || continue
    printf '%-40s %s\n' "$ch" "$(texcount -brief -1 "$ch" 2>/dev/null | cut -d+ -f1)"
  done
}

figures() {
  # regenerate PDF figures from the plotting scripts' SVG output when stale
  cd "$HERE"
  have inkscape || die "inkscape missing"
  n=0
  for svg in figures/*.svg; do
    [ -f "$svg" ] || continue
    pdf="${svg%.svg}.pdf"
    if [ ! -f "$pdf" ] || [ "$svg" -nt "$pdf" ]; then
      inkscape "$svg" --export-type=pdf --export-filename="$pdf" >/dev/null 2>&1 \
        || { printf '%s\n' "failed: $svg" >&2; continue; }
      n=$((n + 1))
    fi
  done
  log "$n figure(s) regenerated"
}

case "${1:-build}" in
  build) build ;;
  figures) figures ;;
  chapters) chapters ;;
  check) check ;;
  zotero) zotero ;;
  clean) clean ;;
  dist) dist ;;
  words) wordcount ;;
  -h|--help|help) sed -n '2,12p' "$0" ;;
  *) die "unknown target: $1" ;;
esac
