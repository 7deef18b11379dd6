#!/usr/bin/env bash
# tools/affected-tests.sh - run only the Bazel tests affected by this branch.
#
# Inside `nix develop` (entered automatically when not already in it), this
#   1. finds files changed since the merge base with origin/main
#   2. maps them to Bazel targets with `bazel query rdeps(...)`
#   3. runs the affected test targets and prints a summary
# With --full it runs //... instead. With --fresh it clears this workspace's
# Bazel outputs first (`bazel clean`; `--expunge` with --fresh=all).
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
cd "$REPO"

BASE_REF="${BASE_REF:-origin/main}"
RESULTS_DIR="$REPO/.cache/affected"
BAZEL="${BAZEL:-bazel}"
MAX_TARGETS=400

full=0
fresh=""
extra_args=()

die() { echo "affected-tests: $*" >&2; exit 1; }
section() { echo; echo "### $*"; }

reexec_in_nix() {
  if [[ -z "${IN_NIX_SHELL:-}" ]] && command -v nix >/dev/null 2>&1; then
    echo "entering nix develop"
    exec nix develop --command "$0" "$@"
  fi
}

parse() {
  while (($#)); do
    case "$1" in
      --full) full=1 ;;
      --fresh) fresh=clean ;;
      --fresh=all) fresh=expunge ;;
      --base) BASE_REF="$2"; shift ;;
      --) shift; extra_args=("$@"); break ;;
      -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
}

fresh_outputs() {
  case "$fresh" in
    clean)
      section "bazel clean"
      "$BAZEL" clean
      ;;
    expunge)
      section "bazel clean --expunge (this workspace only)"
      "$BAZEL" clean --expunge
      ;;
  esac
  rm -rf "$RESULTS_DIR"
}

changed_files() {
  git fetch --quiet origin "${BASE_REF#origin/}" || true
  local base
  base="$(git merge-base HEAD "$BASE_REF")"
  {
    git diff --name-only --diff-filter=ACMRD "$base"...HEAD
    git diff --name-only
    git ls-files --others --exclude-standard
  } | sort -u
}

to_labels() {
  # file path -> Bazel source label; files outside any package are skipped
  local file pkg dir
  while IFS= read -r file; do
    [[ -n "$file" ]] || continue
    dir="$(dirname "$file")"
    pkg=""
    while [[ "$dir" != "." && "$dir" != "/" ]]; do
      if [[ -f "$dir/BUILD.bazel" || -f "$dir/BUILD" ]]; then
        pkg="$dir"
        break
      fi
      dir="$(dirname "$dir")"
    done
    if [[ -n "$pkg" ]]; then
      printf '//%s:%s\n' "$pkg" "${file#$pkg/}"
    elif [[ "$file" == MODULE.bazel || "$file" == WORKSPACE* || "$file" == .bazelrc ]]; then
      echo "__ALL__"
    fi
  done
}

affected_tests() {
  local labels="$1"
  if grep -qx "__ALL__" <<<"$labels"; then
    echo "//..."
    return
  fi
  local set
  set="$(grep -v '^$' <<<"$labels" | sed 's/.*/"&"/' | paste -sd' ' -)"
  [[ -n "$set" ]] || return 0
  "$BAZEL" query --keep_going --output=label \
    "kind('.*_test', rdeps(//..., set($set)))" 2>/dev/null || true
}

run_tests() {
  local targets_file="$1"
  local count
  count="$(wc -l < "$targets_file")"
  if (( count == 0 )); then
    echo "no affected tests"
    return 0
  fi
  if (( count > MAX_TARGETS )); then
    echo "$count targets affected; running //... instead"
    echo "//..." > "$targets_file"
  fi
  section "bazel test ($count target(s))"
  "$BAZEL" test --target_pattern_file="$targets_file" \
    --test_output=errors --test_summary=terse \
    --build_event_json_file="$RESULTS_DIR/bep.json" \
    "${extra_args[@]}" 2>&1 | tee "$RESULTS_DIR/test.log" | tail -n 60
  return "${PIPESTATUS[0]}"
}

summarize() {
  local bep="$RESULTS_DIR/bep.json"
  [[ -f "$bep" ]] || return 0
  section "summary"
  jq -r 'select(.testSummary) | "\(.testSummary.overallStatus)\t\(.id.testSummary.label)"' "$bep" \
    | sort | awk -F'\t' '{count[$1]++; if ($1 != "PASSED") print "  " $1 " " $2} END {for (s in count) print s ": " count[s]}'
}

flaky_report() {
  # tests that passed only after a retry are worth a look
  local log="$RESULTS_DIR/test.log"
  [[ -f "$log" ]] || return 0
  local flaky
  flaky="$(grep -E 'FLAKY' "$log" | awk '{print $1}' | sort -u || true)"
  if [[ -n "$flaky" ]]; then
    section "flaky"
    printf '  %s\n' $flaky
    printf '%s\n' $flaky >> "$RESULTS_DIR/flaky-history.txt"
  fi
}

disk_check() {
  local base free_gb
  base="$("$BAZEL" info output_base 2>/dev/null || echo "$HOME")"
  free_gb="$(df -Pk "$base" | awk 'NR==2 {print int($4/1048576)}')"
  if (( free_gb < 10 )); then
    echo "warning: ${free_gb} GB free under $base; consider --fresh"
  fi
}

main() {
  reexec_in_nix "$@"
  parse "$@"
  fresh_outputs
  mkdir -p "$RESULTS_DIR"
  local targets_file="$RESULTS_DIR/targets.txt"
  if (( full )); then
    echo "//..." > "$targets_file"
  else
    section "changed files since $BASE_REF"
    local files labels
    files="$(changed_files)"
    printf '%s\n' "$files" | head -n 30
    labels="$(printf '%s\n' "$files" | to_labels)"
    affected_tests "$labels" | sort -u > "$targets_file"
  fi
  local rc=0
  disk_check
  run_tests "$targets_file" || rc=$?
  summarize
  flaky_report
  exit "$rc"
}

main "$@"
