#!/usr/bin/env bash
# ui-smoke.sh - drive the desktop build of Field Notes through its main flows
# inside a private Xvfb display, using xdotool, and keep screenshots.
#
#   scripts/ui-smoke.sh                 # all scenarios
#   scripts/ui-smoke.sh open-save       # one scenario
#   KEEP_DISPLAY=1 scripts/ui-smoke.sh  # leave Xvfb running for debugging
#
# Everything happens on display :$DISPLAY_NUM, which this script starts; the
# user's own session is never touched because DISPLAY is overridden for every
# xdotool call and the app is started with a throwaway profile under build/.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
APP="$ROOT/dist/linux-unpacked/field-notes"
OUT="$ROOT/build/ui-smoke"
PROFILE_DIR="$ROOT/build/ui-smoke/profile"
DISPLAY_NUM="${DISPLAY_NUM:-97}"
SCREEN="1600x1000x24"
WINDOW_NAME="Field Notes Test"
TIMEOUT=20

XVFB_PID=""
APP_PID=""
FAILED=()
PASSED=()

log() { printf '[ui-smoke] %s\n' "$*"; }
die() { printf '[ui-smoke] fatal: %s\n' "$*" >&2; exit 1; }

for tool in Xvfb xdotool import xwininfo; do
  command -v "$tool" >/dev/null || die "$tool missing (apt install xvfb xdotool imagemagick x11-utils)"
done
[[ -x "$APP" ]] || die "build the app first: npm run dist:dir"

cleanup() {
  local rc=$?
  if [[ -n "$APP_PID" ]] && kill -0 "$APP_PID" 2>/dev/null; then
    kill "$APP_PID" 2>/dev/null || true
    wait "$APP_PID" 2>/dev/null || true
  fi
  if [[ -z "${KEEP_DISPLAY:-}" && -n "$XVFB_PID" ]]; then
    kill "$XVFB_PID" 2>/dev/null || true
    wait "$XVFB_PID" 2>/dev/null || true
  fi
  rm -rf -- "$PROFILE_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# All X calls go to our private display.
x() { DISPLAY=":$DISPLAY_NUM" "$@"; }

start_display() {
  if [[ -e "/tmp/.X11-unix/X$DISPLAY_NUM" ]]; then
    die "display :$DISPLAY_NUM already in use; set DISPLAY_NUM"
  fi
  Xvfb ":$DISPLAY_NUM" -screen 0 "$SCREEN" -nolisten tcp > "$OUT/xvfb.log" 2>&1 &
  XVFB_PID=$!
  for _ in $(seq 1 50); do
    x xdpyinfo >/dev/null 2>&1 && return 0
    sleep 0.1
  done
  die "Xvfb did not start"
}

start_app() {
  rm -rf -- "$PROFILE_DIR"
  mkdir -p "$PROFILE_DIR"
  x "$APP" --user-data-dir="$PROFILE_DIR" --no-sandbox --test-window-title="$WINDOW_NAME" \
    > "$OUT/app.log" 2>&1 &
  APP_PID=$!
}

wait_window() {
  local deadline=$((SECONDS + TIMEOUT)) wid
  while (( SECONDS < deadline )); do
    wid="$(x xdotool search --sync --onlyvisible --name "$WINDOW_NAME" 2>/dev/null | head -n1 || true)"
    if [[ -n "$wid" ]]; then
      printf '%s' "$wid"
      return 0
    fi
    kill -0 "$APP_PID" 2>/dev/null || die "app exited; see $OUT/app.log"
    sleep 0.3
  done
  return 1
}

shot() {
  local name="$1"
  x import -window root "$OUT/$name.png"
}

# Type into the app window only: windowactivate --sync first, then type with
# an explicit --window so keystrokes cannot land anywhere else.
type_in() {
  local wid="$1" text="$2"
  x xdotool windowactivate --sync "$wid"
  x xdotool type --window "$wid" --delay 15 -- "$text"
}

key_in() {
  local wid="$1"; shift
  x xdotool windowactivate --sync "$wid" key --window "$wid" --clearmodifiers "$@"
}

window_title() { x xdotool getwindowname "$1"; }

expect_title() {
  local wid="$1" pattern="$2" deadline=$((SECONDS + 5))
  while (( SECONDS < deadline )); do
    [[ "$(window_title "$wid")" == *"$pattern"* ]] && return 0
    sleep 0.2
  done
  log "title was '$(window_title "$wid")', expected *$pattern*"
  return 1
}

# --- scenarios -----------------------------------------------------------------------
scenario_launch() {
  local wid="$1"
  x xdotool windowsize "$wid" 1280 800
  x xwininfo -id "$wid" | grep -q 'Width: 1280'
  shot launch
}

scenario_open_save() {
  local wid="$1"
  key_in "$wid" ctrl+n
  type_in "$wid" "Smoke test note $(date +%s)"
  key_in "$wid" ctrl+s
  sleep 0.5
  type_in "$wid" "smoke-note"
  key_in "$wid" Return
  expect_title "$wid" "smoke-note"
  shot open-save
  [[ -f "$PROFILE_DIR/notes/smoke-note.md" ]]
}

scenario_search() {
  local wid="$1"
  key_in "$wid" ctrl+shift+f
  type_in "$wid" "Smoke test"
  key_in "$wid" Return
  sleep 0.7
  shot search
  grep -q 'search results: [1-9]' "$OUT/app.log"
}

scenario_reload() {
  local wid="$1"
  key_in "$wid" ctrl+r
  sleep 1
  wid="$(wait_window)" || return 1
  expect_title "$wid" "$WINDOW_NAME"
  shot reload
}

run_scenario() {
  local name="$1" fn="scenario_${1//-/_}" wid
  declare -F "$fn" >/dev/null || die "no scenario $name"
  wid="$(wait_window)" || { FAILED+=("$name (no window)"); return; }
  log "scenario $name (window $wid)"
  if "$fn" "$wid"; then
    PASSED+=("$name")
  else
    FAILED+=("$name")
    shot "failed-$name" || true
  fi
}

mkdir -p "$OUT"
find "$OUT" -maxdepth 1 -name '*.png' -delete

SCENARIOS=("$@")
((${#SCENARIOS[@]})) || SCENARIOS=(launch open-save search reload)

start_display
start_app
for s in "${SCENARIOS[@]}"; do
  run_scenario "$s"
done

log "passed: ${PASSED[*]:-none}"
if ((${#FAILED[@]})); then
  log "failed: ${FAILED[*]}"
  log "screenshots and logs in ${OUT#"$ROOT"/}"
  exit 1
fi
log "all ${#PASSED[@]} scenario(s) passed"
