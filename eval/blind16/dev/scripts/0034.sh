#!/usr/bin/env bash
# Build and test only the Bazel targets affected by the current change.
#
#   tools/bazel_affected.sh [--base origin/main] [--build-only] [--print] [--keep-going]
#
# 1. collect changed files (merge-base diff plus uncommitted changes),
# 2. map them to Bazel source-file labels with `bazel query`,
# 3. find reverse dependencies inside //... (rdeps), split into test and non-test
#    targets, and
# 4. `bazel build` the non-test ones and `bazel test` the test ones.
# If BUILD/WORKSPACE/MODULE/.bazelrc files change, everything (//...) is affected.
# Scratch files go to a temp dir that is removed on exit.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

base="origin/main"
build_only=0
print_only=0
keep_going=()
TMP="$(mktemp -d "${TMPDIR:-/tmp}/bazel-affected.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

while [[ $# -gt 0 ]]; do
  case "$1" in
    --base) base="$2"; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --print) print_only=1; shift ;;
    --keep-going) keep_going=(--keep_going); shift ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

BAZEL="${BAZEL:-bazel}"
command -v "$BAZEL" >/dev/null || { echo "bazel/bazelisk not found" >&2; exit 1; }

changed_files() {
  local mb
  mb="$(git merge-base "$base" HEAD)"
  {
    git diff --name-only --diff-filter=ACMR "$mb"...HEAD
    git diff --name-only --diff-filter=ACMR
    git ls-files --others --exclude-standard
  } | sort -u
}

is_global_change() {
  grep -qE '(^|/)(WORKSPACE(\.bazel)?|MODULE\.bazel|\.bazelrc|\.bazelversion)$|^tools/bazel/' "$1"
}

to_labels() {
  # Turn file paths into labels Bazel knows about; files outside any package are dropped.
  local files="$1" out="$2"
  : >"$out"
  local f
  while IFS= read -r f; do
    [[ -f "$f" ]] || continue
    case "$f" in
      */BUILD|*/BUILD.bazel|BUILD|BUILD.bazel)
        printf '//%s:all\n' "$(dirname "$f" | sed 's#^\.$##')" >>"$out"
        ;;
      *)
        printf '%s\n' "$f" >>"$out"
        ;;
    esac
  done <"$files"
  if [[ -s "$out" ]]; then
    # `bazel query` accepts file paths relative to the workspace and resolves them to labels
    "$BAZEL" query --keep_going --noshow_progress "set($(tr '\n' ' ' <"$out"))" \
      2>"$TMP/query.err" >"$out.resolved" || true
    mv "$out.resolved" "$out"
  fi
}

affected_targets() {
  local labels="$1"
  if [[ ! -s "$labels" ]]; then
    return 0
  fi
  "$BAZEL" query --keep_going --noshow_progress \
    "rdeps(//..., set($(tr '\n' ' ' <"$labels")))" 2>>"$TMP/query.err" \
    | grep -v '^//third_party/' || true
}

split_tests() {
  local all="$1"
  if [[ ! -s "$all" ]]; then
    : >"$TMP/tests"; : >"$TMP/builds"
    return
  fi
  "$BAZEL" query --keep_going --noshow_progress \
    "kind('.*_test rule', set($(tr '\n' ' ' <"$all")))" 2>>"$TMP/query.err" >"$TMP/tests" || true
  "$BAZEL" query --keep_going --noshow_progress \
    "kind('rule', set($(tr '\n' ' ' <"$all"))) except set($(tr '\n' ' ' <"$TMP/tests"))" \
    2>>"$TMP/query.err" >"$TMP/builds" || true
}

check_bazel_version() {
  # .bazelversion pins the version bazelisk should use; warn when a plain bazel differs.
  local pinned running
  [[ -f "$ROOT/.bazelversion" ]] || return 0
  pinned="$(tr -d '[:space:]' <"$ROOT/.bazelversion")"
  running="$("$BAZEL" --version 2>/dev/null | awk '{print $2}')"
  if [[ -n "$running" && "$running" != "$pinned" ]]; then
    echo "warning: running bazel $running but .bazelversion pins $pinned (use bazelisk)" >&2
  fi
}

show_cache_stats() {
  # Summarise how many actions were served from the cache in the last invocation.
  local profile="$TMP/profile.gz"
  if "$BAZEL" analyze-profile --dump=raw "$profile" >/dev/null 2>&1; then
    return 0
  fi
  "$BAZEL" info --noshow_progress output_base >/dev/null 2>&1 || return 0
  grep -hE 'processes: .*(disk cache hit|remote cache hit)' "$TMP"/*.log 2>/dev/null | tail -n 1 || true
}

main() {
  check_bazel_version
  changed_files >"$TMP/files"
  echo "changed files: $(wc -l <"$TMP/files")"
  if is_global_change "$TMP/files"; then
    echo "workspace-level change detected; everything is affected"
    printf '//...\n' >"$TMP/builds"
    : >"$TMP/tests"
    if (( print_only )); then echo "//..."; return 0; fi
    "$BAZEL" build "${keep_going[@]}" //...
    (( build_only )) || "$BAZEL" test "${keep_going[@]}" --test_output=errors //...
    return
  fi

  to_labels "$TMP/files" "$TMP/labels"
  affected_targets "$TMP/labels" >"$TMP/affected"
  split_tests "$TMP/affected"
  echo "affected: $(wc -l <"$TMP/builds") build targets, $(wc -l <"$TMP/tests") test targets"

  if (( print_only )); then
    sed 's/^/  build /' "$TMP/builds"
    sed 's/^/  test  /' "$TMP/tests"
    return 0
  fi
  if [[ -s "$TMP/builds" ]]; then
    "$BAZEL" build "${keep_going[@]}" --target_pattern_file="$TMP/builds"
  fi
  if (( ! build_only )) && [[ -s "$TMP/tests" ]]; then
    "$BAZEL" test "${keep_going[@]}" --test_output=errors --target_pattern_file="$TMP/tests"
  fi
  if [[ -s "$TMP/query.err" ]]; then
    echo "note: some files did not map to targets:"
    grep -E 'no such (target|package)' "$TMP/query.err" | head -n 10 | sed 's/^/  /'
  fi
  show_cache_stats
}

main
