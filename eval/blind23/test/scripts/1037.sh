#!/usr/bin/env bash
#
# deps-bootstrap.sh - make sure every conan remote tessera needs is configured,
# then resolve and lock the dependency graph for the default profile.
#
set -o errexit -o nounset -o pipefail

readonly TOP=$(git rev-parse --show-toplevel)
readonly PROFILE=${CONAN_PROFILE:-default}
readonly LOCKFILE="$TOP/conan.lock"

say() { printf 'deps-bootstrap: %s\n' "$*"; }

command -v conan >/dev/null || { say "conan 2 is required (pipx install conan)"; exit 1; }

# name  url  index   (index 0 = searched first)
readonly REMOTES="conancenter https://center2.conan.io -
tessera-prebuilt https://conan.prebuilt-cache.example.net/api/conan 0"

remote_exists() {
  conan remote list --format=json | grep -q "\"name\": \"$1\""
}

configure_remotes() {
  local name url index
  while read -r name url index; do
    [[ -n $name ]] || continue
    if remote_exists "$name"; then
      conan remote update "$name" --url "$url" ${index:+$( [[ $index != - ]] && printf -- '--index %s' "$index")}
    else
      conan remote add "$name" "$url" ${index:+$( [[ $index != - ]] && printf -- '--index %s' "$index")}
    fi
    say "remote $name -> $url"
  done <<<"$REMOTES"
  conan remote list
}

detect_profile() {
  if ! conan profile path "$PROFILE" >/dev/null 2>&1; then
    conan profile detect --name "$PROFILE"
  fi
}

lock_graph() {
  conan lock create "$TOP" --profile:host="$PROFILE" --profile:build="$PROFILE" \
    --lockfile-out="$LOCKFILE" --build=missing
  say "lockfile written to ${LOCKFILE#"$TOP"/}"
}

install_deps() {
  conan install "$TOP" --lockfile="$LOCKFILE" --profile:host="$PROFILE" \
    --output-folder="$TOP/_build/deps" --build=missing
}

main() {
  configure_remotes
  detect_profile
  lock_graph
  install_deps
  git -C "$TOP" --no-pager diff --stat -- conan.lock || true
}

main "$@"
