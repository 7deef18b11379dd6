#!/usr/bin/env bash
# print-plate.sh - build a print plate from parametric parts and queue it on
# the workshop OctoPrint (upload only; printing is started at the printer).
#
#   tools/print-plate.sh plates/brackets.txt
#
# plate file format, one part per line:
#   <scad file> <copies> [-D name=value ...]
# Steps: openscad -> STL per part, prusa-slicer arranges and slices the plate
# with the profile in profiles/, G-code is checked (max temps, printer model)
# and uploaded to octopi.internal with the API key from .env. The upload
# sets select=false and print=false.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OCTO="${OCTOPRINT_URL:-http://octopi.internal}"
PROFILE="${PROFILE:-$ROOT/profiles/petg-0.2-mk4.ini}"
BUILD="$ROOT/build/plates"
# hard limits for the workshop printers (PETG/PLA only; no ABS in this room)
MAX_NOZZLE=260
MAX_BED=90
# scratch space for per-part STLs; removed on exit
WORK=""

log() { echo "[plate] $*"; }
die() { echo "[plate] error: $*" >&2; exit 1; }

cleanup() {
  [[ -n "$WORK" ]] && rm -rf -- "$WORK"
  return 0
}
trap cleanup EXIT

case "$OCTO" in
  http://*.internal) ;;
  http://localhost:*) ;;
  *) die "OCTOPRINT_URL $OCTO is not a workshop host" ;;
esac

api_key() {
  local key="${OCTOPRINT_API_KEY:-}"
  if [[ -z "$key" && -f "$ROOT/.env" ]]; then
    key="$(grep -E '^OCTOPRINT_API_KEY=' "$ROOT/.env" | cut -d= -f2-)"
  fi
  [[ -n "$key" ]] || die "OCTOPRINT_API_KEY not set"
  printf '%s' "$key"
}

render_part() {
  local scad="$1" out="$2"
  shift 2
  local -a defines=()
  local d
  for d in "$@"; do
    [[ "$d" =~ ^-D$ ]] && continue
    [[ "$d" =~ ^[A-Za-z_][A-Za-z0-9_]*=.+$ ]] || die "bad define '$d' for $scad"
    defines+=(-D "$d")
  done
  openscad --export-format binstl "${defines[@]}" -o "$out" "$ROOT/$scad" 2>"$out.log" \
    || { tail -n 5 "$out.log" >&2; die "openscad failed for $scad"; }
}

read_plate() {
  local plate="$1" line scad copies i n=0
  while IFS= read -r line || [[ -n $line ]]; do
    line="${line%%#*}"
    [[ -z "${line// }" ]] && continue
    read -r scad copies rest <<<"$line"
    [[ -f "$ROOT/$scad" ]] || die "$scad not found"
    [[ "$copies" =~ ^[0-9]+$ ]] && (( copies >= 1 && copies <= 20 )) || die "bad copy count in: $line"
    n=$((n + 1))
    local stl="$WORK/part$n.stl"
    # shellcheck disable=SC2086
    render_part "$scad" "$stl" ${rest:-}
    for (( i = 0; i < copies; i++ )); do
      printf '%s\n' "$stl"
    done
  done <"$plate"
}

slice_plate() {
  local name="$1"
  shift
  local out="$BUILD/$name.gcode"
  mkdir -p "$BUILD"
  prusa-slicer --export-gcode --load "$PROFILE" --arrange 1 --merge \
    --output "$out" "$@" >"$WORK/slicer.log" 2>&1 \
    || { tail -n 10 "$WORK/slicer.log" >&2; die "slicing failed"; }
  printf '%s' "$out"
}

check_gcode() {
  local g="$1" nozzle bed model
  nozzle="$(grep -m1 -E '^; temperature = ' "$g" | awk '{print $4}' | cut -d, -f1)"
  bed="$(grep -m1 -E '^; bed_temperature = ' "$g" | awk '{print $4}' | cut -d, -f1)"
  model="$(grep -m1 -E '^; printer_model = ' "$g" | awk '{print $4}')"
  (( ${nozzle:-0} <= MAX_NOZZLE )) || die "nozzle temperature $nozzle exceeds $MAX_NOZZLE"
  (( ${bed:-0} <= MAX_BED )) || die "bed temperature $bed exceeds $MAX_BED"
  [[ -z "${EXPECTED_MODEL:-}" || "$model" == "$EXPECTED_MODEL" ]] || die "sliced for $model"
  local est
  est="$(grep -m1 'estimated printing time (normal mode)' "$g" | cut -d= -f2- | xargs)"
  log "nozzle ${nozzle}°C, bed ${bed}°C, model ${model:-?}, time ${est:-?}"
}

upload() {
  local g="$1" key
  key="$(api_key)"
  log "uploading $(basename "$g") to $OCTO (not starting the print)"
  curl -fsS -H "X-Api-Key: $key" \
    -F "file=@$g" -F "path=plates" -F "select=false" -F "print=false" \
    "$OCTO/api/files/local" | jq -r '.files.local.name // "uploaded"'
}

filament_estimate() {
  # grams and metres of filament from the slicer comments, for the spool log
  local g="$1" grams metres
  grams="$(grep -m1 -E '^; total filament used \[g\] = ' "$g" | awk -F'= ' '{print $2}')"
  metres="$(grep -m1 -E '^; filament used \[mm\] = ' "$g" | awk -F'= ' '{printf "%.1f", $2 / 1000}')"
  log "filament: ${grams:-?} g, ${metres:-?} m"
  mkdir -p "$ROOT/logs"
  printf '%s\t%s\t%s\t%s\n' "$(date +%F)" "$(basename "$g")" "${grams:-}" "${metres:-}" >>"$ROOT/logs/filament.tsv"
}

plate_preview() {
  # PNG preview of the first part for the workshop chat
  local first="$1" png="$BUILD/$(basename "${2%.gcode}").png"
  openscad --render --imgsize=800,600 --viewall --autocenter -o "$png" \
    --export-format png "$first" >/dev/null 2>&1 || return 0
  log "preview ${png#$ROOT/}"
}

check_profile() {
  # refuse profiles that disable the first-layer check or raise temps above limits
  local t
  t="$(grep -E '^temperature = ' "$PROFILE" | awk '{print $3}' | cut -d, -f1)"
  if [[ -n "$t" ]] && (( t > MAX_NOZZLE )); then
    die "profile $(basename "$PROFILE") sets nozzle $t°C"
  fi
  if grep -qE '^start_gcode = .*M104 S3[0-9]{2}' "$PROFILE"; then
    die "profile start G-code heats the nozzle above 300°C"
  fi
}

printer_state() {
  local key
  key="$(api_key)"
  curl -fsS -H "X-Api-Key: $key" "$OCTO/api/job" | jq -r '"printer: \(.state)"' || true
}

main() {
  (( $# >= 1 )) || die "usage: $0 <plate file> [--no-upload]"
  local plate="$1" no_upload=0
  [[ "${2:-}" == "--no-upload" ]] && no_upload=1
  [[ -f "$plate" ]] || die "plate file $plate not found"
  [[ -f "$PROFILE" ]] || die "profile $PROFILE not found"
  for t in openscad prusa-slicer curl jq; do
    command -v "$t" >/dev/null || die "$t missing"
  done
  WORK="$(mktemp -d)"
  local -a stls
  mapfile -t stls < <(read_plate "$plate")
  (( ${#stls[@]} )) || die "plate is empty"
  log "${#stls[@]} object(s) on the plate"
  local name gcode
  name="$(basename "${plate%.*}")-$(date +%m%d-%H%M)"
  check_profile
  gcode="$(slice_plate "$name" "${stls[@]}")"
  check_gcode "$gcode"
  filament_estimate "$gcode"
  plate_preview "${stls[0]}" "$gcode"
  if (( no_upload )); then
    log "G-code at ${gcode#$ROOT/}"
  else
    upload "$gcode"
    printer_state
    log "start the print from the printer's screen after checking the bed"
  fi
}

main "$@"
