#!/usr/bin/env bash
# Cross-compile the ferry CLI for all release platforms into out/.
#   usage: scripts/build-all.sh [-p os/arch]... [-v version] [-k]
#   -k keeps the previous out/ contents instead of wiping them.
set -Eeuo pipefail

here="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd -- "$here/.." && pwd -P)"
out="$repo/out"
version=""
keep=0
platforms=()

on_error() {
  local line="$1"
  echo "build-all: failed at line $line" >&2
}
trap 'on_error $LINENO' ERR

while getopts ":p:v:kh" flag; do
  case "$flag" in
    p) platforms+=("$OPTARG") ;;
    v) version="$OPTARG" ;;
    k) keep=1 ;;
    h) sed -n '2,4p' "$0"; exit 0 ;;
    :) echo "option -$OPTARG needs a value" >&2; exit 2 ;;
    \?) echo "unknown option -$OPTARG" >&2; exit 2 ;;
  esac
done

(( ${#platforms[@]} )) || platforms=(linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64)
[[ -n "$version" ]] || version="$(git -C "$repo" describe --tags --always --dirty)"

guard_repo() {
  if [[ ! -f "$repo/go.mod" ]] || ! grep -q '^module github.com/harbor-org/ferry$' "$repo/go.mod"; then
    echo "refusing to run: $repo is not the ferry repository" >&2
    exit 1
  fi
  case "$out" in
    "$repo"/out) ;;
    *) echo "refusing to clean unexpected path $out" >&2; exit 1 ;;
  esac
}

prepare_out() {
  if (( keep )); then
    mkdir -p "$out"
  else
    rm -rf -- "$out"
    mkdir -p "$out"
  fi
}

build_one() {
  local goos="$1" goarch="$2" ext="" name
  [[ "$goos" == windows ]] && ext=".exe"
  name="ferry_${version}_${goos}_${goarch}${ext}"
  printf '  %-16s -> out/%s\n' "$goos/$goarch" "$name"
  env GOOS="$goos" GOARCH="$goarch" CGO_ENABLED=0 \
    go build -C "$repo" -trimpath -buildvcs=false \
      -ldflags "-s -w -X github.com/harbor-org/ferry/internal/version.Version=$version" \
      -o "$out/$name" ./cmd/ferry
}

write_manifest() {
  local f
  {
    printf '{\n  "version": "%s",\n  "files": [\n' "$version"
    local first=1
    for f in "$out"/ferry_*; do
      (( first )) || printf ',\n'
      first=0
      printf '    {"name": "%s", "sha256": "%s"}' "$(basename "$f")" "$(sha256sum "$f" | cut -d' ' -f1)"
    done
    printf '\n  ]\n}\n'
  } > "$out/manifest.json"
}

main() {
  guard_repo
  prepare_out
  echo "building ferry $version for ${#platforms[@]} platform(s)"
  local p
  for p in "${platforms[@]}"; do
    build_one "${p%%/*}" "${p##*/}"
  done
  write_manifest
  echo "done: $(find "$out" -type f | wc -l | tr -d ' ') file(s) in out/"
}

main
