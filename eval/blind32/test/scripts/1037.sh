#!/usr/bin/env bash
# owrt-image.sh - build the lab router firmware with the OpenWrt Image Builder.
#
# The lab uses one test router (router-lab.internal).  Firmware is built from
# the official Image Builder tarball (downloads.openwrt.org), with our package
# list and files/ overlay from firmware/.  Output goes to build/firmware/.
#
#   firmware/owrt-image.sh fetch      download + verify the Image Builder
#   firmware/owrt-image.sh build      build the sysupgrade image
#   firmware/owrt-image.sh flash --yes   copy to the LAB router and sysupgrade it
#
# Flashing is only possible for hosts in LAB_ROUTERS, needs --yes, and keeps
# the router's settings (sysupgrade without -n).  The production gateway is not
# in the list on purpose.
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
TOP="$(dirname "$HERE")"
RELEASE="${OWRT_RELEASE:-23.05.3}"
TARGET="ramips/mt7621"
PROFILE="${OWRT_PROFILE:-xiaomi_mi-router-4a-gigabit}"
CACHE="$TOP/.cache/imagebuilder"
OUT="$TOP/build/firmware"
BASE_URL="https://downloads.openwrt.org/releases/$RELEASE/targets/$TARGET"
LAB_ROUTERS=("router-lab.internal")
WORK=""

say() { printf '[owrt] %s\n' "$*"; }
die() { printf '[owrt] %s\n' "$*" >&2; exit 1; }

cleanup() { [[ -n "$WORK" && -d "$WORK" ]] && rm -rf -- "$WORK"; return 0; }
trap cleanup EXIT

ib_name() {
  # name of the Image Builder tarball/directory for RELEASE and TARGET
  echo "openwrt-imagebuilder-$RELEASE-${TARGET//\//-}.Linux-x86_64"
}

cmd_fetch() {
  mkdir -p "$CACHE"
  local tarball sums
  tarball="$(ib_name).tar.xz"
  sums="$CACHE/sha256sums-$RELEASE"
  if [[ ! -f "$CACHE/$tarball" ]]; then
    say "downloading $tarball"
    curl -fL --retry 3 -o "$CACHE/$tarball.part" "$BASE_URL/$tarball"
    mv -f "$CACHE/$tarball.part" "$CACHE/$tarball"
  fi
  curl -fsSL -o "$sums" "$BASE_URL/sha256sums"
  (cd "$CACHE" && grep " \*$tarball\$" "$sums" | sed 's/ \*/  /' | sha256sum -c -) \
    || die "checksum mismatch for $tarball"
  if [[ ! -d "$CACHE/$(ib_name)" ]]; then
    tar -xJf "$CACHE/$tarball" -C "$CACHE"
  fi
  say "image builder ready in ${CACHE#"$TOP"/}/$(ib_name)"
}

packages() {
  # one package per line in firmware/packages.txt; "-pkg" removes a default
  grep -Ev '^\s*(#|$)' "$HERE/packages.txt" | tr '\n' ' '
}

cmd_build() {
  local ib="$CACHE/$(ib_name)"
  [[ -d "$ib" ]] || cmd_fetch
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/owrt-files.XXXXXX")"
  cp -a "$HERE/files/." "$WORK/"
  # stamp the build so `cat /etc/acme-build` on the router shows what runs
  mkdir -p "$WORK/etc"
  printf 'commit=%s\nbuilt=%s\n' "$(git -C "$TOP" rev-parse --short HEAD)" "$(date -u +%FT%TZ)" > "$WORK/etc/acme-build"
  say "building profile $PROFILE with: $(packages)"
  make -C "$ib" image PROFILE="$PROFILE" PACKAGES="$(packages)" FILES="$WORK" BIN_DIR="$OUT" \
    EXTRA_IMAGE_NAME="acme" > "$TOP/build/imagebuilder.log" 2>&1 \
    || { tail -n 40 "$TOP/build/imagebuilder.log" >&2; die "image build failed"; }
  ls -1 "$OUT"/*sysupgrade.bin >/dev/null 2>&1 || die "no sysupgrade image produced"
  (cd "$OUT" && sha256sum ./*sysupgrade.bin > SHA256SUMS)
  say "image: $(basename "$(ls -1t "$OUT"/*sysupgrade.bin | head -n 1)")"
}

is_lab_router() {
  local h
  for h in "${LAB_ROUTERS[@]}"; do
    [[ "$1" == "$h" ]] && return 0
  done
  return 1
}

cmd_flash() {
  local host="${ROUTER:-router-lab.internal}" confirm="${1:-}" image
  is_lab_router "$host" || die "$host is not a lab router; refusing to flash"
  [[ "$confirm" == "--yes" ]] || die "flashing reboots $host; pass --yes to confirm"
  image="$(ls -1t "$OUT"/*sysupgrade.bin 2>/dev/null | head -n 1)"
  [[ -n "$image" ]] || die "build an image first"
  (cd "$OUT" && sha256sum -c --ignore-missing SHA256SUMS) || die "image checksum mismatch"
  say "copying $(basename "$image") to $host"
  scp -O "$image" "root@$host:/tmp/fw.bin"
  ssh "root@$host" "sysupgrade -T /tmp/fw.bin" || die "router rejected the image (sysupgrade -T)"
  say "starting sysupgrade on $host (settings are kept)"
  ssh "root@$host" "sysupgrade -v /tmp/fw.bin" || true
  say "waiting for $host to come back"
  local i
  for i in $(seq 1 60); do
    sleep 5
    if ssh -o ConnectTimeout=3 "root@$host" 'cat /etc/acme-build' 2>/dev/null; then
      say "$host is back"
      return
    fi
  done
  die "$host did not come back within 5 minutes"
}

cmd_lint() {
  # sanity checks on the overlay before building
  local problems=0 f
  if [[ -f "$HERE/files/etc/shadow" ]]; then
    say "files/etc/shadow must not be in the overlay (would replace the router's passwords)"
    problems=$(( problems + 1 ))
  fi
  if [[ -d "$HERE/files/etc/dropbear" ]]; then
    say "files/etc/dropbear would replace the router's ssh host keys"
    problems=$(( problems + 1 ))
  fi
  for f in "$HERE"/files/etc/uci-defaults/*; do
    [[ -e "$f" ]] || continue
    if ! sh -n "$f"; then
      say "syntax error in ${f#"$HERE"/}"
      problems=$(( problems + 1 ))
    fi
    if ! tail -n 1 "$f" | grep -q '^exit 0'; then
      say "${f#"$HERE"/} should end with 'exit 0' so it is removed after first boot"
    fi
  done
  local pkg
  while read -r pkg; do
    case "$pkg" in
      -*) ;;
      *[!a-z0-9.+-]*) say "odd package name '$pkg'"; problems=$(( problems + 1 )) ;;
    esac
  done < <(grep -Ev '^\s*(#|$)' "$HERE/packages.txt")
  (( problems == 0 )) || die "$problems overlay problem(s)"
  say "overlay and package list look fine"
}

cmd_sizes() {
  # compare the image size with the flash size of the profile
  local image size limit
  image="$(ls -1t "$OUT"/*sysupgrade.bin 2>/dev/null | head -n 1)"
  [[ -n "$image" ]] || die "no image built"
  size="$(stat -c %s "$image")"
  limit=$(( ${FLASH_KB:-14976} * 1024 ))
  say "$(basename "$image"): $(( size / 1024 )) KiB of $(( limit / 1024 )) KiB"
  (( size < limit )) || die "image does not fit into flash"
}

cmd_clean() {
  [[ "$OUT" == "$TOP/build/firmware" ]] || die "unexpected output dir"
  rm -rf -- "$OUT"
  say "removed build/firmware (the image builder cache stays in .cache/)"
}

cmd_list() {
  local ib="$CACHE/$(ib_name)"
  [[ -d "$ib" ]] || die "fetch the image builder first"
  make -C "$ib" info | sed -n "/^$PROFILE:/,/^$/p"
}

main() {
  command -v curl >/dev/null || die "curl required"
  case "${1:-build}" in
    fetch) cmd_fetch ;;
    build) cmd_lint; cmd_build; cmd_sizes ;;
    lint) cmd_lint ;;
    sizes) cmd_sizes ;;
    clean) cmd_clean ;;
    flash) shift; cmd_flash "$@" ;;
    info) cmd_list ;;
    *) die "unknown command $1" ;;
  esac
}

main "$@"
