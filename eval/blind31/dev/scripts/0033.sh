#!/usr/bin/env bash
# build-book.sh — build the field guide (EPUB, AZW3, PDF) and optionally serve
# it to proofreaders with calibre-server on localhost.
#
#   tools/build-book.sh                # build + epubcheck
#   tools/build-book.sh --serve        # also start calibre-server on 127.0.0.1:8099
#   tools/build-book.sh --clean        # wipe build/book first
#
# Everything is written under build/book. The proofing library is
# build/book/library (a fresh Calibre library each build), never the user's
# own Calibre library.

set -Eeuo pipefail
IFS=$'\n\t'

HERE="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd -- "${HERE}/.." && pwd)"
SRC="${ROOT}/guide"
OUT="${ROOT}/build/book"
LIB="${OUT}/library"
PORT="${PROOF_PORT:-8099}"
SERVE=0
CLEAN=0
SERVER_PID=""
STAGE=""

say() { printf '==> %s\n' "$*"; }
die() { printf 'build-book: %s\n' "$*" >&2; exit 1; }

finish() {
  local rc=$?
  if [[ -n "${SERVER_PID}" ]] && kill -0 "${SERVER_PID}" 2>/dev/null; then
    say "stopping calibre-server (${SERVER_PID})"
    kill "${SERVER_PID}" 2>/dev/null || true
    wait "${SERVER_PID}" 2>/dev/null || true
  fi
  [[ -n "${STAGE}" && -d "${STAGE}" ]] && rm -rf -- "${STAGE}"
  exit "${rc}"
}
trap finish EXIT
trap 'exit 130' INT TERM

for arg in "$@"; do
  case "${arg}" in
    --serve) SERVE=1 ;;
    --clean) CLEAN=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option ${arg}" ;;
  esac
done

for tool in pandoc ebook-convert ebook-meta calibredb epubcheck; do
  command -v "${tool}" >/dev/null 2>&1 || die "missing ${tool}"
done

meta() {
  # meta KEY: read a scalar from guide/metadata.yaml (flat keys only)
  awk -F': *' -v k="$1" '$1 == k {sub(/^[^:]*: */, ""); gsub(/^"|"$/, ""); print; exit}' \
    "${SRC}/metadata.yaml"
}

TITLE="$(meta title)"
AUTHOR="$(meta author)"
ISBN="$(meta isbn)"
VERSION="$(git -C "${ROOT}" describe --tags --always --dirty 2>/dev/null || echo dev)"
[[ -n "${TITLE}" && -n "${AUTHOR}" ]] || die "metadata.yaml needs title and author"

if (( CLEAN )); then
  say "cleaning ${OUT#"${ROOT}/"}"
  rm -rf -- "${OUT}"
fi
mkdir -p "${OUT}"
STAGE="$(mktemp -d "${OUT}/.stage.XXXXXX")"

build_epub() {
  local chapters=()
  mapfile -t chapters < <(find "${SRC}/chapters" -name '*.md' | sort)
  (( ${#chapters[@]} )) || die "no chapters in guide/chapters"
  say "pandoc: ${#chapters[@]} chapters -> EPUB"
  pandoc "${chapters[@]}" \
    --from markdown+smart+fenced_divs \
    --to epub3 \
    --metadata-file "${SRC}/metadata.yaml" \
    --metadata "subtitle=Edition ${VERSION}" \
    --epub-cover-image "${SRC}/cover.png" \
    --css "${SRC}/epub.css" \
    --resource-path "${SRC}:${SRC}/figures" \
    --toc --toc-depth 2 \
    -o "${STAGE}/guide.epub"
}

check_epub() {
  say "epubcheck"
  if ! epubcheck --quiet --json "${STAGE}/epubcheck.json" "${STAGE}/guide.epub"; then
    jq -r '.messages[] | select(.severity == "ERROR" or .severity == "FATAL")
           | "  \(.severity) \(.ID) \(.locations[0].path // ""):\(.locations[0].line // "") \(.message)"' \
      "${STAGE}/epubcheck.json" | head -n 30
    die "epubcheck failed"
  fi
}

convert_all() {
  say "ebook-convert -> AZW3"
  ebook-convert "${STAGE}/guide.epub" "${STAGE}/guide.azw3" \
    --output-profile kindle_pw3 --pretty-print > "${STAGE}/azw3.log" 2>&1
  say "ebook-convert -> PDF"
  ebook-convert "${STAGE}/guide.epub" "${STAGE}/guide.pdf" \
    --paper-size a5 --pdf-page-numbers --pdf-serif-family "Source Serif 4" \
    --pdf-page-margin-top 48 --pdf-page-margin-bottom 48 > "${STAGE}/pdf.log" 2>&1
  for f in guide.epub guide.azw3 guide.pdf; do
    ebook-meta "${STAGE}/${f}" --title "${TITLE}" --authors "${AUTHOR}" \
      ${ISBN:+--isbn "${ISBN}"} > /dev/null
  done
}

publish_outputs() {
  local f
  for f in guide.epub guide.azw3 guide.pdf epubcheck.json; do
    mv -f "${STAGE}/${f}" "${OUT}/${f}"
  done
  (cd "${OUT}" && sha256sum guide.epub guide.azw3 guide.pdf > SHA256SUMS)
  say "outputs:"
  ls -lh "${OUT}"/guide.* | awk '{printf "    %-8s %s\n", $5, $NF}'
}

make_library() {
  # A fresh proofing library inside build/; removed and recreated every time.
  case "${LIB}" in
    "${ROOT}"/build/*) rm -rf -- "${LIB}" ;;
    *) die "proofing library path ${LIB} is outside build/" ;;
  esac
  mkdir -p "${LIB}"
  calibredb add --library-path "${LIB}" "${OUT}/guide.epub" > /dev/null
  local id
  id="$(calibredb list --library-path "${LIB}" --fields id --for-machine | jq '.[0].id')"
  calibredb add_format --library-path "${LIB}" "${id}" "${OUT}/guide.azw3" > /dev/null
  calibredb add_format --library-path "${LIB}" "${id}" "${OUT}/guide.pdf" > /dev/null
  say "proofing library: build/book/library (book id ${id})"
}

word_count() {
  # rough manuscript statistics for the editor's progress sheet
  local total=0 words f
  printf '    %-40s %8s\n' chapter words
  while IFS= read -r f; do
    words="$(pandoc "${f}" -t plain 2>/dev/null | wc -w)"
    total=$(( total + words ))
    printf '    %-40s %8d\n' "$(basename "${f}")" "${words}"
  done < <(find "${SRC}/chapters" -name '*.md' | sort)
  printf '    %-40s %8d\n' TOTAL "${total}"
  printf '%s\t%s\t%s\n' "$(date +%F)" "${VERSION}" "${total}" >> "${OUT}/wordcount.tsv"
}

write_open_helper() {
  local helper="${OUT}/open-proof.sh"
  cat > "${helper}.tmp" <<EOF
#!/bin/sh
# generated by tools/build-book.sh
exec xdg-open "http://127.0.0.1:${PORT}/"
EOF
  mv "${helper}.tmp" "${helper}"
  chmod +x "${helper}"
}

serve() {
  say "calibre-server on http://127.0.0.1:${PORT} (Ctrl-C to stop)"
  calibre-server --listen-on 127.0.0.1 --port "${PORT}" \
    --enable-local-write --disable-use-bonjour "${LIB}" > "${OUT}/server.log" 2>&1 &
  SERVER_PID=$!
  sleep 2
  kill -0 "${SERVER_PID}" 2>/dev/null || { cat "${OUT}/server.log"; die "calibre-server did not start"; }
  wait "${SERVER_PID}"
}

build_epub
check_epub
convert_all
publish_outputs
make_library
say "word count"
word_count
write_open_helper
if (( SERVE )); then
  serve
fi
say "done (${VERSION})"
