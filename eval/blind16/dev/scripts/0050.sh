#!/usr/bin/env bash
# Automated git bisect for a failing test, with a readable report.
#
#   tools/bisect_test.sh --good v2.3.0 [--bad HEAD] -- pytest -x tests/test_tokenizer.py::test_unicode
#
# Runs `git bisect start/run` with the given test command in a dedicated
# worktree under .worktrees/bisect (so the developer's checkout and any
# uncommitted work stay untouched), writes the first bad commit and the log to
# ./build/bisect/, then resets the bisect and removes the worktree it created.
# Exit codes of the test command follow git bisect run: 0 good, 125 skip,
# anything else bad. Build failures can be mapped to "skip" with --skip-on-build-error.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel)"
WT="$REPO/.worktrees/bisect"
OUT="$REPO/build/bisect"
good=""
bad="HEAD"
skip_build=0
setup_cmd=""

usage() { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
  case "$1" in
    --good) good="$2"; shift 2 ;;
    --bad) bad="$2"; shift 2 ;;
    --skip-on-build-error) skip_build=1; shift ;;
    --setup) setup_cmd="$2"; shift 2 ;;
    -h|--help) usage 0 ;;
    --) shift; break ;;
    *) echo "unknown option $1" >&2; usage 2 ;;
  esac
done
test_cmd=("$@")

[[ -n "$good" ]] || { echo "--good is required" >&2; usage 2; }
(( ${#test_cmd[@]} )) || { echo "give the test command after --" >&2; usage 2; }
git -C "$REPO" rev-parse --verify --quiet "$good^{commit}" >/dev/null || { echo "unknown ref $good" >&2; exit 1; }
git -C "$REPO" rev-parse --verify --quiet "$bad^{commit}" >/dev/null || { echo "unknown ref $bad" >&2; exit 1; }
[[ ! -e "$WT" ]] || { echo "$WT exists; a previous bisect may still be running" >&2; exit 1; }

mkdir -p "$OUT"
RUNNER="$OUT/run-step.sh"

cleanup() {
  local rc=$?
  if [[ -d "$WT" ]]; then
    git -C "$WT" bisect reset >/dev/null 2>&1 || true
    git -C "$REPO" worktree remove --force "$WT" >/dev/null 2>&1 || true
  fi
  rm -f "$RUNNER"
  exit "$rc"
}
trap cleanup EXIT INT TERM

write_runner() {
  # The step script runs inside the bisect worktree for every candidate commit.
  {
    echo '#!/usr/bin/env bash'
    echo 'set -uo pipefail'
    if [[ -n "$setup_cmd" ]]; then
      printf 'if ! %s >/dev/null 2>&1; then\n' "$setup_cmd"
      if (( skip_build )); then
        echo '  exit 125'
      else
        echo '  exit 1'
      fi
      echo 'fi'
    fi
    printf '%q ' "${test_cmd[@]}"
    echo
    echo 'rc=$?'
    echo '(( rc > 127 )) && exit 1'
    echo 'exit $rc'
  } >"$RUNNER"
  chmod +x "$RUNNER"
}

commits_between() {
  git -C "$REPO" rev-list --count "$good..$bad"
}

summarize_log() {
  # Turn `git bisect log` into a table of tested commits and their verdicts.
  local replay="$1" verdict sha subject
  echo "tested commits:"
  grep -E '^git bisect (good|bad|skip) ' "$replay" | while read -r _ _ verdict sha; do
    subject="$(git -C "$REPO" log -1 --format='%s' "$sha" 2>/dev/null | cut -c1-60)"
    printf '  %-5s %s %s\n' "$verdict" "${sha:0:10}" "$subject"
  done
}

files_in_first_bad() {
  # Narrow the suspect: which files of the first bad commit match the test's area?
  local first="$1" area
  area="$(printf '%s\n' "${test_cmd[@]}" | grep -oE '^tests/[^:]+' | head -n1 | sed -E 's#^tests/(test_)?##; s#\.py$##')"
  echo "files changed in ${first:0:10}:"
  git -C "$REPO" diff-tree --no-commit-id --name-status -r "$first" | while read -r st path; do
    if [[ -n "$area" && "$path" == *"$area"* ]]; then
      printf '  %s %s   <-- matches test area "%s"\n' "$st" "$path" "$area"
    else
      printf '  %s %s\n' "$st" "$path"
    fi
  done
}

verify_endpoints() {
  # A bisect is only meaningful if "good" passes and "bad" fails; check both first.
  local ref rc
  for ref in "$good" "$bad"; do
    git -C "$WT" checkout --quiet --detach "$ref"
    (cd "$WT" && "$RUNNER" >/dev/null 2>&1) && rc=0 || rc=$?
    case "$ref:$rc" in
      "$good:0") echo "  $ref passes (good, as expected)" ;;
      "$bad:0") echo "  $ref passes too; nothing to bisect" >&2; return 1 ;;
      "$good:"*) echo "  $ref fails (exit $rc); pick an older good ref" >&2; return 1 ;;
      *) echo "  $ref fails (exit $rc, bad, as expected)" ;;
    esac
  done
}

main() {
  local n steps
  n="$(commits_between)"
  steps="$(awk -v n="$n" 'BEGIN { s = 0; while (n > 1) { n = n / 2; s++ } print s }')"
  echo "bisecting $n commits between $good and $bad (~$steps steps)"
  git -C "$REPO" worktree add --detach "$WT" "$bad" >/dev/null
  write_runner
  verify_endpoints
  cd "$WT"
  git bisect start "$bad" "$good" >/dev/null
  git bisect run "$RUNNER" 2>&1 | tee "$OUT/bisect.log" | grep -E 'is the first bad commit|^running|^Bisecting' || true
  git bisect log >"$OUT/bisect-replay.txt"
  local first
  first="$(grep -m1 -oE '^[0-9a-f]{40} is the first bad commit' "$OUT/bisect.log" | cut -d' ' -f1 || true)"
  if [[ -z "$first" ]]; then
    echo "bisect did not converge; see ${OUT#"$REPO"/}/bisect.log"
    return 1
  fi
  git -C "$REPO" show --stat --format='%H%n%an <%ae>%n%ad%n%n%s%n%n%b' "$first" >"$OUT/first-bad.txt"
  echo
  echo "first bad commit:"
  sed -n '1,6p' "$OUT/first-bad.txt" | sed 's/^/  /'
  echo
  summarize_log "$OUT/bisect-replay.txt"
  echo
  files_in_first_bad "$first"
  echo
  echo "full report: ${OUT#"$REPO"/}/first-bad.txt"
  echo "replay with: git bisect replay ${OUT#"$REPO"/}/bisect-replay.txt"
}

main
