#!/usr/bin/env bash
#
# llvm-coverage.sh - source-based coverage for tessera with per-directory gates.
#
#   tools/llvm-coverage.sh                     # build, test, report
#   tools/llvm-coverage.sh --html              # also write an HTML report
#   tools/llvm-coverage.sh --upload            # send lcov to Codecov (CODECOV_TOKEN)
#
# Uses a dedicated build tree (_build/cov) so it never disturbs the normal one.
# Raw profiles are written to _build/cov/profiles and wiped at the start of
# every run.  Gates live in tools/coverage-gates.txt as "<dir> <min-percent>".

set -o errexit -o nounset -o pipefail

readonly PROG=${0##*/}
readonly TOP=$(git rev-parse --show-toplevel)
readonly B="$TOP/_build/cov"
readonly PROFILES="$B/profiles"
readonly REPORT_DIR="$TOP/_build/coverage"
readonly GATES="$TOP/tools/coverage-gates.txt"
HTML=false
UPLOAD=false

step() { printf '\n\033[1m==> %s\033[0m\n' "$*"; }
fail() { printf '%s: %s\n' "$PROG" "$*" >&2; exit 1; }

for arg in "$@"; do
  case $arg in
    --html) HTML=true ;;
    --upload) UPLOAD=true ;;
    *) fail "unknown option $arg" ;;
  esac
done

llvm_tool() {
  local name=$1 v
  for v in ${LLVM_VERSION:-} 19 18 17 ""; do
    if command -v "$name${v:+-$v}" >/dev/null; then
      printf '%s' "$name${v:+-$v}"
      return 0
    fi
  done
  fail "$name not found (set LLVM_VERSION)"
}

check_versions() {
  # llvm-profdata/llvm-cov must match the clang that instrumented the binaries,
  # otherwise the profile format is rejected with a confusing error
  local clang_major tool_major
  clang_major=$(clang --version 2>/dev/null | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -n1)
  tool_major=$("$1" --version 2>/dev/null | sed -n 's/.*LLVM version \([0-9]*\).*/\1/p' | head -n1)
  if [[ -n $clang_major && -n $tool_major && $clang_major != "$tool_major" ]]; then
    printf 'warning: clang %s but %s is LLVM %s; set LLVM_VERSION=%s\n' \
      "$clang_major" "$1" "$tool_major" "$clang_major" >&2
  fi
}

PROFDATA=$(llvm_tool llvm-profdata)
check_versions "$PROFDATA"
COV=$(llvm_tool llvm-cov)
readonly PROFDATA COV

step "configure ${B#"$TOP"/}"
CC=clang CXX=clang++ cmake -S "$TOP" -B "$B" -G Ninja \
  -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_FLAGS='-fprofile-instr-generate -fcoverage-mapping' \
  -DCMAKE_CXX_FLAGS='-fprofile-instr-generate -fcoverage-mapping' \
  -DTESSERA_TESTS=ON >/dev/null

step "build"
cmake --build "$B" --parallel "$(nproc)" 2>&1 | tail -n 5

step "test"
rm -rf -- "$PROFILES"
mkdir -p -- "$PROFILES" "$REPORT_DIR"
LLVM_PROFILE_FILE="$PROFILES/%m-%p.profraw" \
  ctest --test-dir "$B" --output-on-failure -j "$(nproc)" || printf 'ctest reported failures; continuing with coverage\n'

shopt -s nullglob
raw=("$PROFILES"/*.profraw)
shopt -u nullglob
(( ${#raw[@]} )) || fail "no .profraw files; did any test run?"

step "merge ${#raw[@]} raw profile(s)"
"$PROFDATA" merge -sparse -o "$B/tessera.profdata" "${raw[@]}"

# every test executable and shared library contributes coverage mapping
objects=()
while IFS= read -r -d '' f; do
  if file -b -- "$f" | grep -q 'ELF.*\(executable\|shared object\)'; then
    objects+=(-object "$f")
  fi
done < <(find "$B" -type f \( -name '*_test' -o -name 'unit_tests' -o -name 'libtessera*.so*' \) -print0)
(( ${#objects[@]} )) || fail "no instrumented binaries found"
first=${objects[1]}
objects=("${objects[@]:2}")

common=(-instr-profile="$B/tessera.profdata" -ignore-filename-regex='(_deps|third_party|tests)/')

step "report"
"$COV" report "$first" "${objects[@]}" "${common[@]}" | tee "$REPORT_DIR/summary.txt" | tail -n 3
"$COV" export -format=lcov "$first" "${objects[@]}" "${common[@]}" >"$REPORT_DIR/tessera.lcov"
if $HTML; then
  "$COV" show -format=html -output-dir="$REPORT_DIR/html" -show-line-counts-or-regions \
    "$first" "${objects[@]}" "${common[@]}"
  printf 'html: %s\n' "${REPORT_DIR#"$TOP"/}/html/index.html"
fi

step "per-directory gates"
declare -A found=() hit=()
current=""
while IFS= read -r line; do
  case $line in
    SF:*)
      current=${line#SF:}
      current=${current#"$TOP"/}
      current=${current%/*}
      ;;
    LF:*) found[$current]=$(( ${found[$current]:-0} + ${line#LF:} )) ;;
    LH:*) hit[$current]=$(( ${hit[$current]:-0} + ${line#LH:} )) ;;
  esac
done <"$REPORT_DIR/tessera.lcov"

status=0
if [[ -f $GATES ]]; then
  while read -r dir min; do
    [[ -z $dir || $dir == \#* ]] && continue
    total=0 covered=0
    for d in "${!found[@]}"; do
      if [[ $d == "$dir" || $d == "$dir"/* ]]; then
        total=$(( total + found[$d] ))
        covered=$(( covered + ${hit[$d]:-0} ))
      fi
    done
    (( total > 0 )) || { printf '  %-24s no data\n' "$dir"; continue; }
    pct=$(( covered * 100 / total ))
    mark=ok
    if (( pct < min )); then mark=FAIL; status=1; fi
    printf '  %-24s %3d%% (min %d%%) %s\n' "$dir" "$pct" "$min" "$mark"
  done <"$GATES"
else
  printf '  no %s; skipping gates\n' "${GATES#"$TOP"/}"
fi

step "uncovered functions in changed files"
base=$(git -C "$TOP" merge-base HEAD origin/main 2>/dev/null || true)
if [[ -n $base ]]; then
  mapfile -t changed < <(git -C "$TOP" diff --name-only "$base" -- 'src/*.cpp' 'src/*.h' 'include/*.h')
  for f in "${changed[@]}"; do
    [[ -f $TOP/$f ]] || continue
    "$COV" report "$first" "${objects[@]}" "${common[@]}" -show-functions -- "$TOP/$f" 2>/dev/null |
      awk -v f="$f" 'NR > 2 && $1 !~ /^-+$/ && $4 == "0.00%" { printf "  %s: %s\n", f, $1 }' |
      head -n 10
  done
else
  printf '  origin/main not available; skipped\n'
fi

# history for the trend line in the weekly report
hist="$REPORT_DIR/history.tsv"
total_line=$(tail -n 1 "$REPORT_DIR/summary.txt")
printf '%s\t%s\t%s\n' "$(date +%F)" "$(git -C "$TOP" rev-parse --short HEAD)" \
  "$(awk '{print $(NF-3)}' <<<"$total_line")" >>"$hist"
tail -n 100 -- "$hist" >"$hist.tmp" && mv -- "$hist.tmp" "$hist"

if $UPLOAD; then
  step "upload"
  if [[ -z ${CODECOV_TOKEN:-} ]]; then
    printf 'CODECOV_TOKEN not set; skipping upload\n'
  elif command -v codecovcli >/dev/null; then
    # the CLI reads CODECOV_TOKEN from the environment
    codecovcli upload-process -f "$REPORT_DIR/tessera.lcov" -F native \
      -C "$(git -C "$TOP" rev-parse HEAD)" || printf 'upload failed (non-fatal)\n'
  else
    printf 'codecovcli not installed; skipping upload\n'
  fi
fi

if (( status != 0 )); then
  printf '\nsome directories are below their gate; see %s\n' "${REPORT_DIR#"$TOP"/}/summary.txt"
  printf 'adjust tools/coverage-gates.txt only together with a justification in the PR\n'
fi
exit "$status"
