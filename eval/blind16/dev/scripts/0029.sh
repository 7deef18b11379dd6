#!/usr/bin/env bash
# Run the TrailMix instrumented tests on a headless Android emulator.
#
#   tools/android_e2e.sh [--avd NAME] [--keep-emulator] [--class com.trailmix.app.SomeTest]
#
# Boots the named AVD (default: trailmix-api34, created by tools/make_avd.sh) with
# -no-window on a free console port, waits for boot, installs the debug and test
# APKs of THIS project, runs the instrumentation, pulls the results into
# ./build/e2e, and shuts down the emulator this script started. It only ever
# talks to the emulator serial it launched (adb -s emulator-<port>); other
# attached devices are left alone. App data of the project's own package is
# cleared between runs with `pm clear com.trailmix.app.debug`.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ANDROID_DIR="$ROOT/android"
SDK="${ANDROID_HOME:-${ANDROID_SDK_ROOT:-$HOME/Android/Sdk}}"
EMULATOR="$SDK/emulator/emulator"
ADB="$SDK/platform-tools/adb"
APP_ID="com.trailmix.app.debug"
TEST_ID="com.trailmix.app.debug.test"
RUNNER="androidx.test.runner.AndroidJUnitRunner"
OUT="$ROOT/build/e2e"

avd="trailmix-api34"
keep=0
test_class=""
emu_pid=""
serial=""

log() { printf '[e2e] %s\n' "$*"; }
die() { printf '[e2e] error: %s\n' "$*" >&2; exit 1; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --avd) avd="$2"; shift 2 ;;
    --keep-emulator) keep=1; shift ;;
    --class) test_class="$2"; shift 2 ;;
    *) die "unknown argument $1" ;;
  esac
done

[[ -x "$EMULATOR" ]] || die "emulator not found at $EMULATOR"
[[ -x "$ADB" ]] || die "adb not found at $ADB"
"$EMULATOR" -list-avds | grep -qx "$avd" || die "AVD $avd does not exist; run tools/make_avd.sh"

free_console_port() {
  local port
  for port in $(seq 5560 2 5598); do
    if ! "$ADB" devices | grep -q "^emulator-$port"; then
      echo "$port"
      return 0
    fi
  done
  return 1
}

cleanup() {
  local rc=$?
  if [[ -n "$serial" && $keep -eq 0 ]]; then
    log "stopping $serial"
    "$ADB" -s "$serial" emu kill >/dev/null 2>&1 || true
  fi
  if [[ -n "$emu_pid" && $keep -eq 0 ]]; then
    # the emulator process we launched; give it time to exit on its own
    for _ in $(seq 1 20); do
      kill -0 "$emu_pid" 2>/dev/null || break
      sleep 1
    done
    kill "$emu_pid" 2>/dev/null || true
  fi
  exit "$rc"
}
trap cleanup EXIT INT TERM

start_emulator() {
  local port
  port="$(free_console_port)" || die "no free emulator console port"
  serial="emulator-$port"
  mkdir -p "$OUT"
  log "booting $avd as $serial"
  "$EMULATOR" -avd "$avd" -port "$port" -no-window -no-audio -no-boot-anim \
    -no-snapshot-save -gpu swiftshader_indirect >"$OUT/emulator.log" 2>&1 &
  emu_pid=$!
}

wait_for_boot() {
  local waited=0
  "$ADB" -s "$serial" wait-for-device
  until [[ "$("$ADB" -s "$serial" shell getprop sys.boot_completed 2>/dev/null | tr -d '\r')" == "1" ]]; do
    sleep 2
    waited=$((waited + 2))
    (( waited < 240 )) || die "emulator did not boot within 240s (see $OUT/emulator.log)"
  done
  "$ADB" -s "$serial" shell settings put global window_animation_scale 0
  "$ADB" -s "$serial" shell settings put global transition_animation_scale 0
  "$ADB" -s "$serial" shell settings put global animator_duration_scale 0
  log "booted after ${waited}s"
}

build_apks() {
  log "building debug + androidTest APKs"
  (cd "$ANDROID_DIR" && ./gradlew --console=plain :app:assembleDebug :app:assembleDebugAndroidTest) \
    | tail -n 20
}

install_apks() {
  local app test
  app="$ANDROID_DIR/app/build/outputs/apk/debug/app-debug.apk"
  test="$ANDROID_DIR/app/build/outputs/apk/androidTest/debug/app-debug-androidTest.apk"
  [[ -f "$app" && -f "$test" ]] || die "APKs missing after build"
  "$ADB" -s "$serial" install -r -t "$app" >/dev/null
  "$ADB" -s "$serial" install -r -t "$test" >/dev/null
  "$ADB" -s "$serial" shell pm clear "$APP_ID" >/dev/null
  log "installed $APP_ID and $TEST_ID"
}

run_tests() {
  local args=(-w -r -e clearPackageData true)
  [[ -n "$test_class" ]] && args+=(-e class "$test_class")
  log "running instrumentation${test_class:+ for $test_class}"
  "$ADB" -s "$serial" logcat -c
  set +e
  "$ADB" -s "$serial" shell am instrument "${args[@]}" "$TEST_ID/$RUNNER" | tee "$OUT/instrument.txt"
  set -e
  "$ADB" -s "$serial" logcat -d -v threadtime >"$OUT/logcat.txt"
  if grep -q "FAILURES!!!" "$OUT/instrument.txt" || ! grep -q "^OK (" "$OUT/instrument.txt"; then
    log "tests FAILED; logcat saved to ${OUT#"$ROOT"/}/logcat.txt"
    return 1
  fi
  log "tests passed"
}

pull_artifacts() {
  local remote="/sdcard/Android/data/$APP_ID/files/test-screenshots"
  if "$ADB" -s "$serial" shell ls "$remote" >/dev/null 2>&1; then
    mkdir -p "$OUT/screenshots"
    "$ADB" -s "$serial" pull "$remote/." "$OUT/screenshots" >/dev/null
    log "screenshots pulled to ${OUT#"$ROOT"/}/screenshots"
  fi
}

main() {
  rm -rf "$OUT"
  mkdir -p "$OUT"
  build_apks
  start_emulator
  wait_for_boot
  install_apks
  local rc=0
  run_tests || rc=$?
  pull_artifacts
  return "$rc"
}

main
