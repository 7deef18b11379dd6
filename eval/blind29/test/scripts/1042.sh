#!/usr/bin/env bash
# ff-batch: batch font conversions and fixes with FontForge's Python.
#
#   tools/ff-batch.sh convert sources/legacy/*.sfd          # SFD → OTF + TTF into build/legacy
#   tools/ff-batch.sh fix-names build/legacy/*.otf          # family/style names from config
#   tools/ff-batch.sh report build/legacy/*.otf             # glyph counts, em, metrics
#
# The FontForge scripts are the ones in tools/ff/ of this repository; they are
# executed with `fontforge -lang=py -script` (FontForge's embedded Python).
# A temp dir holds intermediate files and is removed at exit; final files are
# written via temp name + mv so a crash never leaves a half-written font in
# build/.  FontForge sometimes hangs on broken SFDs, so every call runs with
# a timeout and the process is killed if it does not finish.
set -Eeuo pipefail

project=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ffdir="$project/tools/ff"
outdir="$project/build/legacy"
names_cfg="$project/config/font-names.tsv"
timeout_s=${FF_TIMEOUT:-120}
scratch=$(mktemp -d "${TMPDIR:-/tmp}/ff-batch.XXXXXX")
trap 'rm -rf -- "$scratch"' EXIT

info() { printf 'ff-batch: %s\n' "$*" >&2; }
stop() { info "error: $*"; exit 1; }

command -v fontforge >/dev/null || stop "fontforge not installed"
[[ -d $ffdir ]] || stop "missing FontForge scripts in ${ffdir#"$project"/}"

ff() {
  # ff SCRIPT ARGS… – run one of our FontForge scripts with a timeout
  local script="$ffdir/$1.py"
  shift
  [[ -f $script ]] || stop "no FontForge script $script"
  timeout --kill-after=10 "$timeout_s" fontforge -quiet -lang=py -script "$script" "$@"
}

usage() {
  cat >&2 <<EOF
usage: $0 MODE FILES…
modes:
  convert     SFD → OTF + TTF into ${outdir#"$project"/}
  fix-names   set family/style names from config/font-names.tsv
  hint        ttfautohint the TTFs in ${outdir#"$project"/}
  web         write WOFF2 next to the fonts in ${outdir#"$project"/}
  report      glyph counts and metrics as TSV
EOF
  exit 1
}

mode=${1:-}
[[ -n $mode ]] || usage
shift
(( $# )) || stop "no input files"

inputs=()
for f in "$@"; do
  abs=$(realpath -- "$f")
  [[ $abs == "$project"/* ]] || stop "$f is outside the project"
  [[ -f $abs ]] || stop "$f not found"
  inputs+=("$abs")
done
mkdir -p -- "$outdir"

convert_one() {
  local sfd=$1 base
  base=$(basename -- "$sfd" .sfd)
  local tmp_otf="$scratch/$base.otf" tmp_ttf="$scratch/$base.ttf"
  if ! ff convert "$sfd" "$tmp_otf" "$tmp_ttf" > "$scratch/$base.log" 2>&1; then
    info "$base: conversion failed ($(grep -m1 -iE 'error|warning' "$scratch/$base.log" || echo 'see log'))"
    cp -- "$scratch/$base.log" "$outdir/$base.error.log"
    return 1
  fi
  mv -f -- "$tmp_otf" "$outdir/$base.otf"
  mv -f -- "$tmp_ttf" "$outdir/$base.ttf"
  rm -f -- "$outdir/$base.error.log"
  info "$base: otf + ttf"
}

fix_names_one() {
  local font=$1 base family style
  base=$(basename -- "$font")
  base=${base%.*}
  [[ -f $names_cfg ]] || stop "missing ${names_cfg#"$project"/}"
  family=$(awk -F'\t' -v b="$base" '$1 == b { print $2 }' "$names_cfg")
  style=$(awk -F'\t' -v b="$base" '$1 == b { print $3 }' "$names_cfg")
  if [[ -z $family || -z $style ]]; then
    info "$base: no entry in font-names.tsv, skipped"
    return 0
  fi
  local tmp="$scratch/${font##*/}"
  ff setnames "$font" "$tmp" "$family" "$style" > "$scratch/$base.names.log" 2>&1 \
    || { info "$base: renaming failed"; return 1; }
  mv -f -- "$tmp" "$font"
  info "$base: $family / $style"
}

report_one() {
  local font=$1
  ff report "$font" 2>/dev/null | tr '\n' '\t'
  echo
}

autohint_one() {
  # ttfautohint the TTF produced by convert; keep the unhinted file when the
  # hinter fails (some legacy outlines are too broken for it)
  local ttf=$1 tmp="$scratch/hinted-${1##*/}"
  command -v ttfautohint >/dev/null || { info "ttfautohint missing; skipping hinting"; return 0; }
  if ttfautohint --stem-width-mode=nss --no-info "$ttf" "$tmp" 2> "$scratch/hint.log"; then
    mv -f -- "$tmp" "$ttf"
    info "${ttf##*/}: hinted"
  else
    info "${ttf##*/}: hinting failed ($(head -n 1 "$scratch/hint.log")), kept unhinted"
  fi
}

woff_one() {
  # web versions next to the desktop files
  local font=$1 base
  base=${font%.*}
  python3 - "$font" "$base.woff2" <<'PY' || return 1
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
font.flavor = "woff2"
font.save(sys.argv[2])
PY
  info "${font##*/}: woff2"
}

failures=0
case $mode in
  hint)
    for f in "${inputs[@]}"; do
      [[ $f == "$outdir"/*.ttf ]] || { info "skip ${f##*/}: only TTFs in ${outdir#"$project"/}"; continue; }
      autohint_one "$f" || failures=$((failures + 1))
    done
    ;;
  web)
    for f in "${inputs[@]}"; do
      [[ $f == "$outdir"/* ]] || stop "web only converts fonts in ${outdir#"$project"/}"
      woff_one "$f" || failures=$((failures + 1))
    done
    ;;
  convert)
    for f in "${inputs[@]}"; do
      [[ $f == *.sfd ]] || { info "skip ${f##*/}: not an SFD"; continue; }
      convert_one "$f" || failures=$((failures + 1))
    done
    ;;
  fix-names)
    for f in "${inputs[@]}"; do
      [[ $f == "$outdir"/* ]] || stop "fix-names only edits fonts in ${outdir#"$project"/}"
      fix_names_one "$f" || failures=$((failures + 1))
    done
    ;;
  report)
    rep="$project/build/legacy-report.tsv"
    printf 'file\tfamily\tstyle\tglyphs\tem\tascent\tdescent\n' > "$rep.tmp"
    for f in "${inputs[@]}"; do
      printf '%s\t' "${f#"$project"/}" >> "$rep.tmp"
      report_one "$f" >> "$rep.tmp" || failures=$((failures + 1))
    done
    mv -f -- "$rep.tmp" "$rep"
    column -t -s $'\t' "$rep" >&2
    ;;
  *) stop "unknown mode $mode" ;;
esac

# compare glyph coverage of the produced fonts against the reference charset
charset="$project/config/charset.txt"
if [[ $mode == convert && -f $charset ]] && command -v ttx >/dev/null; then
  for otf in "$outdir"/*.otf; do
    [[ -e $otf ]] || continue
    ttx -q -t cmap -o "$scratch/cmap.ttx" "$otf" 2>/dev/null || continue
    have=$(grep -o 'code="0x[0-9a-f]*"' "$scratch/cmap.ttx" | sort -u | wc -l)
    missing=0
    while read -r cp; do
      [[ -n $cp ]] || continue
      grep -q "code=\"0x${cp,,}\"" "$scratch/cmap.ttx" || missing=$((missing + 1))
    done < "$charset"
    info "${otf##*/}: $have code points, $missing missing from reference charset"
  done
fi

info "$mode finished: ${#inputs[@]} file(s), $failures failure(s)"
(( failures == 0 ))
