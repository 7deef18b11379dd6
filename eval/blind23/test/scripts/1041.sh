#!/usr/bin/env bash
#
# bump-vcpkg.sh - move tessera's vcpkg baseline forward and re-lock overrides.
#
#   tools/bump-vcpkg.sh                 # show what a baseline bump would change
#   tools/bump-vcpkg.sh --apply         # update vcpkg.json on a branch, build, test
#   tools/bump-vcpkg.sh --apply --commit
#   tools/bump-vcpkg.sh --apply --commit --push   # push + PR via gh
#
# Requirements: VCPKG_ROOT pointing at a vcpkg checkout the developer manages.
# The script only *reads* that checkout (git fetch + rev-parse of its origin);
# it never resets or modifies it.  All changes happen in this repository:
# vcpkg.json "builtin-baseline" and, when needed, "overrides".

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly MANIFEST="$TOP/vcpkg.json"
readonly WORK="$TOP/_build/vcpkg-bump"
APPLY=false
COMMIT=false
PUSH=false

note() { printf '%s\n' "$*"; }
halt() { printf '%s: %s\n' "$PROG" "$*" >&2; exit 1; }

while (( $# )); do
  case $1 in
    --apply) APPLY=true ;;
    --commit) COMMIT=true ;;
    --push) PUSH=true ;;
    *) halt "unknown option $1" ;;
  esac
  shift
done
$PUSH && ! $COMMIT && halt "--push requires --commit"
$COMMIT && ! $APPLY && halt "--commit requires --apply"

[[ -n ${VCPKG_ROOT:-} && -d $VCPKG_ROOT/.git ]] || halt "set VCPKG_ROOT to your vcpkg git checkout"
[[ -f $MANIFEST ]] || halt "no vcpkg.json in $TOP"
command -v jq >/dev/null || halt "jq is required"

current_baseline() { jq -r '."builtin-baseline" // empty' "$MANIFEST"; }

upstream_head() {
  git -C "$VCPKG_ROOT" fetch --quiet origin master
  git -C "$VCPKG_ROOT" rev-parse origin/master
}

port_version_at() {
  # version of a port in the registry at a given commit
  local commit=$1 port=$2
  git -C "$VCPKG_ROOT" show "$commit:versions/baseline.json" 2>/dev/null |
    jq -r --arg p "$port" '.default[$p] | "\(.baseline)#\(."port-version")"'
}

manifest_ports() {
  jq -r '.dependencies[] | if type == "string" then . else .name end' "$MANIFEST" | sort -u
}

plan() {
  local old=$1 new=$2 port a b
  mkdir -p -- "$WORK"
  : >"$WORK/changes.txt"
  while read -r port; do
    a=$(port_version_at "$old" "$port")
    b=$(port_version_at "$new" "$port")
    if [[ $a != "$b" ]]; then
      printf '%-24s %s -> %s\n' "$port" "$a" "$b" | tee -a "$WORK/changes.txt"
    fi
  done < <(manifest_ports)
}

usage() {
  cat <<'EOF'
bump-vcpkg.sh [--apply [--commit [--push]]]

  (no flags)   print which ports used by tessera change between the current
               builtin-baseline and vcpkg's upstream head
  --apply      write the new baseline into vcpkg.json on a deps/ branch,
               configure + build + ctest in _build/vcpkg-bump
  --commit     commit vcpkg.json (only after a green build)
  --push       push the branch and open a pull request with gh

Needs: VCPKG_ROOT (a vcpkg git checkout), jq, cmake, ninja.
EOF
}

ensure_branch() {
  [[ -z $(git -C "$TOP" status --porcelain) ]] || halt "working tree not clean"
  local cur branch
  cur=$(git -C "$TOP" branch --show-current)
  case $cur in
    main|master|release/*) note "on $cur; creating a topic branch" ;;
  esac
  branch="deps/vcpkg-$(date +%Y%m%d)"
  if [[ $cur != "$branch" ]]; then
    git -C "$TOP" switch -c "$branch" 2>/dev/null || git -C "$TOP" switch "$branch"
  fi
  printf '%s' "$branch"
}

rewrite_manifest() {
  local new=$1 tmp
  tmp=$(mktemp "$WORK/vcpkg.json.XXXXXX")
  jq --arg b "$new" '."builtin-baseline" = $b' "$MANIFEST" >"$tmp"
  mv -- "$tmp" "$MANIFEST"
}

build_and_test() {
  cmake --preset ninja-release -DVCPKG_MANIFEST_MODE=ON \
    -DCMAKE_TOOLCHAIN_FILE="$VCPKG_ROOT/scripts/buildsystems/vcpkg.cmake" \
    -B "$WORK/build" >/dev/null
  cmake --build "$WORK/build" --parallel "$(nproc)" 2>&1 | tail -n 15
  ctest --test-dir "$WORK/build" --output-on-failure -j "$(nproc)"
}

overrides_report() {
  # explicit overrides pin ports regardless of the baseline; list them so the
  # reviewer can decide whether they are still needed after the bump
  local n
  n=$(jq '.overrides // [] | length' "$MANIFEST")
  (( n > 0 )) || return 0
  note "overrides still pinned ($n):"
  jq -r '.overrides[] | "  \(.name) = \(.version // .["version-string"] // "?")"' "$MANIFEST"
  jq -r '.overrides[] | .name' "$MANIFEST" >"$WORK/overrides.txt"
}

license_changes() {
  # a port switching license is worth calling out in the PR
  local old=$1 new=$2 port a b
  while read -r port; do
    a=$(git -C "$VCPKG_ROOT" show "$old:ports/$port/vcpkg.json" 2>/dev/null | jq -r '.license // "?"')
    b=$(git -C "$VCPKG_ROOT" show "$new:ports/$port/vcpkg.json" 2>/dev/null | jq -r '.license // "?"')
    [[ $a != "$b" ]] && printf 'LICENSE %-18s %s -> %s\n' "$port" "$a" "$b"
  done < <(manifest_ports) | tee -a "$WORK/changes.txt"
}

main() {
  local old new branch
  [[ ${1:-} == -h || ${1:-} == --help ]] && { usage; return 0; }
  old=$(current_baseline)
  [[ -n $old ]] || halt "vcpkg.json has no builtin-baseline"
  new=$(upstream_head)
  if [[ $old == "$new" ]]; then
    note "baseline already at upstream head ($new)"
    return 0
  fi
  note "baseline $old -> $new"
  plan "$old" "$new"
  license_changes "$old" "$new"
  overrides_report
  [[ -s $WORK/changes.txt ]] || { note "no port used by tessera changes version"; return 0; }
  if ! $APPLY; then
    note "(plan only; --apply to change vcpkg.json)"
    return 0
  fi

  branch=$(ensure_branch)
  rewrite_manifest "$new"
  if ! build_and_test; then
    note "build or tests failed; vcpkg.json change left uncommitted on $branch"
    return 1
  fi

  if $COMMIT; then
    git -C "$TOP" add vcpkg.json
    git -C "$TOP" commit -q -m "deps: bump vcpkg baseline" -m "$(cat "$WORK/changes.txt")"
    note "committed on $branch"
  fi
  if $PUSH; then
    git -C "$TOP" push -u origin "$branch"
    if command -v gh >/dev/null; then
      gh pr create --title "deps: bump vcpkg baseline" --body-file "$WORK/changes.txt" \
        --label dependencies || note "PR creation failed; open it manually"
    fi
  fi
}

main
