#!/usr/bin/env bash
# pcb-release.sh - produce the fabrication + assembly package for a board rev.
#
#   tools/pcb-release.sh <version> [--board hw/sensor-node.kicad_pcb] [--tag]
#
# Output: dist/<version>/
#   gerbers/ drill/  -> zipped as <board>-<version>-fab.zip
#   bom.csv, positions.csv, schematic.pdf, 3d.step
#   SHA256SUMS
# dist/<version> is rebuilt from scratch on each run. --tag creates an
# annotated git tag hw-<version> (never pushed by this script).
set -euo pipefail

cd "$(dirname "$0")/.."
ROOT="$PWD"

VERSION=""
BOARD="hw/sensor-node.kicad_pcb"
TAG=0
VARIANT=""

msg() { echo "pcb-release: $*"; }
die() { echo "pcb-release: error: $*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --board) BOARD="$2"; shift 2 ;;
    --variant) VARIANT="$2"; shift 2 ;;
    --tag) TAG=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) die "unknown flag $1" ;;
    *) VERSION="$1"; shift ;;
  esac
done

[[ -n "$VERSION" ]] || die "version required (e.g. 1.3.0)"
[[ "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-rc[0-9]+)?$ ]] || die "version must look like 1.2.3 or 1.2.3-rc1"
[[ -f "$BOARD" ]] || die "board $BOARD not found"
command -v kicad-cli >/dev/null || die "kicad-cli (KiCad 8+) is required"

SCH="${BOARD%.kicad_pcb}.kicad_sch"
NAME="$(basename "${BOARD%.kicad_pcb}")"
DIST="$ROOT/dist/$VERSION"
LAYERS="F.Cu,B.Cu,F.Paste,B.Paste,F.SilkS,B.SilkS,F.Mask,B.Mask,Edge.Cuts"

if [[ -n "$(git status --porcelain -- hw/)" ]]; then
  die "hw/ has uncommitted changes; commit before releasing"
fi

prepare() {
  case "$DIST" in
    "$ROOT"/dist/*) ;;
    *) die "refusing to clean $DIST" ;;
  esac
  rm -rf -- "$DIST"
  mkdir -p "$DIST/gerbers" "$DIST/drill"
}

set_revision() {
  # stamp the revision into a temp copy so the committed files stay untouched
  WORK_BOARD="$(mktemp --suffix=.kicad_pcb)"
  WORK_SCH="${WORK_BOARD%.kicad_pcb}.kicad_sch"
  cp "$BOARD" "$WORK_BOARD"
  cp "$SCH" "$WORK_SCH"
  sed -i -E "s/\(rev \"[^\"]*\"\)/(rev \"$VERSION\")/" "$WORK_BOARD" "$WORK_SCH"
  trap 'rm -f "$WORK_BOARD" "$WORK_SCH"' EXIT
}

drc() {
  msg "design rule check"
  kicad-cli pcb drc --severity-error --exit-code-violations \
    --format json --output "$DIST/drc.json" "$WORK_BOARD" \
    || die "DRC violations, see dist/$VERSION/drc.json"
  kicad-cli sch erc --severity-error --exit-code-violations \
    --format json --output "$DIST/erc.json" "$WORK_SCH" \
    || die "ERC violations, see dist/$VERSION/erc.json"
}

fab() {
  msg "gerbers + drill"
  kicad-cli pcb export gerbers --layers "$LAYERS" --subtract-soldermask \
    --no-netlist -o "$DIST/gerbers/" "$WORK_BOARD" >/dev/null
  kicad-cli pcb export drill --format excellon --excellon-separate-th \
    --generate-map --map-format gerberx2 -o "$DIST/drill/" "$WORK_BOARD" >/dev/null
  local n
  n="$(find "$DIST/gerbers" "$DIST/drill" -type f | wc -l)"
  (( n >= 10 )) || die "only $n fabrication files produced"
  (cd "$DIST" && zip -qr "$NAME-$VERSION-fab.zip" gerbers drill)
}

assembly() {
  msg "BOM, positions, schematic, STEP"
  local -a bom_args=(--fields 'Reference,Value,Footprint,${QUANTITY},MPN,LCSC'
                     --group-by 'Value,Footprint,MPN' --exclude-dnp)
  [[ -n "$VARIANT" ]] && bom_args+=(--variant "$VARIANT")
  kicad-cli sch export bom "${bom_args[@]}" -o "$DIST/bom.csv" "$WORK_SCH" >/dev/null
  kicad-cli pcb export pos --format csv --units mm --side both \
    --exclude-dnp -o "$DIST/positions.csv" "$WORK_BOARD" >/dev/null
  kicad-cli sch export pdf --black-and-white -o "$DIST/schematic.pdf" "$WORK_SCH" >/dev/null
  kicad-cli pcb export step --subst-models --force -o "$DIST/3d.step" "$WORK_BOARD" >/dev/null
}

check_bom() {
  # every non-DNP line needs an MPN or LCSC number for assembly
  local missing
  missing="$(awk -F'","' 'NR > 1 && $5 == "" && $6 == "" {print $1}' "$DIST/bom.csv" | tr -d '"')"
  if [[ -n "$missing" ]]; then
    msg "parts without MPN/LCSC: $missing"
    return 1
  fi
}

board_stats() {
  # layer count, board size and component count for the release notes
  local layers width height parts
  layers="$(grep -c '"signal"' "$WORK_BOARD" || true)"
  read -r width height < <(awk '
    /\(gr_rect|\(gr_line/ && /Edge.Cuts/ {
      while (match($0, /\(start [-0-9.]+ [-0-9.]+\)|\(end [-0-9.]+ [-0-9.]+\)/)) {
        split(substr($0, RSTART + 1, RLENGTH - 2), p, " ")
        x = p[2] + 0; y = p[3] + 0
        if (!init) { minx = maxx = x; miny = maxy = y; init = 1 }
        if (x < minx) minx = x; if (x > maxx) maxx = x
        if (y < miny) miny = y; if (y > maxy) maxy = y
        $0 = substr($0, RSTART + RLENGTH)
      }
    }
    END { printf "%.1f %.1f\n", maxx - minx, maxy - miny }' "$WORK_BOARD")
  parts="$(tail -n +2 "$DIST/positions.csv" | wc -l)"
  {
    echo
    echo "## Board"
    echo
    echo "- copper layers: $layers"
    echo "- outline: ${width} x ${height} mm"
    echo "- placed parts: $parts"
  } >>"$DIST/RELEASE.md"
}

compare_bom_with_previous() {
  local prev
  prev="$(ls -1d "$ROOT"/dist/*/ 2>/dev/null | grep -v "/$VERSION/" | sort -V | tail -n 1 || true)"
  [[ -n "$prev" && -f "$prev/bom.csv" ]] || return 0
  msg "BOM changes since $(basename "$prev"):"
  diff <(cut -d, -f2-4 "$prev/bom.csv" | sort) <(cut -d, -f2-4 "$DIST/bom.csv" | sort) \
    | grep -E '^[<>]' | sed 's/^</  removed:/; s/^>/  added:  /' || msg "  (no changes)"
}

checksums() {
  (cd "$DIST" && find . -type f ! -name SHA256SUMS -print0 | sort -z | xargs -0 sha256sum >SHA256SUMS)
  msg "$(wc -l <"$DIST/SHA256SUMS") files checksummed"
}

notes() {
  local last
  last="$(git describe --tags --match 'hw-*' --abbrev=0 2>/dev/null || echo '')"
  {
    echo "# $NAME $VERSION"
    echo
    echo "Built from $(git rev-parse --short HEAD) on $(date -u +%F)."
    echo
    if [[ -n "$last" ]]; then
      echo "## Changes since $last"
      git log --format='- %s' "$last"..HEAD -- hw/
    fi
  } >"$DIST/RELEASE.md"
}

prepare
set_revision
drc
fab
assembly
check_bom || msg "continuing; fix the BOM before ordering assembly"
notes
board_stats
compare_bom_with_previous
checksums

if (( TAG )); then
  git tag -a "hw-$VERSION" -m "$NAME hardware $VERSION"
  msg "tagged hw-$VERSION (push it yourself: git push origin hw-$VERSION)"
fi

msg "package ready in dist/$VERSION"
ls -la "$DIST"
