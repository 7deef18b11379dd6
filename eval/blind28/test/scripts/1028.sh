#!/usr/bin/env bash
#
# History
#   2024-01  first version
#   2024-04  manifest with profile hash
#
# Contacts: imaging data team
#
#
# Notes
#   * -gst/-gse/-gin regenerate Study/Series/SOP Instance UIDs, so the teaching
#     copies cannot be matched back to the originals by UID.
#   * -imt keeps the file modification time so the copy order stays stable.
#   * -ep erases all private tags (vendor data often repeats patient names).
#   * Burned-in annotations in the pixel data are NOT handled here; ultrasound
#     and secondary-capture studies go through tools/mask_pixels.py first.
#   * The manifest (DEID.txt) records the profile hash so reviewers can tell
#     which rules were applied to a study.
#
# Exit status: 0 all studies ok, 1 some failed (their output is removed),
# 2 usage or environment error.
#
# deid-batch.sh - de-identify copies of DICOM studies with DCMTK for the teaching set.
#
#   tools/deid-batch.sh incoming/study_0193           one study folder
#   tools/deid-batch.sh incoming/*                    several
#   tools/deid-batch.sh -p profiles/strict.txt incoming/study_0193
#
# For every input folder:
#   1. copy the files into out/deid/<study>/ (the originals are never touched)
#   2. dcmodify on the copies: erase/replace the tags listed in the profile,
#      regenerate UIDs (-gst -gse -gin) and drop private tags
#   3. dcmdump the result and fail if any tag from the profile's "must-be-gone"
#      list is still present
#   4. write out/deid/<study>/DEID.txt with the profile hash and tool versions
#
# Profile format (one rule per line):
#   erase  (0010,1040)            # PatientAddress
#   set    (0010,0010) ANON^CASE  # PatientName
#   gone   (0010,0030)            # checked after processing

set -Eeuo pipefail
shopt -s nullglob

prog=${0##*/}
base_dir=$(cd -- "$(dirname -- "$0")/.." && pwd -P)
profile="$base_dir/profiles/teaching.txt"
out_root="$base_dir/out/deid"
failed=0
processed=0

info() { printf '%s: %s\n' "$prog" "$*"; }
abort() { printf '%s: error: %s\n' "$prog" "$*" >&2; exit 2; }
on_err() { info "failed at line $1"; }
trap 'on_err $LINENO' ERR

usage() {
  sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
}

while getopts ':p:o:h' opt; do
  case $opt in
    p) profile=$OPTARG ;;
    o) out_root=$OPTARG ;;
    h) usage; exit 0 ;;
    :) abort "-$OPTARG needs an argument" ;;
    *) usage; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
(($#)) || { usage; exit 2; }

for tool in dcmodify dcmdump sha256sum; do
  command -v "$tool" >/dev/null || abort "$tool not found (install dcmtk)"
done
[[ -r $profile ]] || abort "profile $profile not readable"

case $(realpath -m -- "$out_root") in
  "$base_dir"/out/*) ;;
  *) abort "output must stay under out/ (got $out_root)" ;;
esac

declare -a erase_args=() set_args=() gone_tags=()

read_profile() {
  local verb tag value
  while read -r verb tag value; do
    value=${value%%#*}
    value=${value%"${value##*[![:space:]]}"}
    case $verb in
      ''|\#*) continue ;;
      erase) erase_args+=(-ea "$tag") ;;
      set) set_args+=(-ma "$tag=$value") ;;
      gone) gone_tags+=("$tag") ;;
      *) abort "profile: unknown rule '$verb'" ;;
    esac
  done <"$profile"
  info "profile ${profile#"$base_dir"/}: ${#erase_args[@]} erase args, ${#set_args[@]} set args, ${#gone_tags[@]} checks"
}

copy_study() {
  local src=$1 dst=$2 f n=0
  rm -rf -- "$dst"
  mkdir -p -- "$dst"
  while IFS= read -r -d '' f; do
    cp -- "$f" "$dst/$(printf 'IM%05d.dcm' "$n")"
    n=$((n + 1))
  done < <(find "$src" -type f \( -iname '*.dcm' -o -name 'IM*' \) -print0 | sort -z)
  printf '%d' "$n"
}

deidentify() {
  local dst=$1
  local files=("$dst"/*.dcm)
  ((${#files[@]})) || return 1
  dcmodify -nb -imt -gst -gse -gin -ep "${erase_args[@]}" "${set_args[@]}" "${files[@]}" >/dev/null
}

verify() {
  local dst=$1 tag f leftovers=0
  for f in "$dst"/*.dcm; do
    for tag in "${gone_tags[@]}"; do
      if dcmdump -q +P "$tag" "$f" 2>/dev/null | grep -q .; then
        info "  $tag still present in ${f#"$base_dir"/}"
        leftovers=$((leftovers + 1))
      fi
    done
  done
  ((leftovers == 0))
}

write_manifest() {
  local dst=$1 src=$2 count=$3
  {
    printf 'source: %s\n' "${src#"$base_dir"/}"
    printf 'files: %s\n' "$count"
    printf 'profile: %s\n' "${profile#"$base_dir"/}"
    printf 'profile_sha256: %s\n' "$(sha256sum "$profile" | cut -d' ' -f1)"
    printf 'dcmtk: %s\n' "$(dcmodify --version 2>/dev/null | head -n 1)"
    printf 'date: %s\n' "$(date -u +%FT%TZ)"
  } >"$dst/DEID.txt"
}

process() {
  local src=$1 study dst count
  study=$(basename -- "$src")
  dst="$out_root/$study"
  count=$(copy_study "$src" "$dst")
  if ((count == 0)); then
    info "$study: no DICOM files, skipped"
    rmdir -- "$dst" 2>/dev/null || true
    return 0
  fi
  if ! deidentify "$dst"; then
    info "$study: dcmodify failed"
    failed=$((failed + 1))
    return 0
  fi
  if verify "$dst"; then
    write_manifest "$dst" "$src" "$count"
    info "$study: $count file(s) de-identified -> ${dst#"$base_dir"/}"
    processed=$((processed + 1))
  else
    info "$study: verification FAILED, removing output"
    rm -rf -- "$dst"
    failed=$((failed + 1))
  fi
}

main() {
  read_profile
  mkdir -p -- "$out_root"
  local src
  for src in "$@"; do
    [[ -d $src ]] || { info "not a folder: $src"; failed=$((failed + 1)); continue; }
    process "$(realpath -- "$src")"
  done
  info "$processed study(ies) ok, $failed failed"
  ((failed == 0))
}

main "$@"
