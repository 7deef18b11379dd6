#!/usr/bin/env bash
# tools/bake-props.sh - batch-process prop models with Blender in background mode.
#
# For each art/props/*.blend:
#   * apply modifiers, decimate to the LOD ratios and export glTF binaries
#     (tools/blender/bake_props.py does the Blender side; it ships in this repo)
#   * render a 256px thumbnail for the asset browser
#   * skip files whose outputs are newer than the source, unless FORCE=1
#
# Jobs run in parallel (JOBS, default: half the cores). Everything produced
# lives under build/props/; --clean removes that folder first.
set -euo pipefail

ROOT="$(git -C "$(dirname "$0")" rev-parse --show-toplevel)"
SRC_DIR="$ROOT/art/props"
OUT_DIR="$ROOT/build/props"
BAKE_PY="$ROOT/tools/blender/bake_props.py"
THUMB_PY="$ROOT/tools/blender/thumbnail.py"
BLENDER="${BLENDER:-blender}"
JOBS="${JOBS:-$(( ($(nproc) + 1) / 2 ))}"
LODS="1.0 0.5 0.2"

declare -a CHILD_PIDS=()

msg() { echo "[bake] $*"; }
die() { echo "[bake] $*" >&2; exit 1; }

on_exit() {
  local pid
  for pid in "${CHILD_PIDS[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
}
trap on_exit EXIT
trap 'exit 130' INT

needs_bake() {
  local src="$1" name out
  name="$(basename "$src" .blend)"
  out="$OUT_DIR/$name/${name}_lod0.glb"
  [[ "${FORCE:-0}" == 1 ]] && return 0
  [[ ! -f "$out" ]] && return 0
  [[ "$src" -nt "$out" ]]
}

bake_one() {
  local src="$1" name dest log
  name="$(basename "$src" .blend)"
  dest="$OUT_DIR/$name"
  log="$dest/bake.log"
  mkdir -p "$dest"
  if ! "$BLENDER" --background "$src" --factory-startup \
      --python "$BAKE_PY" -- --out "$dest" --lods $LODS >"$log" 2>&1; then
    echo "FAIL $name"
    return 1
  fi
  if ! "$BLENDER" --background "$src" --factory-startup \
      --python "$THUMB_PY" -- --out "$dest/thumb.png" --size 256 >>"$log" 2>&1; then
    echo "WARN $name (no thumbnail)"
    return 0
  fi
  echo "OK   $name"
}

wait_slot() {
  while (( $(jobs -rp | wc -l) >= JOBS )); do
    wait -n || true
  done
}

validate_glb() {
  local glb="$1"
  if command -v gltf_validator >/dev/null; then
    gltf_validator -o "$glb" 2>/dev/null | grep -q '"numErrors": 0' || return 1
  fi
  return 0
}

write_index() {
  local index="$OUT_DIR/index.json" first=1 dir name
  {
    echo "["
    for dir in "$OUT_DIR"/*/; do
      name="$(basename "$dir")"
      [[ -f "$dir/${name}_lod0.glb" ]] || continue
      ((first)) || echo ","
      first=0
      printf '  {"name": "%s", "thumb": "%s/thumb.png", "lods": %s}' \
        "$name" "$name" "$(ls "$dir"/*.glb | wc -l)"
    done
    echo
    echo "]"
  } > "$index"
  msg "index: ${index#$ROOT/}"
}

orphans() {
  # outputs whose source .blend was deleted; only inside build/props
  local dir name
  for dir in "$OUT_DIR"/*/; do
    [[ -d "$dir" ]] || continue
    name="$(basename "$dir")"
    if [[ ! -f "$SRC_DIR/$name.blend" ]]; then
      msg "removing orphan output $name"
      rm -rf -- "${dir:?}"
    fi
  done
}

triangle_budget() {
  # the bake script writes stats.json next to the outputs; warn on heavy props
  local dir name tris budget=20000 heavy=0
  for dir in "$OUT_DIR"/*/; do
    name="$(basename "$dir")"
    [[ -f "$dir/stats.json" ]] || continue
    tris="$(sed -n 's/.*"lod0_triangles": *\([0-9]*\).*/\1/p' "$dir/stats.json")"
    if [[ -n "$tris" ]] && (( tris > budget )); then
      msg "heavy prop: $name has $tris triangles at LOD0 (budget $budget)"
      heavy=$((heavy + 1))
    fi
  done
  ((heavy == 0)) || msg "$heavy prop(s) over the triangle budget"
}

blender_version_check() {
  local v
  v="$("$BLENDER" --version 2>/dev/null | head -n1 | awk '{print $2}')"
  case "$v" in
    3.6*|4.*) msg "Blender $v" ;;
    *) die "Blender 3.6 LTS or newer required (found '${v:-none}')" ;;
  esac
}

copy_to_engine() {
  # the game project imports from assets/props; copy only the LOD files
  local engine_dir="$ROOT/game/assets/props" dir name
  mkdir -p "$engine_dir"
  for dir in "$OUT_DIR"/*/; do
    name="$(basename "$dir")"
    cp -f "$dir"/*.glb "$engine_dir/" 2>/dev/null || true
  done
  msg "copied LODs into ${engine_dir#$ROOT/}"
}

main() {
  command -v "$BLENDER" >/dev/null || die "blender not found (set BLENDER=)"
  blender_version_check
  [[ -f "$BAKE_PY" ]] || die "missing $BAKE_PY"
  if [[ "${1:-}" == "--clean" ]]; then
    msg "cleaning $OUT_DIR"
    rm -rf -- "$OUT_DIR"
  fi
  mkdir -p "$OUT_DIR"
  orphans

  local src queued=0
  local results="$OUT_DIR/.results"
  : > "$results"
  shopt -s nullglob
  for src in "$SRC_DIR"/*.blend; do
    needs_bake "$src" || continue
    wait_slot
    bake_one "$src" >>"$results" &
    CHILD_PIDS+=("$!")
    queued=$((queued + 1))
  done
  wait || true
  CHILD_PIDS=()

  msg "$queued file(s) baked with $JOBS job(s)"
  sort "$results"
  local bad=0 glb
  for glb in "$OUT_DIR"/*/*_lod0.glb; do
    validate_glb "$glb" || { msg "invalid: ${glb#$ROOT/}"; bad=$((bad + 1)); }
  done
  write_index
  triangle_budget
  copy_to_engine
  rm -f "$results"
  if grep -q '^FAIL' <(sort "$OUT_DIR"/*/bake.log 2>/dev/null | grep -E '^(FAIL)' || true); then
    bad=$((bad + 1))
  fi
  ((bad == 0)) || die "$bad problem(s)"
}

main "$@"
