#!/usr/bin/env bash
# Tag a release and publish it on GitLab with the built packages attached.
#
#   tools/gitlab-release.sh 2.3.1
#
# GITLAB_TOKEN (api scope) is used by glab against gitlab.com only. Packages
# are uploaded to this project's generic package registry on gitlab.com.
set -Eeuo pipefail

version=${1:?version required}
project=${GITLAB_PROJECT:-acme/app}
project_enc=${project//\//%2F}
api="https://gitlab.com/api/v4/projects/${project_enc}"
: "${GITLAB_TOKEN:?GITLAB_TOKEN must be set}"

on_error() { echo "release failed at line $1" >&2; }
trap 'on_error $LINENO' ERR

repo_root=$(git rev-parse --show-toplevel)
cd "$repo_root"

require_clean_main() {
  if ! git diff --quiet || ! git diff --cached --quiet; then
    echo "uncommitted changes present" >&2
    return 1
  fi
  local branch
  branch=$(git symbolic-ref --short HEAD)
  [[ $branch == main ]] || { echo "on $branch, expected main" >&2; return 1; }
}

check_version_files() {
  local in_pkg
  in_pkg=$(jq -r .version package.json)
  if [[ $in_pkg != "$version" ]]; then
    echo "package.json says $in_pkg, not $version" >&2
    return 1
  fi
}

build_packages() {
  rm -rf -- out/release
  mkdir -p out/release
  pnpm install --frozen-lockfile
  pnpm -r build
  for pkg in packages/*/; do
    (cd "$pkg" && pnpm pack --pack-destination "$repo_root/out/release" >/dev/null)
  done
  (cd out/release && sha256sum ./*.tgz > SHA256SUMS)
  ls -l out/release
}

upload_packages() {
  local f name
  for f in out/release/*; do
    name=$(basename "$f")
    curl --fail --silent --show-error \
      --header "PRIVATE-TOKEN: ${GITLAB_TOKEN}" \
      --upload-file "$f" \
      "${api}/packages/generic/app/${version}/${name}" >/dev/null
    echo "uploaded $name"
  done
}

release_notes() {
  awk -v ver="$version" '
    /^## / { if (found) exit; if (index($0, ver)) { found = 1; next } }
    found { print }
  ' CHANGELOG.md
}

require_clean_main
check_version_files
build_packages

git tag -a "v${version}" -m "v${version}"
git push origin "v${version}"

upload_packages

links=()
for f in out/release/*; do
  n=$(basename "$f")
  links+=(--assets-links "{\"name\":\"$n\",\"url\":\"${api}/packages/generic/app/${version}/${n}\"}")
done

GITLAB_HOST=gitlab.com glab release create "v${version}" \
  --repo "$project" \
  --name "v${version}" \
  --notes "$(release_notes)" \
  "${links[@]}"

echo "release v${version} published"
