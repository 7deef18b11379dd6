#!/usr/bin/env bash
#
# swu-build.sh - build a signed SWUpdate image (.swu) for the field sensor.
#
# Inputs (all produced by the Yocto build, copied to out/yocto/):
#   out/yocto/rootfs.ext4.gz     compressed root filesystem
#   out/yocto/u-boot-env.txt     boot environment changes for the update
#   swupdate/sw-description.in   template with @VERSION@, @SHA_ROOTFS@ ... tokens
#
# Output:
#   out/swu/sensor-<version>.swu and a .sha256 next to it
#
# The sw-description is signed with the development key in keys/swupdate-dev.pem
# unless SWU_SIGN_CMD is set (CI uses an HSM-backed openssl engine). Nothing is
# installed on any device; flashing happens through the Mender/hawkBit server.
#
# usage: tools/swu-build.sh [-v VERSION] [-k] [-n]
#   -v  version string (default: git describe)
#   -k  keep the staging directory
#   -n  do not sign (for local smoke tests only)

set -o errexit -o nounset -o pipefail

readonly TOP="$(git rev-parse --show-toplevel)"
readonly IN_DIR="$TOP/out/yocto"
readonly OUT_DIR="$TOP/out/swu"
readonly TEMPLATE="$TOP/swupdate/sw-description.in"
readonly DEV_KEY="$TOP/keys/swupdate-dev.pem"
readonly DEV_PASS_FILE="$TOP/keys/swupdate-dev.pass"
# order matters: sw-description and its signature must be the first cpio members
readonly ARTIFACTS=(rootfs.ext4.gz u-boot-env.txt)

version=""
keep_stage=false
sign=true
stage=""

msg()  { echo "swu-build: $*"; }
warn() { echo "swu-build: warning: $*" >&2; }
fail() { echo "swu-build: $*" >&2; exit 1; }

usage() {
  cat <<'USAGE'
usage: tools/swu-build.sh [-v VERSION] [-k] [-n]
  -v VERSION  version string written into sw-description (default: git describe)
  -k          keep the staging directory under out/swu/
  -n          build an unsigned image (local smoke tests only)
USAGE
}

while getopts ':v:knh' opt; do
  case "$opt" in
    v) version="$OPTARG" ;;
    k) keep_stage=true ;;
    n) sign=false ;;
    h) usage; exit 0 ;;
    :) fail "option -$OPTARG needs an argument" ;;
    *) usage >&2; exit 2 ;;
  esac
done

on_exit() {
  local status=$?
  if [[ -n "$stage" && -d "$stage" ]]; then
    if $keep_stage; then
      msg "staging directory kept: ${stage#"$TOP"/}"
    else
      rm -rf -- "$stage"
    fi
  fi
  return $status
}
trap on_exit EXIT

need() {
  local missing=0 t
  for t in "$@"; do
    if ! command -v "$t" >/dev/null 2>&1; then
      warn "required tool not found: $t"
      missing=1
    fi
  done
  (( missing == 0 )) || fail "install the missing tools (see docs/swupdate.md)"
}

sha256_of() {
  sha256sum "$1" | awk '{print $1}'
}

check_inputs() {
  local a
  [[ -f "$TEMPLATE" ]] || fail "template $TEMPLATE missing"
  for a in "${ARTIFACTS[@]}"; do
    [[ -s "$IN_DIR/$a" ]] || fail "missing build artifact out/yocto/$a"
  done
  if gzip -t "$IN_DIR/rootfs.ext4.gz" 2>/dev/null; then
    msg "rootfs archive integrity ok"
  else
    fail "out/yocto/rootfs.ext4.gz is corrupt"
  fi
}

render_description() {
  local dest="$1"
  local sha_rootfs sha_env
  sha_rootfs="$(sha256_of "$stage/rootfs.ext4.gz")"
  sha_env="$(sha256_of "$stage/u-boot-env.txt")"
  sed -e "s/@VERSION@/$version/g" \
      -e "s/@SHA_ROOTFS@/$sha_rootfs/g" \
      -e "s/@SHA_ENV@/$sha_env/g" \
      -e "s/@BUILD_DATE@/$(date -u +%Y-%m-%dT%H:%M:%SZ)/g" \
      "$TEMPLATE" > "$dest"
  if grep -q '@[A-Z_]*@' "$dest"; then
    fail "unreplaced tokens left in sw-description: $(grep -o '@[A-Z_]*@' "$dest" | sort -u | tr '\n' ' ')"
  fi
}

sign_description() {
  local desc="$1" sig="$1.sig"
  if [[ -n "${SWU_SIGN_CMD:-}" ]]; then
    # CI: command provided by the pipeline, reads sw-description on stdin, writes signature to stdout
    msg "signing with SWU_SIGN_CMD"
    bash -c "$SWU_SIGN_CMD" < "$desc" > "$sig"
  else
    [[ -f "$DEV_KEY" ]] || fail "development key $DEV_KEY missing (tools/make-dev-keys.sh)"
    local pass_args=()
    [[ -f "$DEV_PASS_FILE" ]] && pass_args=(-passin "file:$DEV_PASS_FILE")
    openssl dgst -sha256 -sign "$DEV_KEY" "${pass_args[@]}" -out "$sig" "$desc"
  fi
  [[ -s "$sig" ]] || fail "signature is empty"
}

verify_signature() {
  local desc="$1" pub="$TOP/keys/swupdate-dev.pub.pem"
  if [[ -z "${SWU_SIGN_CMD:-}" && -f "$pub" ]]; then
    openssl dgst -sha256 -verify "$pub" -signature "$desc.sig" "$desc" >/dev/null \
      || fail "signature does not verify against keys/swupdate-dev.pub.pem"
    msg "signature verified with the development public key"
  fi
}

pack_cpio() {
  local target="$1" members=(sw-description)
  $sign && members+=(sw-description.sig)
  members+=("${ARTIFACTS[@]}")
  (cd "$stage" && printf '%s\n' "${members[@]}" | cpio --quiet -ov -H crc) > "$target"
}

describe_image() {
  local image="$1"
  msg "contents of $(basename "$image"):"
  cpio --quiet -it < "$image" | sed 's/^/    /'
  msg "size: $(du -h "$image" | cut -f1)"
}

main() {
  need git sha256sum cpio gzip openssl sed
  [[ -n "$version" ]] || version="$(git -C "$TOP" describe --tags --always --dirty)"
  [[ "$version" =~ ^[A-Za-z0-9._+-]+$ ]] || fail "version '$version' has unexpected characters"
  if [[ "$version" == *dirty* ]]; then
    warn "building from a dirty tree; do not ship this image"
  fi
  check_inputs

  mkdir -p "$OUT_DIR"
  stage="$(mktemp -d "$OUT_DIR/.stage.XXXXXX")"
  local a
  for a in "${ARTIFACTS[@]}"; do
    cp -- "$IN_DIR/$a" "$stage/$a"
  done
  render_description "$stage/sw-description"
  if $sign; then
    sign_description "$stage/sw-description"
    verify_signature "$stage/sw-description"
  else
    warn "unsigned image requested (-n); devices with signature checking will refuse it"
  fi

  local image="$OUT_DIR/sensor-$version.swu"
  pack_cpio "$image.part"
  mv -f -- "$image.part" "$image"
  sha256sum "$image" | sed "s|$OUT_DIR/||" > "$image.sha256"
  describe_image "$image"
  msg "done: ${image#"$TOP"/}"
}

main "$@"
