#!/usr/bin/env bash
# release.sh - build the `wren-ui` npm package, publish it and create the
# matching GitHub release with the tarball attached.
#
# usage: scripts/release.sh [--dry-run] [--notes FILE]
set -Eeuo pipefail

on_error() {
  echo "release.sh: failed at line $1 (exit $2)" >&2
}
trap 'on_error $LINENO $?' ERR

PKG_NAME="wren-ui"
DRY=false
NOTES_FILE=""

while (( $# )); do
  case "$1" in
    --dry-run) DRY=true ;;
    --notes) NOTES_FILE="$2"; shift ;;
    -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 64 ;;
  esac
  shift
done

repo_root="$(git rev-parse --show-toplevel)"
cd "$repo_root"

actual_name="$(node -p "require('./package.json').name")"
if [[ "$actual_name" != "$PKG_NAME" ]]; then
  echo "package.json name is $actual_name, expected $PKG_NAME" >&2
  exit 1
fi
case "$repo_root" in
  /|"$HOME") echo "refusing to release from $repo_root" >&2; exit 1 ;;
esac

version="$(node -p "require('./package.json').version")"
tag="v$version"

if git ls-remote --exit-code --tags origin "refs/tags/$tag" >/dev/null 2>&1; then
  echo "$tag already exists on origin" >&2
  exit 1
fi

[[ -z "$(git status --porcelain)" ]] || { echo "dirty working tree" >&2; exit 1; }

echo "cleaning lib/ and *.tgz"
rm -rf -- "$repo_root/lib"
find "$repo_root" -maxdepth 1 -name "${PKG_NAME}-*.tgz" -delete

echo "building"
npm ci --silent
npm run build
npm test -- --silent

tarball="$(npm pack --silent)"
echo "packed $tarball"

if $DRY; then
  npm publish --dry-run "$tarball"
  echo "dry run complete; not tagging or publishing"
  exit 0
fi

npm publish "$tarball" --access public
git tag -a "$tag" -m "$PKG_NAME $version"
git push origin "$tag"

gh_args=(release create "$tag" "$tarball" --title "$PKG_NAME $version" --verify-tag)
if [[ -n "$NOTES_FILE" ]]; then
  gh_args+=(--notes-file "$NOTES_FILE")
else
  gh_args+=(--generate-notes)
fi
gh "${gh_args[@]}"

rm -f -- "$tarball"
echo "released $PKG_NAME $version"
