#!/usr/bin/env bash
# Turn the Harbor release AAB into device-specific APKs with bundletool and
# install them on a connected test device, the way Play would deliver them.
#
#   tools/bundletool_install.sh [--aab path] [--serial SERIAL] [--universal] [--keep]
#
# Signing uses the upload key described by android/key.properties (read by this
# script only to pass the keystore path and alias to bundletool); the keystore
# and key passwords are taken from HARBOR_KS_PASS / HARBOR_KEY_PASS in the
# environment and handed to bundletool via its pass:env form, so they never
# appear in argv or logs. Outputs go to build/bundletool/ (recreated per run)
# unless --keep. bundletool.jar is taken from the Gradle cache if present.
set -euo pipefail

REPO_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ANDROID_DIR="$REPO_DIR/android"
KEY_PROPS="$ANDROID_DIR/key.properties"
WORK="$REPO_DIR/build/bundletool"
aab="$ANDROID_DIR/app/build/outputs/bundle/release/app-release.aab"
serial=""
universal=0
keep=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --aab) aab="$2"; shift 2 ;;
    --serial) serial="$2"; shift 2 ;;
    --universal) universal=1; shift ;;
    --keep) keep=1; shift ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

step() { printf '\n\033[1m-> %s\033[0m\n' "$*"; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

prop() {
  sed -n "s/^$1=//p" "$KEY_PROPS" | head -n 1
}

find_bundletool() {
  local jar
  jar="${BUNDLETOOL_JAR:-}"
  if [[ -z "$jar" ]]; then
    jar="$(find "$HOME/.gradle/caches" -name 'bundletool-*-all.jar' 2>/dev/null | sort -V | tail -n 1)"
  fi
  [[ -n "$jar" && -f "$jar" ]] || die "bundletool jar not found; set BUNDLETOOL_JAR"
  printf '%s\n' "$jar"
}

pick_device() {
  if [[ -n "$serial" ]]; then
    adb -s "$serial" get-state >/dev/null 2>&1 || die "device $serial not available"
    printf '%s\n' "$serial"
    return
  fi
  local devices
  mapfile -t devices < <(adb devices | awk 'NR>1 && $2=="device" {print $1}')
  case "${#devices[@]}" in
    0) die "no device attached" ;;
    1) printf '%s\n' "${devices[0]}" ;;
    *) die "several devices attached (${devices[*]}); pass --serial" ;;
  esac
}

check_env() {
  [[ -f "$aab" ]] || die "AAB not found at ${aab#"$REPO_DIR"/}; run ./gradlew bundleRelease"
  [[ -f "$KEY_PROPS" ]] || die "android/key.properties missing"
  [[ -n "${HARBOR_KS_PASS:-}" && -n "${HARBOR_KEY_PASS:-}" ]] || die "export HARBOR_KS_PASS and HARBOR_KEY_PASS"
  command -v java >/dev/null || die "java not found"
  command -v adb >/dev/null || die "adb not found"
}

build_apks() {
  local jar="$1" device="$2" out="$WORK/harbor.apks" ks alias mode_args=()
  ks="$ANDROID_DIR/$(prop storeFile)"
  alias="$(prop keyAlias)"
  [[ -f "$ks" ]] || die "keystore $(prop storeFile) not found"
  if (( universal )); then
    mode_args=(--mode=universal)
  else
    adb -s "$device" shell getprop ro.product.cpu.abi >/dev/null
    java -jar "$jar" get-device-spec --device-id="$device" --output="$WORK/device.json" --overwrite
    mode_args=(--device-spec="$WORK/device.json")
  fi
  java -jar "$jar" build-apks \
    --bundle="$aab" \
    --output="$out" \
    --overwrite \
    "${mode_args[@]}" \
    --ks="$ks" \
    --ks-key-alias="$alias" \
    --ks-pass=pass:env:HARBOR_KS_PASS \
    --key-pass=pass:env:HARBOR_KEY_PASS
  printf '%s\n' "$out"
}

install_apks() {
  local jar="$1" device="$2" apks="$3"
  java -jar "$jar" install-apks --apks="$apks" --device-id="$device"
}

report_sizes() {
  local jar="$1" apks="$2"
  java -jar "$jar" get-size total --apks="$apks" --dimensions=ABI,SCREEN_DENSITY 2>/dev/null | head -n 20 || true
}

device_summary() {
  # Log what the APK set was built for; helps when a tester reports a device-specific bug.
  local device="$1" model sdk abi density
  model="$(adb -s "$device" shell getprop ro.product.model | tr -d '\r')"
  sdk="$(adb -s "$device" shell getprop ro.build.version.sdk | tr -d '\r')"
  abi="$(adb -s "$device" shell getprop ro.product.cpu.abi | tr -d '\r')"
  density="$(adb -s "$device" shell wm density | awk '{print $NF}' | tr -d '\r')"
  echo "device: $model (API $sdk, $abi, ${density}dpi)"
}

verify_apk_set() {
  # Unpack the .apks (a zip) into the work dir and check every split is signed by the same cert.
  local apks="$1" dir="$WORK/extracted" apk certs
  command -v apksigner >/dev/null || { echo "apksigner not on PATH; skipping signature check"; return 0; }
  rm -rf "$dir"
  mkdir -p "$dir"
  unzip -q -o "$apks" -d "$dir"
  certs="$(find "$dir" -name '*.apk' | while IFS= read -r apk; do
    apksigner verify --print-certs "$apk" 2>/dev/null | awk -F': ' '/SHA-256 digest/ {print $2}'
  done | sort -u)"
  if [[ "$(printf '%s\n' "$certs" | grep -c .)" -ne 1 ]]; then
    die "splits are not signed by a single certificate"
  fi
  echo "all splits signed by certificate ${certs:0:16}…"
}

main() {
  check_env
  local jar device apks
  jar="$(find_bundletool)"
  device="$(pick_device)"
  rm -rf "$WORK"
  mkdir -p "$WORK"
  device_summary "$device"
  step "building APK set for $device"
  apks="$(build_apks "$jar" "$device" | tail -n 1)"
  verify_apk_set "$apks"
  step "download sizes"
  report_sizes "$jar" "$apks"
  step "installing on $device"
  install_apks "$jar" "$device" "$apks"
  adb -s "$device" shell monkey -p com.harbor.app -c android.intent.category.LAUNCHER 1 >/dev/null 2>&1 || true
  if (( ! keep )); then
    rm -rf "$WORK"
  fi
  echo "installed release build on $device"
}

main
