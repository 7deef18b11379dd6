#!/usr/bin/env bash
# Tag a harbor-ui release, push the current branch and tag, and create the GitHub
# release with the built archives attached (gh talks to api.github.com using its own login).
set -Eeuo pipefail

version=""
notes_file=""
draft=0
assets=()

trap 'echo "release: failed at line $LINENO" >&2' ERR

usage() {
  echo "usage: $0 -v X.Y.Z [-n NOTES.md] [-d]"
  exit 2
}

while getopts ":v:n:d" o; do
  case "$o" in
    v) version="$OPTARG" ;;
    n) notes_file="$OPTARG" ;;
    d) draft=1 ;;
    *) usage ;;
  esac
done
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || usage

tag="v${version}"
branch="$(git rev-parse --abbrev-ref HEAD)"

ensure_ready() {
  [[ "$branch" == main || "$branch" == release/* ]] || { echo "release from main or release/*, not $branch" >&2; exit 1; }
  git diff --quiet && git diff --cached --quiet || { echo "commit your changes first" >&2; exit 1; }
  if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
    echo "$tag already exists" >&2
    exit 1
  fi
  gh auth status >/dev/null 2>&1 || { echo "run gh auth login first" >&2; exit 1; }
}

bump_package() {
  local tmp
  tmp="$(mktemp)"
  jq --arg v "$version" '.version = $v' package.json > "$tmp"
  mv "$tmp" package.json
  git add package.json
  git commit -m "chore(release): $tag"
}

build_assets() {
  pnpm install --frozen-lockfile
  pnpm run build
  tar -czf "harbor-ui-${version}.tgz" -C dist .
  (cd dist && zip -qr "../harbor-ui-${version}.zip" .)
  assets=("harbor-ui-${version}.tgz" "harbor-ui-${version}.zip")
  sha256sum "${assets[@]}" > "harbor-ui-${version}.sha256"
  assets+=("harbor-ui-${version}.sha256")
}

publish() {
  git tag -a "$tag" -m "harbor-ui $tag"
  git push origin "$branch"
  git push origin "$tag"
  local args=(release create "$tag" --title "harbor-ui $tag" --verify-tag)
  if [[ -n "$notes_file" ]]; then
    args+=(--notes-file "$notes_file")
  else
    args+=(--generate-notes)
  fi
  (( draft )) && args+=(--draft)
  gh "${args[@]}" "${assets[@]}"
}

cleanup_assets() {
  rm -f -- "${assets[@]}"
}

ensure_ready
bump_package
build_assets
publish
cleanup_assets
echo "released $tag from $branch"
