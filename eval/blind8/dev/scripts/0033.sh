#!/usr/bin/env bash
# Fetch the pinned shellcheck release into ./.tools and verify its checksum.
set -euo pipefail

VERSION="0.10.0"
ARCHIVE="shellcheck-v${VERSION}.linux.x86_64.tar.xz"
URL="https://github.com/koalaman/shellcheck/releases/download/v${VERSION}/${ARCHIVE}"
SHA256="6c881ab0698e4e6ea235245f22832860544f17ba386442fe7e9d629f8cbedf87"
DEST=".tools/shellcheck-${VERSION}"

log() { echo "[tools] $*"; }

verify() {
  local file="$1" got
  got=$(sha256sum "$file" | awk '{print $1}')
  if [ "$got" != "$SHA256" ]; then
    echo "checksum mismatch for $file: $got" >&2
    return 1
  fi
}

install() {
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  log "downloading $URL"
  curl -fsSL --retry 3 -o "$tmp/$ARCHIVE" "$URL"
  verify "$tmp/$ARCHIVE"
  mkdir -p "$DEST"
  tar -xJf "$tmp/$ARCHIVE" -C "$DEST" --strip-components=1
  log "installed into $DEST"
}

main() {
  if [ -x "$DEST/shellcheck" ]; then
    log "shellcheck $VERSION already present"
  else
    install
  fi
  "$DEST/shellcheck" --version | head -n 2
  git ls-files '*.sh' | xargs -r "$DEST/shellcheck" -S warning
}

main "$@"
