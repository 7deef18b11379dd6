#!/usr/bin/env bash
# unpack-artifacts.sh — unpack the release artifacts we ship and inventory them.
#
# Used by the release checklist to make sure no debug binaries, private keys
# or test certificates end up in the firmware image or the Android companion app.
#
#   tools/unpack-artifacts.sh dist/router-fw-2.4.0.bin dist/companion-2.4.0.apk
#
# Output: build/unpack/<artifact>/... and build/unpack/<artifact>.report.txt
# Every run starts from an empty build/unpack/<artifact> directory.
#
# The script exits non-zero when it finds anything the release checklist
# forbids (key files, debug tools, unstripped binaries, a debuggable APK,
# setuid files) so the release job stops before tagging.
#
# Tools: binwalk (v2), radare2 (rabin2, r2), apktool, jadx, file.

set -euo pipefail
shopt -s globstar nullglob

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT_BASE="${ROOT}/build/unpack"
FORBIDDEN_NAMES=('*.pem' '*.key' 'id_rsa*' '*.p12' '*.jks' 'gdbserver' 'strace' 'busybox-debug')
STRINGS_PATTERNS='BEGIN (RSA|EC|OPENSSH) PRIVATE KEY|password *=|debug_token|staging\.internal'

log() { printf '\e[36m[unpack]\e[0m %s\n' "$*"; }
warn() { printf '\e[33m[unpack] WARN\e[0m %s\n' "$*"; WARNINGS=$((WARNINGS + 1)); }
die() { printf '\e[31m[unpack] %s\e[0m\n' "$*" >&2; exit 1; }
WARNINGS=0

(( $# )) || die "usage: unpack-artifacts.sh ARTIFACT..."
for t in binwalk rabin2 r2 apktool jadx file; do
  command -v "${t}" >/dev/null || die "missing tool: ${t}"
done

fresh_dir() {
  local dir="$1"
  case "${dir}" in
    "${OUT_BASE}"/?*) ;;
    *) die "internal error: ${dir} is not under ${OUT_BASE}" ;;
  esac
  if [[ -d "${dir}" ]]; then
    # squashfs/cpio extraction keeps read-only modes; make our own tree writable before removing it
    chmod -R u+w "${dir}"
    rm -rf -- "${dir}"
  fi
  mkdir -p "${dir}"
}

check_forbidden() {
  local dir="$1" pattern hit
  for pattern in "${FORBIDDEN_NAMES[@]}"; do
    while IFS= read -r hit; do
      warn "forbidden file: ${hit#"${dir}/"}"
    done < <(find "${dir}" -type f -name "${pattern}" 2>/dev/null)
  done
  while IFS= read -r hit; do
    warn "suspicious string in ${hit#"${dir}/"}"
  done < <(grep -rlEa "${STRINGS_PATTERNS}" "${dir}" 2>/dev/null | head -n 50)
}

inventory_elves() {
  local dir="$1" report="$2" f
  {
    echo "## ELF binaries"
    printf '%-50s %-8s %-6s %-7s %-6s %s\n' path arch bits stripped canary nx
  } >> "${report}"
  while IFS= read -r f; do
    local info arch bits stripped canary nx
    info="$(rabin2 -I "${f}" 2>/dev/null)" || continue
    arch="$(awk '$1 == "arch" {print $2}' <<< "${info}")"
    bits="$(awk '$1 == "bits" {print $2}' <<< "${info}")"
    stripped="$(awk '$1 == "stripped" {print $2}' <<< "${info}")"
    canary="$(awk '$1 == "canary" {print $2}' <<< "${info}")"
    nx="$(awk '$1 == "nx" {print $2}' <<< "${info}")"
    printf '%-50s %-8s %-6s %-7s %-6s %s\n' "${f#"${dir}/"}" "${arch}" "${bits}" "${stripped}" "${canary}" "${nx}" >> "${report}"
    [[ "${stripped}" == "false" ]] && warn "unstripped binary: ${f#"${dir}/"}"
  done < <(find "${dir}" -type f -exec sh -c 'file -b "$1" | grep -q "^ELF"' _ {} \; -print 2>/dev/null)
}

function_counts() {
  # radare2 in read-only quiet mode; aa is enough for a function count
  local dir="$1" report="$2" f n
  echo "## function counts (r2 aa)" >> "${report}"
  for f in "${dir}"/**/bin/* "${dir}"/**/sbin/*; do
    [[ -f "${f}" && ! -L "${f}" ]] || continue
    n="$(r2 -q -e bin.cache=true -c 'aa; aflc' "${f}" 2>/dev/null || echo '?')"
    printf '%-50s %s\n' "${f#"${dir}/"}" "${n}" >> "${report}"
  done
}

unpack_firmware() {
  local src="$1" dir="$2" report="$3"
  log "binwalk: $(basename "${src}")"
  binwalk --signature "${src}" > "${dir}/signatures.txt"
  binwalk --extract --matryoshka --directory "${dir}" "${src}" > "${dir}/binwalk.log" 2>&1 || warn "binwalk returned non-zero"
  echo "# $(basename "${src}")" > "${report}"
  echo "sha256 $(sha256sum "${src}" | cut -d' ' -f1)" >> "${report}"
  echo >> "${report}"
  inventory_elves "${dir}" "${report}"
  function_counts "${dir}" "${report}"
  check_forbidden "${dir}"
}

unpack_apk() {
  local src="$1" dir="$2" report="$3"
  log "apktool + jadx: $(basename "${src}")"
  apktool d --no-src --force --output "${dir}/apktool" "${src}" > "${dir}/apktool.log" 2>&1
  jadx --no-res --output-dir "${dir}/jadx" --threads-count "$(nproc)" "${src}" > "${dir}/jadx.log" 2>&1 || warn "jadx reported decompilation errors"
  {
    echo "# $(basename "${src}")"
    echo "sha256 $(sha256sum "${src}" | cut -d' ' -f1)"
    echo
    echo "## manifest"
    grep -oE '(package|android:versionName|android:debuggable|android:usesCleartextTraffic)="[^"]*"' \
      "${dir}/apktool/AndroidManifest.xml" | sort -u
    echo
    echo "## permissions"
    grep -oE 'android.permission.[A-Z_]+' "${dir}/apktool/AndroidManifest.xml" | sort -u
  } > "${report}"
  if grep -q 'android:debuggable="true"' "${dir}/apktool/AndroidManifest.xml"; then
    warn "release APK is debuggable"
  fi
  check_forbidden "${dir}"
}

listing() {
  # sorted "mode size path" listing of an unpacked tree, used for release-to-release diffs
  local dir="$1"
  find "${dir}" -path "${dir}/jadx" -prune -o -type f -printf '%m %s %P\n' 2>/dev/null | sort -k3
}

compare_with_previous() {
  # compare with the listing kept from the last release run (build/unpack/<name>.files)
  local name="$1" dir="$2" report="$3" prev="${OUT_BASE}/${name%-*}.previous.files"
  listing "${dir}" > "${OUT_BASE}/${name}.files"
  if [[ ! -f "${prev}" ]]; then
    cp "${OUT_BASE}/${name}.files" "${prev}"
    echo "## first run for ${name%-*}; no previous listing" >> "${report}"
    return 0
  fi
  {
    echo
    echo "## changes since previous release"
    diff <(awk '{print $3}' "${prev}") <(awk '{print $3}' "${OUT_BASE}/${name}.files") |
      awk '/^>/ {print "  added   " $2} /^</ {print "  removed " $2}' | head -n 100
    join -1 3 -2 3 <(sort -k3 "${prev}") <(sort -k3 "${OUT_BASE}/${name}.files") |
      awk '$2 != $4 {print "  mode    " $1 " " $2 " -> " $4}' | head -n 50
  } >> "${report}"
  if join -1 3 -2 3 <(sort -k3 "${prev}") <(sort -k3 "${OUT_BASE}/${name}.files") | awk '$4 ~ /^[4-7][0-7][0-7][0-7]$/' | grep -q .; then
    warn "setuid/setgid files present in ${name}"
  fi
  cp "${OUT_BASE}/${name}.files" "${prev}"
}

main() {
  mkdir -p "${OUT_BASE}"
  local src name dir report
  for src in "$@"; do
    [[ -f "${src}" ]] || die "no such artifact: ${src}"
    name="$(basename "${src}")"
    name="${name%.*}"
    dir="${OUT_BASE}/${name}"
    report="${OUT_BASE}/${name}.report.txt"
    fresh_dir "${dir}"
    case "${src}" in
      *.apk) unpack_apk "${src}" "${dir}" "${report}" ;;
      *.bin|*.img|*.trx) unpack_firmware "${src}" "${dir}" "${report}" ;;
      *) die "don't know how to unpack ${src}" ;;
    esac
    compare_with_previous "${name}" "${dir}" "${report}"
    log "report: ${report#"${ROOT}/"}"
  done
  if (( WARNINGS )); then
    log "${WARNINGS} warning(s); review before tagging the release"
    exit 1
  fi
  log "clean"
}

main "$@"
