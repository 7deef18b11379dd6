#!/usr/bin/env bash
# android-it.sh - run Flutter integration tests on a throwaway Android emulator.
#
# Creates an AVD named "it-<random>" from the system image in
# android/it-image.txt, boots it headless on a free console port, runs
# `flutter test integration_test` against it, then kills THAT emulator
# (adb -s emulator-<port> emu kill) and deletes the AVD. Emulators the
# developer started themselves are never touched.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
IMAGE="$(tr -d '[:space:]' < "$ROOT/android/it-image.txt" 2>/dev/null || echo 'system-images;android-34;google_apis;x86_64')"
AVD="it-$(LC_ALL=C tr -dc 'a-z0-9' </dev/urandom | head -c 6)"
PORT=""
SERIAL=""
EMU_PID=""
KEEP=0
LOG_DIR="$ROOT/build/integration"
TARGET="integration_test"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --keep) KEEP=1 ;;
    --target) TARGET="$2"; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
  shift
done

: "${ANDROID_HOME:=${ANDROID_SDK_ROOT:-$HOME/Android/Sdk}}"
EMULATOR="$ANDROID_HOME/emulator/emulator"
AVDMANAGER="$ANDROID_HOME/cmdline-tools/latest/bin/avdmanager"
ADB="$ANDROID_HOME/platform-tools/adb"

note() { printf '[android-it] %s\n' "$*"; }

teardown() {
  local rc=$?
  if [[ -n "$SERIAL" && "$KEEP" == 0 ]]; then
    note "stopping $SERIAL"
    "$ADB" -s "$SERIAL" emu kill >/dev/null 2>&1 || true
  fi
  if [[ -n "$EMU_PID" && "$KEEP" == 0 ]]; then
    # wait for our emulator process only
    for _ in $(seq 1 20); do
      kill -0 "$EMU_PID" 2>/dev/null || break
      sleep 0.5
    done
    kill "$EMU_PID" 2>/dev/null || true
  fi
  if [[ "$KEEP" == 0 ]]; then
    "$AVDMANAGER" delete avd -n "$AVD" >/dev/null 2>&1 || true
  fi
  exit "$rc"
}
trap teardown EXIT INT TERM

free_console_port() {
  local p
  for p in $(seq 5560 2 5680); do
    if ! "$ADB" devices | grep -q "emulator-$p"; then
      if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
        echo "$p"
        return 0
      fi
    fi
  done
  return 1
}

ensure_image() {
  if [[ ! -d "$ANDROID_HOME/${IMAGE//;//}" ]]; then
    note "installing system image $IMAGE (sdkmanager)"
    yes | "$ANDROID_HOME/cmdline-tools/latest/bin/sdkmanager" --install "$IMAGE" >/dev/null
  fi
}

create_avd() {
  note "creating AVD $AVD"
  echo no | "$AVDMANAGER" create avd -n "$AVD" -k "$IMAGE" -d pixel_6 --force >/dev/null
  # smaller, faster emulator for CI-like runs
  local cfg="$HOME/.android/avd/$AVD.avd/config.ini"
  if [[ -f "$cfg" ]]; then
    printf 'hw.ramSize=2048\ndisk.dataPartition.size=2G\nhw.keyboard=yes\n' >> "$cfg"
  fi
}

boot() {
  PORT="$(free_console_port)" || { note "no free emulator port"; exit 1; }
  SERIAL="emulator-$PORT"
  mkdir -p "$LOG_DIR"
  note "booting $AVD on port $PORT"
  "$EMULATOR" -avd "$AVD" -port "$PORT" -no-window -no-audio -no-boot-anim \
    -no-snapshot -gpu swiftshader_indirect > "$LOG_DIR/emulator.log" 2>&1 &
  EMU_PID=$!
  "$ADB" -s "$SERIAL" wait-for-device
  local i
  for i in $(seq 1 120); do
    if [[ "$("$ADB" -s "$SERIAL" shell getprop sys.boot_completed 2>/dev/null | tr -d '\r')" == 1 ]]; then
      break
    fi
    sleep 2
  done
  "$ADB" -s "$SERIAL" shell settings put global window_animation_scale 0
  "$ADB" -s "$SERIAL" shell settings put global transition_animation_scale 0
  "$ADB" -s "$SERIAL" shell settings put global animator_duration_scale 0
  note "$SERIAL ready"
}

run_tests() {
  note "flutter test $TARGET"
  cd "$ROOT"
  flutter pub get >/dev/null
  set +e
  flutter test "$TARGET" -d "$SERIAL" --reporter expanded 2>&1 | tee "$LOG_DIR/flutter-test.log"
  local rc=${PIPESTATUS[0]}
  set -e
  return "$rc"
}

collect_logcat() {
  "$ADB" -s "$SERIAL" logcat -d -v time > "$LOG_DIR/logcat.txt" 2>/dev/null || true
  note "logcat saved to ${LOG_DIR#"$ROOT"/}/logcat.txt"
}

screenshot() {
  "$ADB" -s "$SERIAL" exec-out screencap -p > "$LOG_DIR/last-screen.png" 2>/dev/null || true
}

summary() {
  local passed failed
  passed="$(grep -c '^\s*✓\|: All tests passed' "$LOG_DIR/flutter-test.log" || true)"
  failed="$(grep -c '\[E\]' "$LOG_DIR/flutter-test.log" || true)"
  note "passed markers: $passed, failures: $failed"
}

grant_permissions() {
  # runtime permissions the integration tests expect, granted up front so
  # system dialogs do not block the test driver
  local pkg
  pkg="$(sed -n 's/.*applicationId[ =]*"\([^"]*\)".*/\1/p' "$ROOT/android/app/build.gradle" | head -n 1)"
  [[ -n "$pkg" ]] || return 0
  local perm
  for perm in android.permission.CAMERA android.permission.ACCESS_FINE_LOCATION android.permission.POST_NOTIFICATIONS; do
    "$ADB" -s "$SERIAL" shell pm grant "$pkg" "$perm" >/dev/null 2>&1 || true
  done
}

record_video() {
  # optional screen recording of the run (stopped when the test finishes)
  [[ "${RECORD:-0}" == 1 ]] || return 0
  "$ADB" -s "$SERIAL" shell screenrecord --time-limit 180 /sdcard/it-run.mp4 >/dev/null 2>&1 &
  RECORD_PID=$!
}

pull_video() {
  [[ -n "${RECORD_PID:-}" ]] || return 0
  kill "$RECORD_PID" 2>/dev/null || true
  sleep 1
  "$ADB" -s "$SERIAL" pull /sdcard/it-run.mp4 "$LOG_DIR/run.mp4" >/dev/null 2>&1 || true
}

main() {
  [[ -x "$EMULATOR" && -x "$ADB" ]] || { note "Android SDK not found at $ANDROID_HOME"; exit 1; }
  rm -rf "$LOG_DIR"
  ensure_image
  create_avd
  boot
  grant_permissions
  record_video
  local rc=0
  run_tests || rc=$?
  pull_video
  if ((rc != 0)); then
    collect_logcat
    screenshot
  fi
  summary
  return "$rc"
}

main
