#!/usr/bin/env bash
# build/export.sh - export "Tidepool" for every platform with Godot 4 (headless).
#
# Usage:
#   build/export.sh                 all presets from export_presets.cfg
#   build/export.sh Web Linux       selected presets
#   DEBUG=1 build/export.sh Web     --export-debug instead of --export-release
#
# Output: exports/<preset>/..., zipped to exports/tidepool-<version>-<preset>.zip
# plus SHA256SUMS. The exports/ directory is owned by this script.
set -euo pipefail

GAME_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EXPORT_DIR="$GAME_DIR/exports"
PRESETS_FILE="$GAME_DIR/export_presets.cfg"
GODOT_BIN="${GODOT_BIN:-godot}"
LOG_DIR="$EXPORT_DIR/logs"

say() { printf '\e[34m::\e[0m %s\n' "$*"; }
err() { printf '\e[31m!!\e[0m %s\n' "$*" >&2; }
bail() { err "$*"; exit 1; }

all_presets() {
  awk -F'"' '/^\[preset\.[0-9]+\]$/ {inpreset=1; next} /^\[/ {inpreset=0} inpreset && /^name=/ {print $2}' "$PRESETS_FILE"
}

preset_path() {
  local want="$1"
  awk -F'"' -v want="$want" '
    /^\[preset\.[0-9]+\]$/ {name=""; next}
    /^name=/ {name=$2}
    /^export_path=/ && name == want {print $2; exit}
  ' "$PRESETS_FILE"
}

slug() {
  printf '%s' "$1" | tr '[:upper:]' '[:lower:]' | tr -cs 'a-z0-9' '-' | sed 's/-$//'
}

game_version() {
  local v
  v="$(sed -n 's/^config\/version="\(.*\)"/\1/p' "$GAME_DIR/project.godot")"
  if [[ -z "$v" ]]; then
    v="$(git -C "$GAME_DIR" describe --tags --always 2>/dev/null || echo dev)"
  fi
  printf '%s' "$v"
}

check_godot() {
  command -v "$GODOT_BIN" >/dev/null || bail "$GODOT_BIN not found (set GODOT_BIN)"
  local ver
  ver="$("$GODOT_BIN" --headless --version 2>/dev/null | head -n1)"
  [[ "$ver" == 4.* ]] || bail "Godot 4 required, found '$ver'"
  say "Godot $ver"
  local tpl_dir="$HOME/.local/share/godot/export_templates/${ver%.official*}"
  [[ -d "$tpl_dir" ]] || err "export templates for ${ver%.official*} not found in $tpl_dir"
}

reimport() {
  say "importing assets"
  "$GODOT_BIN" --headless --path "$GAME_DIR" --import >"$LOG_DIR/import.log" 2>&1 || {
    tail -n 30 "$LOG_DIR/import.log" >&2
    bail "import failed"
  }
}

export_one() {
  local preset="$1" dir rel out mode
  dir="$EXPORT_DIR/$(slug "$preset")"
  rel="$(preset_path "$preset")"
  [[ -n "$rel" ]] || bail "preset '$preset' has no export_path"
  rm -rf "$dir"
  mkdir -p "$dir"
  out="$dir/$(basename "$rel")"
  mode="--export-release"
  [[ "${DEBUG:-0}" == 1 ]] && mode="--export-debug"
  say "exporting $preset ($mode)"
  if ! "$GODOT_BIN" --headless --path "$GAME_DIR" "$mode" "$preset" "$out" >"$LOG_DIR/$(slug "$preset").log" 2>&1; then
    tail -n 40 "$LOG_DIR/$(slug "$preset").log" >&2
    return 1
  fi
  [[ -e "$out" ]] || { err "$preset produced no $out"; return 1; }
}

web_headers() {
  # itch.io and our static host need these for SharedArrayBuffer (threads)
  local dir="$EXPORT_DIR/web"
  [[ -d "$dir" ]] || return 0
  cat > "$dir/_headers" <<'EOF'
/*
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Embedder-Policy: require-corp
EOF
}

zip_one() {
  local preset="$1" version="$2" dir zipfile
  dir="$EXPORT_DIR/$(slug "$preset")"
  zipfile="$EXPORT_DIR/tidepool-$version-$(slug "$preset").zip"
  rm -f "$zipfile"
  (cd "$dir" && zip -qr9 "$zipfile" .)
  printf '%s\n' "$zipfile"
}

checksums() {
  (cd "$EXPORT_DIR" && sha256sum ./*.zip > SHA256SUMS)
  say "checksums in exports/SHA256SUMS"
}

size_report() {
  local z
  for z in "$EXPORT_DIR"/*.zip; do
    [[ -e "$z" ]] || continue
    printf '  %-48s %s\n' "$(basename "$z")" "$(du -h "$z" | cut -f1)"
  done
}

butler_push() {
  # upload to itch.io with butler; only when ITCH_TARGET is set (e.g. harbor/tidepool)
  local version="$1" zip channel
  [[ -n "${ITCH_TARGET:-}" ]] || return 0
  command -v butler >/dev/null || { err "butler not installed; skipping upload"; return 0; }
  for zip in "$EXPORT_DIR"/tidepool-"$version"-*.zip; do
    [[ -e "$zip" ]] || continue
    channel="${zip##*-}"
    channel="${channel%.zip}"
    say "butler push $channel"
    butler push "$zip" "$ITCH_TARGET:$channel" --userversion "$version"
  done
}

prune_logs() {
  find "$LOG_DIR" -name '*.log' -mtime +7 -delete 2>/dev/null || true
}

smoke_test_linux() {
  # start the Linux build headless for a few seconds to catch missing resources
  local bin
  bin="$(find "$EXPORT_DIR/linux" -maxdepth 1 -type f -perm -u+x 2>/dev/null | head -n1)"
  [[ -n "$bin" ]] || return 0
  say "smoke test $(basename "$bin")"
  if ! timeout 20 "$bin" --headless --quit-after 300 >"$LOG_DIR/smoke.log" 2>&1; then
    grep -E 'ERROR|SCRIPT ERROR' "$LOG_DIR/smoke.log" | head -n 20 >&2 || true
    return 1
  fi
}

main() {
  [[ -f "$PRESETS_FILE" ]] || bail "no export_presets.cfg in $GAME_DIR"
  check_godot
  mkdir -p "$EXPORT_DIR" "$LOG_DIR"
  rm -f "$EXPORT_DIR"/*.zip "$EXPORT_DIR/SHA256SUMS"

  local -a presets=()
  if (($#)); then
    presets=("$@")
  else
    mapfile -t presets < <(all_presets)
  fi
  ((${#presets[@]})) || bail "no presets to export"

  local version failed=0 p
  version="$(game_version)"
  say "version $version, presets: ${presets[*]}"
  reimport
  for p in "${presets[@]}"; do
    if export_one "$p"; then
      [[ "$(slug "$p")" == web ]] && web_headers
      zip_one "$p" "$version" >/dev/null
    else
      err "export of $p failed"
      failed=$((failed + 1))
    fi
  done
  checksums
  size_report
  smoke_test_linux || failed=$((failed + 1))
  prune_logs
  ((failed == 0)) || bail "$failed preset(s) failed"
  butler_push "$version"
  say "done"
}

main "$@"
