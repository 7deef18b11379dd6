#!/usr/bin/env bash
# srcset.sh -- generate responsive image variants (AVIF + WebP + fallback JPEG)
# for every photo under content/photos and write a JSON manifest used by the
# <Picture> component.
#
#   scripts/srcset.sh                 # only new/changed photos
#   scripts/srcset.sh --all           # regenerate everything
#   scripts/srcset.sh --clean         # remove generated variants (public/photos only)
#
# Tools: magick (resize + JPEG), cwebp, avifenc (optional; AVIF skipped if missing).
set -euo pipefail
shopt -s nullglob globstar

ROOT="$(git rev-parse --show-toplevel)"
SRC="$ROOT/content/photos"
DEST="$ROOT/public/photos"
MANIFEST="$ROOT/src/generated/photos.json"
STAMPS="$ROOT/.cache/srcset"
WIDTHS=(480 960 1440 1920)
ALL=0
CLEAN=0
JOBS="$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)"

info() { printf 'srcset: %s\n' "$*" >&2; }
bail() { info "error: $*"; exit 1; }

while (($#)); do
  case "$1" in
    --all) ALL=1 ;;
    --clean) CLEAN=1 ;;
    -j) JOBS="$2"; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) bail "unknown option $1" ;;
  esac
  shift
done

if ((CLEAN)); then
  [[ "$DEST" == "$ROOT"/public/* ]] || bail "refusing to clean $DEST"
  rm -rf -- "$DEST" "$STAMPS" "$MANIFEST"
  info "removed generated variants, stamps and manifest"
  exit 0
fi

command -v magick >/dev/null || bail "ImageMagick 7 (magick) required"
command -v cwebp >/dev/null || bail "cwebp required (libwebp)"
HAVE_AVIF=0
command -v avifenc >/dev/null && HAVE_AVIF=1
((HAVE_AVIF)) || info "avifenc not found; AVIF variants will be skipped"

mkdir -p "$DEST" "$STAMPS" "$(dirname "$MANIFEST")"

stamp_for() {
  local rel="$1"
  printf '%s/%s.sha' "$STAMPS" "${rel//\//__}"
}

needs_work() {
  local src="$1" rel="$2" stamp sum
  ((ALL)) && return 0
  stamp="$(stamp_for "$rel")"
  sum="$(sha1sum "$src" | cut -d' ' -f1)"
  [[ ! -f "$stamp" || "$(cat "$stamp")" != "$sum" ]]
}

process_one() {
  # runs in a subshell per photo (xargs -P)
  local src="$1"
  local rel="${src#"$SRC"/}"
  local base="${rel%.*}"
  local outdir="$DEST/$(dirname "$rel")"
  local name
  name="$(basename "$base")"
  mkdir -p "$outdir"
  local width orig_w
  orig_w="$(magick identify -format '%w' "$src[0]")"
  for width in "${WIDTHS[@]}"; do
    ((width <= orig_w)) || continue
    local jpg="$outdir/$name-$width.jpg"
    magick "$src[0]" -auto-orient -strip -resize "${width}x>" \
      -sampling-factor 4:2:0 -interlace JPEG -quality 80 "$jpg"
    cwebp -quiet -q 75 "$jpg" -o "$outdir/$name-$width.webp"
    if ((HAVE_AVIF)); then
      avifenc --min 20 --max 32 --speed 6 "$jpg" "$outdir/$name-$width.avif" >/dev/null
    fi
  done
  sha1sum "$src" | cut -d' ' -f1 >"$(stamp_for "$rel")"
  printf '%s\n' "$rel"
}
export -f process_one stamp_for
export SRC DEST STAMPS HAVE_AVIF
export WIDTHS_STR="${WIDTHS[*]}"

todo=()
for src in "$SRC"/**/*.{jpg,jpeg,png,JPG,JPEG,PNG}; do
  rel="${src#"$SRC"/}"
  needs_work "$src" "$rel" && todo+=("$src")
done

if ((${#todo[@]})); then
  info "processing ${#todo[@]} photo(s) with $JOBS jobs"
  printf '%s\0' "${todo[@]}" | xargs -0 -n 1 -P "$JOBS" bash -c '
    WIDTHS=($WIDTHS_STR)
    process_one "$1"
  ' _ >/dev/null
else
  info "nothing changed"
fi

remove_orphans() {
  # variants whose source photo was deleted
  local f rel src n=0
  for f in "$DEST"/**/*-[0-9]*.jpg; do
    rel="${f#"$DEST"/}"
    rel="${rel%-*}"
    src=""
    for ext in jpg jpeg png JPG JPEG PNG; do
      [[ -f "$SRC/$rel.$ext" ]] && src="$SRC/$rel.$ext"
    done
    if [[ -z "$src" ]]; then
      rm -f -- "${f%.jpg}".{jpg,webp,avif}
      n=$((n + 1))
    fi
  done
  ((n)) && info "removed $n orphaned variant set(s)"
  return 0
}
remove_orphans

write_manifest() {
  local first=1 f rel key w
  {
    printf '{\n'
    for f in "$SRC"/**/*.{jpg,jpeg,png,JPG,JPEG,PNG}; do
      rel="${f#"$SRC"/}"
      key="${rel%.*}"
      ((first)) || printf ',\n'
      first=0
      printf '  "%s": {"widths": [' "$key"
      local sep=""
      for w in "${WIDTHS[@]}"; do
        if [[ -f "$DEST/$key-$w.jpg" ]]; then
          printf '%s%d' "$sep" "$w"
          sep=", "
        fi
      done
      printf '], "avif": %s}' "$([[ -f "$DEST/$key-${WIDTHS[0]}.avif" ]] && echo true || echo false)"
    done
    printf '\n}\n'
  } >"$MANIFEST.tmp"
  mv -f "$MANIFEST.tmp" "$MANIFEST"
}
write_manifest

size_report() {
  local total
  total="$(du -sk "$DEST" 2>/dev/null | cut -f1)"
  info "variants: $(find "$DEST" -type f | wc -l | tr -d ' ') files, ${total:-0} KiB"
}
check_huge_sources() {
  # originals over 20 MB slow every clone; suggest Git LFS or downsizing
  local f size
  for f in "$SRC"/**/*.{jpg,jpeg,png,JPG,JPEG,PNG}; do
    size="$(wc -c <"$f" | tr -d ' ')"
    if ((size > 20 * 1024 * 1024)); then
      info "large source photo: ${f#"$ROOT"/} ($((size / 1024 / 1024)) MiB)"
    fi
  done
}

check_gitignore() {
  if ! git check-ignore -q "$STAMPS" 2>/dev/null; then
    info "note: .cache/ is not git-ignored"
  fi
}

size_report
check_huge_sources
check_gitignore
info "manifest: ${MANIFEST#"$ROOT"/}"
