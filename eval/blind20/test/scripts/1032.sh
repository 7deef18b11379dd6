#!/usr/bin/env bash
# packaging/linux/build.sh - AppImage and Flatpak bundles of the Harbor client.
#
#   packaging/linux/build.sh appimage
#   packaging/linux/build.sh flatpak [--install-user]
#   packaging/linux/build.sh all
#
# Signing: the AppImage is signed with the GPG key whose fingerprint is in
# packaging/linux/signing.conf (SIGN_KEY=...). gpg-agent handles the passphrase.
# Build trees: build/linux/{appdir,flatpak-build,flatpak-repo,.flatpak-builder}.
#
# Requirements on the build machine:
#   appimagetool (continuous build), desktop-file-utils, jq, gpg with the
#   release key (only for signed builds), flatpak + flatpak-builder with the
#   org.freedesktop.Platform//23.08 runtime and SDK installed for the user.
#
# Verifying an AppImage signature on a user's machine:
#   ./Harbor-<ver>-x86_64.AppImage --appimage-signature | gpg --verify
#
# The Flatpak manifest builds from the already-unpacked electron output
# (dist/linux-unpacked) so both formats ship byte-identical app code.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "${HERE}/../.." && pwd)"
OUT="${REPO}/build/linux"
DIST="${REPO}/dist"
APP_ID="org.harbor.Client"
MANIFEST="${HERE}/${APP_ID}.yml"
VERSION="$(jq -r .version "${REPO}/package.json")"
ARCH="$(uname -m)"
SIGN_KEY=""
INSTALL_USER=0

# shellcheck source=/dev/null
[[ -f "${HERE}/signing.conf" ]] && . "${HERE}/signing.conf"

# Output naming:
#   dist/Harbor-<version>-<arch>.AppImage
#   dist/Harbor-<version>.flatpak
#   dist/SHA256SUMS-linux-<version>
# The release workflow uploads exactly these names; keep them stable.
#
# Build trees under build/linux are disposable; `build.sh clean` removes
# them and nothing else (safe_rm refuses anything outside build/linux).
err() { echo "build.sh: $*" >&2; }
die() { err "$*"; exit 1; }
hr() { printf '\n== %s ==\n' "$*"; }

# need TOOL... - fail early with the missing tool's name instead of a
# confusing error halfway through a 10 minute flatpak build.
# Package names: appimagetool (AppImage project releases), desktop-file-utils,
# flatpak-builder (distribution package), jq.
need() {
  local t
  for t in "$@"; do
    command -v "$t" >/dev/null 2>&1 || die "missing tool: $t"
  done
}

safe_rm() {
  # only ever delete inside build/linux
  local target="$1"
  case "$target" in
    "${OUT}"/*) rm -rf -- "$target" ;;
    *) die "refusing to delete ${target}" ;;
  esac
}

electron_dir() {
  local dir="${DIST}/linux-unpacked"
  if [[ ! -x "${dir}/harbor" ]]; then
    hr "electron-builder --linux dir"
    (cd "$REPO" && npx --no-install electron-builder --linux dir --publish never >/dev/null)
  fi
  [[ -x "${dir}/harbor" ]] || die "electron-builder did not produce ${dir}/harbor"
  printf '%s' "$dir"
}

build_appdir() {
  local src="$1" appdir="${OUT}/appdir"
  safe_rm "$appdir"
  mkdir -p "${appdir}/usr/lib/harbor" "${appdir}/usr/share/icons/hicolor/256x256/apps"
  cp -a "${src}/." "${appdir}/usr/lib/harbor/"
  install -m 0644 "${REPO}/resources/icon-256.png" "${appdir}/usr/share/icons/hicolor/256x256/apps/${APP_ID}.png"
  ln -sf "usr/share/icons/hicolor/256x256/apps/${APP_ID}.png" "${appdir}/${APP_ID}.png"
  cat >"${appdir}/${APP_ID}.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Harbor
Exec=harbor %U
Icon=${APP_ID}
Categories=Network;FileTransfer;
MimeType=x-scheme-handler/harbor;
X-AppImage-Version=${VERSION}
EOF
  cat >"${appdir}/AppRun" <<'EOF'
#!/bin/sh
SELF_DIR="$(dirname "$(readlink -f "$0")")"
exec "${SELF_DIR}/usr/lib/harbor/harbor" --no-sandbox-fallback "$@"
EOF
  chmod 0755 "${appdir}/AppRun"
  desktop-file-validate "${appdir}/${APP_ID}.desktop"
  printf '%s' "$appdir"
}

appimage() {
  need appimagetool desktop-file-validate jq
  local src appdir target
  src="$(electron_dir)"
  appdir="$(build_appdir "$src")"
  mkdir -p "$DIST"
  target="${DIST}/Harbor-${VERSION}-${ARCH}.AppImage"
  local args=(--no-appstream)
  if [[ -n "$SIGN_KEY" ]]; then
    [[ "$SIGN_KEY" =~ ^[0-9A-Fa-f]{40}$ ]] || die "SIGN_KEY must be a 40-hex fingerprint"
    gpg --list-secret-keys "$SIGN_KEY" >/dev/null 2>&1 || die "signing key not in your keyring"
    args+=(--sign --sign-key "$SIGN_KEY")
  else
    err "SIGN_KEY not set; building an unsigned AppImage"
  fi
  hr "appimagetool"
  ARCH="$ARCH" appimagetool "${args[@]}" "$appdir" "$target"
  chmod 0755 "$target"
  echo "AppImage: ${target#"$REPO"/}"
}

flatpak_bundle() {
  need flatpak flatpak-builder
  [[ -f "$MANIFEST" ]] || die "missing ${MANIFEST#"$REPO"/}"
  local build="${OUT}/flatpak-build" repo="${OUT}/flatpak-repo" state="${OUT}/.flatpak-builder"
  safe_rm "$build"
  mkdir -p "$repo" "$DIST"
  hr "flatpak-builder"
  flatpak-builder --force-clean --ccache \
    --state-dir="$state" \
    --repo="$repo" \
    "$build" "$MANIFEST"
  local bundle="${DIST}/Harbor-${VERSION}.flatpak"
  flatpak build-bundle "$repo" "$bundle" "$APP_ID"
  echo "Flatpak bundle: ${bundle#"$REPO"/}"
  if (( INSTALL_USER )); then
    hr "installing into the user installation for testing"
    flatpak install --user --noninteractive --reinstall "$bundle"
  fi
}

smoke_appimage() {
  # extract and run --version inside the extracted tree; no FUSE needed on CI
  local image="${DIST}/Harbor-${VERSION}-${ARCH}.AppImage" tmp
  [[ -x "$image" ]] || return 0
  tmp="$(mktemp -d)"
  (cd "$tmp" && "$image" --appimage-extract >/dev/null)
  if "${tmp}/squashfs-root/AppRun" --version 2>/dev/null | grep -q "$VERSION"; then
    echo "smoke: AppImage reports ${VERSION}"
  else
    err "smoke: AppImage did not report version ${VERSION}"
  fi
  rm -rf -- "$tmp"
}

checksums() {
  (cd "$DIST" && ls Harbor-"${VERSION}"* >/dev/null 2>&1 && sha256sum Harbor-"${VERSION}"* >"SHA256SUMS-linux-${VERSION}")
  cat "${DIST}/SHA256SUMS-linux-${VERSION}"
}

main() {
  local target="${1:-all}"
  shift || true
  [[ "${1:-}" == "--install-user" ]] && INSTALL_USER=1
  mkdir -p "$OUT"
  case "$target" in
    appimage) appimage; smoke_appimage ;;
    flatpak) flatpak_bundle ;;
    all) appimage; smoke_appimage; flatpak_bundle ;;
    clean) safe_rm "${OUT}/appdir"; safe_rm "${OUT}/flatpak-build"; safe_rm "${OUT}/flatpak-repo" ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
  esac
  [[ "$target" == clean ]] || checksums
}

main "$@"
