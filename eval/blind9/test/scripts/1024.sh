#!/usr/bin/env bash
# Fetch the Node.js version pinned in .node-version into .toolchain/node,
# verifying the tarball against the release's SHASUMS256.txt. The checksum
# file itself is checked against the sha256 we pin in toolchain.lock.
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)
dest="$root/.toolchain/node"
version=$(tr -d 'v \n' < "$root/.node-version")
lock="$root/toolchain.lock"

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64)  platform=linux-x64 ;;
  Linux-aarch64) platform=linux-arm64 ;;
  Darwin-arm64)  platform=darwin-arm64 ;;
  Darwin-x86_64) platform=darwin-x64 ;;
  *) echo "unsupported platform $(uname -s)-$(uname -m)" >&2; exit 1 ;;
esac

usage() {
  cat <<EOF
usage: $(basename "$0") [--force]
  --force  reinstall even if the pinned version is present
Pins: .node-version (version) and toolchain.lock (sha256 of SHASUMS256.txt)
EOF
}

force=0
case "${1:-}" in
  --force) force=1 ;;
  -h|--help) usage; exit 0 ;;
  "") ;;
  *) usage >&2; exit 2 ;;
esac

archive="node-v${version}-${platform}.tar.xz"
base="https://nodejs.org/dist/v${version}"

pinned_sums_sha() {
  awk -v v="$version" '$1 == "node" && $2 == v { print $3 }' "$lock"
}

already_installed() {
  [[ -x "$dest/bin/node" ]] && [[ "$("$dest/bin/node" --version)" == "v$version" ]]
}

download() {
  curl --fail --location --silent --show-error --proto '=https' --retry 2 -o "$2" "$1"
}

if (( force == 0 )) && already_installed; then
  echo "node v$version already in ${dest#"$root"/}"
  exit 0
fi

want_sums_sha=$(pinned_sums_sha)
if [[ -z "$want_sums_sha" ]]; then
  echo "toolchain.lock has no entry for node $version" >&2
  exit 1
fi

work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT

echo "downloading SHASUMS256.txt for v$version"
download "$base/SHASUMS256.txt" "$work/SHASUMS256.txt"
got_sums_sha=$(sha256sum "$work/SHASUMS256.txt" | cut -d' ' -f1)
if [[ "$got_sums_sha" != "$want_sums_sha" ]]; then
  echo "SHASUMS256.txt does not match the pinned checksum" >&2
  exit 1
fi

echo "downloading $archive"
download "$base/$archive" "$work/$archive"
(
  cd "$work"
  grep " ${archive}\$" SHASUMS256.txt > expected.txt
  if ! sha256sum --check --status expected.txt; then
    echo "checksum mismatch for $archive" >&2
    exit 1
  fi
)

rm -rf -- "$dest"
mkdir -p "$dest"
tar -xJf "$work/$archive" -C "$dest" --strip-components=1
echo "installed node $("$dest/bin/node" --version) into ${dest#"$root"/}"
echo "use it with: export PATH=\"$dest/bin:\$PATH\""
