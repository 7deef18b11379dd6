#!/usr/bin/env bash
# release/package-mac.sh - build, sign and notarize the desktop app for macOS.
#
# Identity, team and keychain profile come from release/signing.json, e.g.
#   { "identity": "Developer ID Application: Quillpad Ltd (ABCDE12345)",
#     "team_id": "ABCDE12345", "notary_profile": "quillpad-notary",
#     "bundle_id": "com.quillpad.desktop" }
# The notary credentials were stored once by a human with
#   xcrun notarytool store-credentials quillpad-notary ...
# so this script never sees the Apple ID password.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CONFIG="${ROOT}/release/signing.json"
DIST="${ROOT}/dist"
ENTITLEMENTS="${ROOT}/release/entitlements.mac.plist"
SKIP_NOTARIZE="${SKIP_NOTARIZE:-0}"
ARCHES=(arm64 x64)

die() { echo "package-mac: $*" >&2; exit 1; }
say() { echo "==> $*"; }

[[ "$(uname -s)" == Darwin ]] || die "must run on macOS"
command -v jq >/dev/null || die "jq required"
[[ -f "$CONFIG" ]] || die "release/signing.json missing"

cfg() {
  jq -er --arg k "$1" '.[$k]' "$CONFIG" || die "signing.json lacks $1"
}

IDENTITY="$(cfg identity)"
TEAM_ID="$(cfg team_id)"
PROFILE="$(cfg notary_profile)"
BUNDLE_ID="$(cfg bundle_id)"
VERSION="$(jq -r .version "${ROOT}/package.json")"

check_identity() {
  security find-identity -v -p codesigning | grep -F "$IDENTITY" >/dev/null \
    || die "signing identity not found in keychain: $IDENTITY"
  [[ "$IDENTITY" == *"($TEAM_ID)" ]] || die "identity does not belong to team $TEAM_ID"
}

clean_dist() {
  if [[ -d "$DIST" ]]; then
    say "removing previous dist/"
    rm -rf -- "$DIST"
  fi
}

build() {
  say "building renderer and main bundles"
  (cd "$ROOT" && npm run --silent build)
  local arch
  for arch in "${ARCHES[@]}"; do
    say "electron-builder --mac --${arch}"
    (cd "$ROOT" && CSC_IDENTITY_AUTO_DISCOVERY=false \
      npx --no-install electron-builder --mac dir "--${arch}" --publish never \
      -c.mac.identity=null)
  done
}

app_path() {
  local arch="$1" dir
  case "$arch" in
    arm64) dir="${DIST}/mac-arm64" ;;
    x64) dir="${DIST}/mac" ;;
  esac
  find "$dir" -maxdepth 1 -name '*.app' -print -quit
}

sign_app() {
  local app="$1"
  say "signing $(basename "$app")"
  # sign nested code first (frameworks, helpers, native modules), then the bundle
  while IFS= read -r -d '' item; do
    codesign --force --timestamp --options runtime \
      --entitlements "$ENTITLEMENTS" --sign "$IDENTITY" "$item"
  done < <(find "$app/Contents" \( -name '*.dylib' -o -name '*.node' -o -name '*.framework' -o -name '*Helper*.app' \) -print0 | sort -rz)
  codesign --force --timestamp --options runtime \
    --entitlements "$ENTITLEMENTS" --sign "$IDENTITY" "$app"
  codesign --verify --deep --strict --verbose=2 "$app"
  local got
  got="$(defaults read "${app}/Contents/Info" CFBundleIdentifier)"
  [[ "$got" == "$BUNDLE_ID" ]] || die "bundle id ${got} != ${BUNDLE_ID}"
}

make_dmg() {
  local app="$1" arch="$2"
  local dmg="${DIST}/Quillpad-${VERSION}-${arch}.dmg"
  local stage
  stage="$(mktemp -d "${DIST}/dmg-stage.XXXX")"
  cp -R "$app" "$stage/"
  ln -s /Applications "$stage/Applications"
  hdiutil create -quiet -volname "Quillpad ${VERSION}" -srcfolder "$stage" -ov -format UDZO "$dmg"
  rm -rf -- "$stage"
  codesign --force --timestamp --sign "$IDENTITY" "$dmg"
  printf '%s\n' "$dmg"
}

notarize() {
  local dmg="$1"
  if [[ "$SKIP_NOTARIZE" == 1 ]]; then
    say "SKIP_NOTARIZE=1, not submitting $(basename "$dmg")"
    return
  fi
  say "submitting $(basename "$dmg") to the notary service"
  local out id status
  out="$(xcrun notarytool submit "$dmg" --keychain-profile "$PROFILE" --team-id "$TEAM_ID" --wait --output-format json)"
  id="$(jq -r .id <<<"$out")"
  status="$(jq -r .status <<<"$out")"
  if [[ "$status" != Accepted ]]; then
    xcrun notarytool log "$id" --keychain-profile "$PROFILE" "${DIST}/notary-${id}.json" || true
    die "notarization ${status} (log: dist/notary-${id}.json)"
  fi
  xcrun stapler staple "$dmg"
  spctl --assess --type open --context context:primary-signature -v "$dmg"
}

verify_universal() {
  # electron-builder sometimes ships an x64-only native module inside arm64 builds
  local app="$1" arch="$2" bin bad=0
  while IFS= read -r -d '' bin; do
    if ! lipo -archs "$bin" 2>/dev/null | grep -qw "${arch/x64/x86_64}"; then
      echo "  ${bin#"$app"/} lacks ${arch}"
      bad=1
    fi
  done < <(find "$app/Contents" -name '*.node' -print0)
  (( bad == 0 )) || die "native modules built for the wrong architecture"
}

check_entitlements() {
  local app="$1"
  local ents
  ents="$(codesign -d --entitlements :- "$app" 2>/dev/null || true)"
  if grep -q 'com.apple.security.get-task-allow' <<<"$ents"; then
    die "debug entitlement get-task-allow present in release build"
  fi
  if ! grep -q 'com.apple.security.cs.allow-jit' <<<"$ents"; then
    echo "warning: allow-jit entitlement missing; V8 may crash under hardened runtime" >&2
  fi
}

release_notes() {
  local prev
  prev="$(git -C "$ROOT" describe --tags --abbrev=0 HEAD^ 2>/dev/null || true)"
  {
    echo "# Quillpad ${VERSION}"
    echo
    if [[ -n "$prev" ]]; then
      git -C "$ROOT" log --pretty='- %s' "${prev}..HEAD" -- src/ | head -n 50
    else
      echo "- first release"
    fi
  } >"${DIST}/RELEASE_NOTES.md"
}

checksums() {
  (cd "$DIST" && shasum -a 256 ./*.dmg >SHA256SUMS)
  cat "${DIST}/SHA256SUMS"
}

main() {
  check_identity
  clean_dist
  build
  local arch app dmg
  for arch in "${ARCHES[@]}"; do
    app="$(app_path "$arch")"
    [[ -n "$app" ]] || die "no .app produced for ${arch}"
    verify_universal "$app" "$arch"
    sign_app "$app"
    check_entitlements "$app"
    dmg="$(make_dmg "$app" "$arch")"
    notarize "$dmg"
  done
  checksums
  release_notes
  say "release artifacts ready in dist/"
}

main "$@"
