#!/usr/bin/env bash
# tools/mac-dev-setup.sh — prepare a Mac for working on the `Lumen` macOS app.
#
# Does:
#   - brew bundle with the repo's Brewfile.dev (--no-upgrade, no casks unless --casks)
#   - xcode-select check and `xcodebuild -runFirstLaunch`
#   - defaults write ONLY for the app's own debug domain (com.example.lumen.debug)
#     and for Xcode build-time display, both reversible with --undo
#   - create the local signing keychain `lumen-dev.keychain-db` from
#     LUMEN_DEV_P12 (base64 in env) for ad-hoc development signing
#   - print the steps that need a human (Apple ID in Xcode, notarization)
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
APP_DOMAIN="com.example.lumen.debug"
KEYCHAIN="lumen-dev.keychain-db"
UNDO=0
CASKS=0

for a in "$@"; do
  case "$a" in
    --undo) UNDO=1 ;;
    --casks) CASKS=1 ;;
    -h|--help) sed -n '2,12p' "$0" | cut -c3-; exit 0 ;;
    *) echo "unknown option $a" >&2; exit 2 ;;
  esac
done

[[ "$(uname -s)" == Darwin ]] || { echo "macOS only" >&2; exit 1; }

hdr() { printf '\n\033[1;36m%s\033[0m\n' "$*"; }

brew_bundle() {
  hdr "Homebrew packages"
  command -v brew >/dev/null || { echo "Homebrew is required: see https://github.com/Homebrew/brew" >&2; exit 1; }
  local file="$REPO/Brewfile.dev"
  if ((CASKS)); then
    HOMEBREW_BUNDLE_CASK_SKIP="" brew bundle --file="$file" --no-upgrade
  else
    HOMEBREW_BUNDLE_CASK_SKIP="$(grep -E '^cask ' "$file" | awk -F'"' '{print $2}' | paste -sd' ' -)" \
      brew bundle --file="$file" --no-upgrade
  fi
  brew bundle check --file="$file" --verbose || true
}

xcode() {
  hdr "Xcode"
  if ! xcode-select -p >/dev/null 2>&1; then
    echo "install Xcode from the App Store, then re-run"
    exit 1
  fi
  xcodebuild -version
  xcodebuild -runFirstLaunch >/dev/null 2>&1 || true
}

app_defaults() {
  hdr "app debug defaults ($APP_DOMAIN)"
  # only the app's own debug domain and Xcode's cosmetic build-duration display
  local -a keys=(
    "$APP_DOMAIN LumenVerboseLogging -bool true"
    "$APP_DOMAIN LumenUseLocalAPI -bool true"
    "$APP_DOMAIN LumenAPIBaseURL -string http://127.0.0.1:8787"
    "com.apple.dt.Xcode ShowBuildOperationDuration -bool true"
  )
  local entry domain key rest
  for entry in "${keys[@]}"; do
    read -r domain key rest <<<"$entry"
    if ((UNDO)); then
      defaults delete "$domain" "$key" 2>/dev/null && echo "  removed $domain $key" || true
    else
      # shellcheck disable=SC2086
      defaults write "$domain" "$key" $rest
      echo "  $domain $key $rest"
    fi
  done
}

signing_keychain() {
  hdr "development signing keychain"
  if ((UNDO)); then
    security delete-keychain "$KEYCHAIN" 2>/dev/null && echo "  deleted $KEYCHAIN" || true
    return
  fi
  if security list-keychains -d user | grep -q "$KEYCHAIN"; then
    echo "  $KEYCHAIN already present"
    return
  fi
  if [[ -z "${LUMEN_DEV_P12:-}" || -z "${LUMEN_DEV_P12_PASSWORD:-}" ]]; then
    echo "  LUMEN_DEV_P12 / LUMEN_DEV_P12_PASSWORD not set; skipping (ad-hoc signing still works)"
    return
  fi
  local tmp pw
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' RETURN
  pw="$(uuidgen)"
  printf '%s' "$LUMEN_DEV_P12" | base64 --decode >"$tmp/dev.p12"
  security create-keychain -p "$pw" "$KEYCHAIN"
  security set-keychain-settings -lut 21600 "$KEYCHAIN"
  security unlock-keychain -p "$pw" "$KEYCHAIN"
  security import "$tmp/dev.p12" -k "$KEYCHAIN" -P "$LUMEN_DEV_P12_PASSWORD" -T /usr/bin/codesign
  security set-key-partition-list -S apple-tool:,apple: -s -k "$pw" "$KEYCHAIN" >/dev/null
  # add to the user search list without dropping the existing keychains
  local existing
  existing="$(security list-keychains -d user | tr -d '"' | xargs)"
  security list-keychains -d user -s "$KEYCHAIN" $existing
  echo "  created $KEYCHAIN (password kept only for this session)"
}

git_config_local() {
  hdr "repository git settings"
  # repo-local settings only (no --global)
  git -C "$REPO" config core.autocrlf input
  git -C "$REPO" config pull.rebase true
  git -C "$REPO" config blame.ignoreRevsFile .git-blame-ignore-revs
  echo "  core.autocrlf=input, pull.rebase=true, blame ignore file"
}

swift_packages() {
  hdr "Swift packages"
  # resolve once so the first Xcode open is fast; uses Package.resolved of the repo
  if [[ -f "$REPO/Lumen.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved" ]]; then
    xcodebuild -resolvePackageDependencies -project "$REPO/Lumen.xcodeproj" -scheme Lumen -quiet
    echo "  packages resolved"
  else
    echo "  no Package.resolved yet"
  fi
}

derived_data() {
  hdr "DerivedData"
  # only the folders Xcode created for this project
  local dd="$HOME/Library/Developer/Xcode/DerivedData"
  local d n=0
  for d in "$dd"/Lumen-*; do
    [[ -d "$d" ]] || continue
    n=$((n + 1))
    if ((UNDO)); then
      rm -rf -- "$d"
      echo "  removed $(basename "$d")"
    fi
  done
  ((UNDO)) || echo "  $n DerivedData folder(s) for Lumen"
}

check_env() {
  hdr "environment"
  sw_vers | sed 's/^/  /'
  echo "  arch: $(uname -m)"
  if [[ "$(uname -m)" == arm64 ]] && ! /usr/bin/pgrep -q oahd; then
    echo "  Rosetta is not running; only needed for the legacy x86 test target"
  fi
}

simulators() {
  hdr "simulator runtimes"
  xcrun simctl list runtimes | grep -E 'macOS|iOS' || echo "  (none)"
}

human_steps() {
  hdr "manual steps"
  cat <<'EOF'
  1. Xcode > Settings > Accounts: sign in with your Apple ID (team "Lumen Labs")
  2. Open Lumen.xcodeproj once so Xcode resolves Swift packages
  3. For release builds ask #release for notarization credentials
EOF
}

main() {
  if ((UNDO)); then
    app_defaults
    signing_keychain
    derived_data
    echo "undone"
    return
  fi
  check_env
  brew_bundle
  xcode
  app_defaults
  signing_keychain
  git_config_local
  swift_packages
  derived_data
  simulators
  human_steps
}

main
