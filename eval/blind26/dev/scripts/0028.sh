#!/usr/bin/env bash
# fw-matrix.sh - compile every sketch for every board in boards.txt, and
# optionally upload to the boards that are physically attached.
#
# boards.txt lines:   <name> <fqbn> [serial-number]
# Uploads happen only with --upload and only to ports whose USB serial number
# matches the one recorded in boards.txt, so a random device plugged into the
# bench is never flashed.
set -euo pipefail
shopt -s nullglob

HERE="$(cd "$(dirname "$0")/.." && pwd)"
SKETCHES="$HERE/sketches"
BOARDS="$HERE/boards.txt"
OUT="$HERE/build/fw"
JOBS="${JOBS:-2}"
UPLOAD=0
ONLY=""
STATUS_FILE=""

log() { echo "[fw] $*" >&2; }
die() { log "ERROR: $*"; exit 1; }

cleanup() {
  [[ -n "$STATUS_FILE" ]] && rm -f -- "$STATUS_FILE"
}
trap cleanup EXIT

while getopts ":uj:o:h" opt; do
  case $opt in
    u) UPLOAD=1 ;;
    j) JOBS="$OPTARG" ;;
    o) ONLY="$OPTARG" ;;
    h) sed -n '2,9p' "$0"; exit 0 ;;
    :) die "-$OPTARG needs a value" ;;
    \?) die "unknown flag -$OPTARG" ;;
  esac
done

command -v arduino-cli >/dev/null || die "arduino-cli not installed"
[[ -f "$BOARDS" ]] || die "boards.txt missing"

ensure_cores() {
  local fqbn core
  local -A seen=()
  while read -r _ fqbn _; do
    core="${fqbn%:*}"
    [[ -n "${seen[$core]:-}" ]] && continue
    seen[$core]=1
    if ! arduino-cli core list | awk '{print $1}' | grep -qx "$core"; then
      log "installing core $core (pinned in arduino-cli.yaml)"
      arduino-cli core install "$core" --config-file "$HERE/arduino-cli.yaml"
    fi
  done < <(grep -v '^\s*#' "$BOARDS" | grep -v '^\s*$')
}

compile_one() {
  local sketch="$1" name="$2" fqbn="$3"
  local outdir="$OUT/$name/$(basename "$sketch")"
  mkdir -p "$outdir"
  if arduino-cli compile --fqbn "$fqbn" --output-dir "$outdir" \
       --config-file "$HERE/arduino-cli.yaml" --warnings default \
       "$sketch" >"$outdir/compile.log" 2>&1; then
    echo "ok $name $(basename "$sketch")" >>"$STATUS_FILE"
  else
    echo "FAIL $name $(basename "$sketch")" >>"$STATUS_FILE"
  fi
}

compile_all() {
  STATUS_FILE="$(mktemp)"
  local running=0 name fqbn serial sketch
  while read -r name fqbn serial; do
    [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
    for sketch in "$SKETCHES"/*/; do
      sketch="${sketch%/}"
      compile_one "$sketch" "$name" "$fqbn" &
      running=$((running + 1))
      if (( running >= JOBS )); then
        wait -n || true
        running=$((running - 1))
      fi
    done
  done < <(grep -v '^\s*#' "$BOARDS" | grep -v '^\s*$')
  wait
  sort "$STATUS_FILE"
  if grep -q '^FAIL' "$STATUS_FILE"; then
    log "some builds failed; see build/fw/*/*/compile.log"
    return 1
  fi
}

port_for_serial() {
  local want="$1"
  arduino-cli board list --format json \
    | jq -r --arg sn "$want" '.detected_ports[]
        | select(.port.properties.serialNumber == $sn)
        | .port.address' \
    | head -n 1
}

upload_attached() {
  command -v jq >/dev/null || die "jq is required for --upload"
  local name fqbn serial port sketch
  while read -r name fqbn serial; do
    [[ -n "$ONLY" && "$name" != "$ONLY" ]] && continue
    if [[ -z "${serial:-}" ]]; then
      log "$name: no serial number in boards.txt, not uploading"
      continue
    fi
    port="$(port_for_serial "$serial")"
    if [[ -z "$port" ]]; then
      log "$name ($serial) not attached, skipping"
      continue
    fi
    sketch="$(sed -n "s/^$name[[:space:]]*->[[:space:]]*//p" "$HERE/deploy.map" 2>/dev/null || true)"
    [[ -n "$sketch" ]] || { log "$name: no sketch mapped in deploy.map"; continue; }
    log "uploading $sketch to $name on $port"
    arduino-cli upload --fqbn "$fqbn" -p "$port" \
      --input-dir "$OUT/$name/$sketch" --verify
  done < <(grep -v '^\s*#' "$BOARDS" | grep -v '^\s*$')
}

check_flash_budget() {
  # fail when a binary grows past the budget recorded in flash-budget.txt
  local budget_file="$HERE/flash-budget.txt" name limit f size over=0
  [[ -f "$budget_file" ]] || return 0
  while read -r name limit; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    for f in "$OUT/$name"/*/*.bin "$OUT/$name"/*/*.hex; do
      size="$(stat -c %s "$f")"
      if (( size > limit )); then
        log "$name: ${f##*/} is $size bytes, budget $limit"
        over=$((over + 1))
      fi
    done
  done <"$budget_file"
  (( over == 0 ))
}

write_manifest() {
  # machine-readable list of artifacts for the release job
  local manifest="$OUT/manifest.json" first=1 f
  {
    echo '['
    for f in "$OUT"/*/*/*.bin "$OUT"/*/*/*.hex; do
      (( first )) || echo ','
      first=0
      printf '  {"path": "%s", "sha256": "%s", "bytes": %d}' \
        "${f#$HERE/}" "$(sha256sum "$f" | cut -d' ' -f1)" "$(stat -c %s "$f")"
    done
    echo
    echo ']'
  } >"$manifest"
  log "wrote ${manifest#$HERE/}"
}

summarise_sizes() {
  local f
  for f in "$OUT"/*/*/*.bin "$OUT"/*/*/*.hex; do
    printf '%8d  %s\n' "$(stat -c %s "$f")" "${f#$HERE/}"
  done | sort -n | tail -n 20
}

main() {
  mkdir -p "$OUT"
  ensure_cores
  local rc=0
  compile_all || rc=$?
  summarise_sizes
  check_flash_budget || rc=1
  write_manifest
  if (( UPLOAD )); then
    if (( rc != 0 )); then
      die "not uploading: compile failures"
    fi
    upload_attached
  else
    log "compile only; -u uploads to attached boards listed in boards.txt"
  fi
  return "$rc"
}

main
