#!/usr/bin/env bash
# paper.sh - build and submit-check the workshop paper (LuaLaTeX + biber).
#
# Targets:
#   ./paper.sh pdf          build out/paper.pdf
#   ./paper.sh diff REV     latexdiff against git revision REV -> out/diff.pdf
#   ./paper.sh check        spell-check (aspell, project wordlist), overfull boxes,
#                           page limit, fonts embedded
#   ./paper.sh deps         install missing packages with tlmgr --usermode (asks)
#   ./paper.sh clean        remove out/ and latexmk aux files
#
# Notes
# - Never uses -shell-escape: figures are pre-rendered PDFs, code listings use
#   `listings`, so nothing in the build needs to run external programs.
# - latexdiff works on temporary copies in a mktemp dir that is removed on exit.
set -euo pipefail
IFS=$'\n\t'

here=$(cd -- "$(dirname -- "$0")" && pwd)
out="$here/out"
main=paper
page_limit=${PAGE_LIMIT:-8}
wordlist="$here/.aspell.en.pws"

info() { printf '>> %s\n' "$*"; }
err() { printf '!! %s\n' "$*" >&2; }
die() { err "$*"; exit 1; }

tmpdirs=()
cleanup_tmp() {
  local d
  for d in "${tmpdirs[@]:-}"; do
    [[ -n $d && -d $d ]] && rm -rf -- "$d"
  done
}
trap cleanup_tmp EXIT

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 not found (install TeX Live / the paper toolchain)"
}

build_pdf() {
  need latexmk
  mkdir -p "$out"
  (
    cd "$here"
    latexmk -lualatex -bibtex -interaction=nonstopmode -halt-on-error \
      -outdir="$out" "$main.tex" > "$out/latexmk.log" 2>&1
  ) || {
    grep -nE '^!|Error' "$out/$main.log" 2>/dev/null | head -n 20 >&2 || true
    die "build failed (see out/latexmk.log)"
  }
  info "out/$main.pdf: $(pdfinfo "$out/$main.pdf" | awk '/^Pages:/ {print $2}') pages"
}

build_diff() {
  local rev=${1:?usage: paper.sh diff REV}
  need latexdiff
  git -C "$here" rev-parse --verify --quiet "$rev^{commit}" >/dev/null || die "unknown revision $rev"
  local work
  work=$(mktemp -d)
  tmpdirs+=("$work")
  git -C "$here" archive "$rev" | tar -x -C "$work"
  info "flattening old and new versions"
  latexpand "$work/$main.tex" > "$work/old.tex"
  latexpand "$here/$main.tex" > "$work/new.tex"
  latexdiff --type=UNDERLINE --flatten "$work/old.tex" "$work/new.tex" > "$work/diff.tex" 2>/dev/null
  cp -r "$here/figures" "$here/refs" "$work/" 2>/dev/null || true
  (
    cd "$work"
    latexmk -lualatex -interaction=nonstopmode -outdir="$work/o" diff.tex >/dev/null 2>&1
  ) || die "diff build failed"
  mkdir -p "$out"
  cp "$work/o/diff.pdf" "$out/diff-$rev.pdf"
  info "out/diff-$rev.pdf"
}

spell_check() {
  need aspell
  local f words total=0
  for f in "$here"/sections/*.tex "$here/$main.tex"; do
    [[ -f $f ]] || continue
    words=$(aspell --mode=tex --lang=en_US --personal="$wordlist" list < "$f" | sort -u)
    if [[ -n $words ]]; then
      printf '%s:\n' "${f#"$here"/}"
      printf '    %s\n' $words
      total=$((total + $(wc -l <<< "$words")))
    fi
  done
  info "$total unknown word(s)"
}

box_check() {
  local log="$out/$main.log"
  [[ -f $log ]] || { err "build first"; return 1; }
  local n
  n=$(grep -c '^Overfull \\hbox' "$log" || true)
  info "$n overfull hbox(es)"
  grep -A1 '^Overfull \\hbox' "$log" | grep -oE 'lines [0-9]+--[0-9]+' | head -n 10 | sed 's/^/    /' || true
}

page_check() {
  local pages refs_start body
  pages=$(pdfinfo "$out/$main.pdf" | awk '/^Pages:/ {print $2}')
  # the limit excludes references; find the page where "References" starts
  refs_start=$(pdftotext -layout "$out/$main.pdf" - | awk -v RS='\f' '/^[[:space:]]*References/ {print NR; exit}')
  body=${refs_start:-$pages}
  if (( body - 1 > page_limit )); then
    err "body is $((body - 1)) pages (limit $page_limit)"
    return 1
  fi
  info "body $((body - 1))/$page_limit pages, $pages total"
}

font_check() {
  local missing
  missing=$(pdffonts "$out/$main.pdf" | awk 'NR > 2 && $(NF-4) == "no" {print $1}')
  if [[ -n $missing ]]; then
    err "fonts not embedded: $missing"
    return 1
  fi
  info "all fonts embedded"
}

check_all() {
  build_pdf
  local rc=0
  spell_check || rc=1
  box_check || rc=1
  page_check || rc=1
  font_check || rc=1
  return $rc
}

install_deps() {
  need tlmgr
  local pkgs=() p
  while read -r p; do
    [[ -z $p ]] && continue
    kpsewhich "$p.sty" >/dev/null || pkgs+=("$p")
  done < <(grep -ohE '\\usepackage(\[[^]]*\])?\{[^}]+\}' "$here/$main.tex" "$here"/sections/*.tex \
           | sed -E 's/.*\{([^}]+)\}/\1/' | tr ',' '\n' | tr -d ' ' | sort -u)
  if (( ${#pkgs[@]} == 0 )); then
    info "no missing packages"
    return 0
  fi
  info "missing: ${pkgs[*]}"
  read -r -p "install into your user tree with tlmgr --usermode? [y/N] " ans
  [[ $ans == [yY] ]] || { info "not installed"; return 0; }
  tlmgr --usermode install "${pkgs[@]}"
}

clean() {
  if [[ -d $out ]]; then
    (cd "$here" && latexmk -C -outdir="$out" "$main.tex" >/dev/null 2>&1) || true
    rm -rf -- "$out"
  fi
  info "clean"
}

todo_check() {
  # leftover TODO/FIXME markers and \todo{} notes before submission
  local hits
  hits=$(grep -nE 'TODO|FIXME|\\todo\{' "$here/$main.tex" "$here"/sections/*.tex 2>/dev/null || true)
  if [[ -n $hits ]]; then
    err "open markers:"
    printf '    %s\n' $hits >&2
    return 1
  fi
  info "no TODO markers"
}

case ${1:-pdf} in
  todo) todo_check ;;
  pdf) build_pdf ;;
  diff) shift; build_diff "$@" ;;
  check) check_all ;;
  deps) install_deps ;;
  clean) clean ;;
  *) sed -n '2,17p' "$0"; exit 2 ;;
esac
