#!/usr/bin/env bash
# Summarise JVM test results after `./gradlew test` or `mvn verify`.
#
# Walks every module's build/test-results and target/surefire-reports, totals
# tests/failures/errors/skipped per module, lists failing test cases, and writes
# build/test-summary.txt. With --clean it deletes stale result dirs first so an
# old failure cannot be reported twice. Exit status 1 when anything failed.
set -uo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
OUT_DIR="$ROOT/build"
SUMMARY="$OUT_DIR/test-summary.txt"
CLEAN=0
RUN=""
MAX_FAILS=25

while getopts "cr:m:h" opt; do
  case "$opt" in
    c) CLEAN=1 ;;
    r) RUN="$OPTARG" ;;   # gradle | maven : run the tests first
    m) MAX_FAILS="$OPTARG" ;;
    h) grep '^#' "$0" | sed 's/^# \{0,1\}//' | tail -n +2; exit 0 ;;
    *) exit 2 ;;
  esac
done

cd "$ROOT"

result_dirs() {
  find . \( -name node_modules -o -name .git -o -name .gradle \) -prune -o \
    -type d \( -path '*/build/test-results/*' -o -path '*/target/surefire-reports' -o -path '*/target/failsafe-reports' \) \
    -print 2>/dev/null | sort
}

clean_results() {
  local d count=0
  while IFS= read -r d; do
    [[ -z "$d" ]] && continue
    # only result directories inside this repository
    case "$(cd "$d" && pwd)" in
      "$ROOT"/*) rm -rf -- "$d"; count=$((count + 1)) ;;
      *) echo "skipping $d (outside repo)" >&2 ;;
    esac
  done < <(result_dirs)
  echo "removed $count stale result director$( ((count == 1)) && echo y || echo ies)"
}

run_tests() {
  case "$RUN" in
    gradle) ./gradlew test --continue --console=plain 2>&1 | tail -n 60 ;;
    maven)  ./mvnw -B -ntp verify -Dmaven.test.failure.ignore=true 2>&1 | tail -n 60 ;;
    "") ;;
    *) echo "unknown runner $RUN" >&2; exit 2 ;;
  esac
}

module_of() {
  local path="${1#./}"
  case "$path" in
    */build/*) echo "${path%%/build/*}" ;;
    build/*) echo "(root)" ;;
    */target/*) echo "${path%%/target/*}" ;;
    target/*) echo "(root)" ;;
    *) echo "(root)" ;;
  esac
}

attr() {
  # attr NAME <<< '<testsuite name="x" tests="3" ...>'
  sed -n "s/.*[[:space:]]$1=\"\([^\"]*\)\".*/\1/p" | head -n 1
}

declare -A TESTS FAILS ERRS SKIPS TIMES
FAILED_CASES=()

collect() {
  local file header module t f e s tm
  while IFS= read -r -d '' file; do
    header="$(grep -m1 -o '<testsuite [^>]*>' "$file" || true)"
    [[ -z "$header" ]] && continue
    module="$(module_of "$file")"
    t="$(attr tests <<<"$header")"; f="$(attr failures <<<"$header")"
    e="$(attr errors <<<"$header")"; s="$(attr skipped <<<"$header")"
    tm="$(attr time <<<"$header")"
    TESTS[$module]=$(( ${TESTS[$module]:-0} + ${t:-0} ))
    FAILS[$module]=$(( ${FAILS[$module]:-0} + ${f:-0} ))
    ERRS[$module]=$(( ${ERRS[$module]:-0} + ${e:-0} ))
    SKIPS[$module]=$(( ${SKIPS[$module]:-0} + ${s:-0} ))
    TIMES[$module]="$(awk -v a="${TIMES[$module]:-0}" -v b="${tm:-0}" 'BEGIN { printf "%.2f", a + b }')"
    if [[ "${f:-0}" != 0 || "${e:-0}" != 0 ]]; then
      while IFS= read -r line; do
        FAILED_CASES+=("$module: $line")
      done < <(awk '
        /<testcase / { match($0, /classname="[^"]*"/); cls = substr($0, RSTART + 11, RLENGTH - 12);
                       match($0, / name="[^"]*"/); nm = substr($0, RSTART + 7, RLENGTH - 8) }
        /<failure|<error/ { print cls "." nm }
      ' "$file")
    fi
  done < <(find . \( -name node_modules -o -name .git \) -prune -o -type f -name 'TEST-*.xml' -print0)
}

report() {
  local module total_t=0 total_f=0 total_e=0 total_s=0
  printf '%-40s %7s %7s %7s %7s %9s\n' module tests failed errors skipped time
  printf '%.0s-' {1..82}; echo
  for module in $(printf '%s\n' "${!TESTS[@]}" | sort); do
    printf '%-40s %7d %7d %7d %7d %8ss\n' "$module" "${TESTS[$module]}" "${FAILS[$module]}" \
      "${ERRS[$module]}" "${SKIPS[$module]}" "${TIMES[$module]}"
    total_t=$((total_t + TESTS[$module])); total_f=$((total_f + FAILS[$module]))
    total_e=$((total_e + ERRS[$module])); total_s=$((total_s + SKIPS[$module]))
  done
  printf '%.0s-' {1..82}; echo
  printf '%-40s %7d %7d %7d %7d\n' total "$total_t" "$total_f" "$total_e" "$total_s"
  if ((${#FAILED_CASES[@]})); then
    echo
    echo "failing tests:"
    printf '  %s\n' "${FAILED_CASES[@]:0:$MAX_FAILS}"
    if ((${#FAILED_CASES[@]} > MAX_FAILS)); then
      echo "  ... and $(( ${#FAILED_CASES[@]} - MAX_FAILS )) more"
    fi
  fi
  return $(( total_f + total_e > 0 ? 1 : 0 ))
}

FLAKY_DB="$OUT_DIR/.flaky-history"

# Remember failing test names across runs (kept in build/, so `./gradlew clean`
# resets it) and point out tests that failed before but pass now.
track_flaky() {
  mkdir -p "$OUT_DIR"
  touch "$FLAKY_DB"
  local now_failing tmp
  tmp="$(mktemp "${TMPDIR:-/tmp}/flaky.XXXXXX")"
  trap 'rm -f "$tmp"' RETURN
  printf '%s\n' "${FAILED_CASES[@]:-}" | sed '/^$/d' | sort -u > "$tmp"
  now_failing="$(wc -l < "$tmp" | tr -d ' ')"
  local recovered
  recovered="$(comm -23 <(sort -u "$FLAKY_DB") "$tmp" || true)"
  if [[ -n "$recovered" ]]; then
    echo
    echo "previously failing, now passing (possible flakes):"
    sed 's/^/  /' <<<"$recovered" | head -n 20
  fi
  cp "$tmp" "$FLAKY_DB"
  echo "tracked $now_failing failing test(s) for next run"
}

slowest_suites() {
  local n="${1:-5}"
  echo
  echo "slowest suites:"
  find . \( -name node_modules -o -name .git \) -prune -o -type f -name 'TEST-*.xml' -print0 |
    xargs -0 -r grep -h -m1 -o '<testsuite [^>]*>' |
    awk '{
      match($0, / name="[^"]*"/); nm = substr($0, RSTART + 7, RLENGTH - 8);
      match($0, / time="[^"]*"/); tm = substr($0, RSTART + 7, RLENGTH - 8);
      printf "%10.2fs  %s\n", tm, nm
    }' | sort -rn | head -n "$n"
}

github_summary() {
  [[ -n "${GITHUB_STEP_SUMMARY:-}" ]] || return 0
  {
    echo '### JVM tests'
    echo '```'
    cat "$SUMMARY"
    echo '```'
  } >> "$GITHUB_STEP_SUMMARY"
}

main() {
  ((CLEAN)) && clean_results
  run_tests
  collect
  if ((${#TESTS[@]} == 0)); then
    echo "no TEST-*.xml files found under $ROOT" >&2
    exit 2
  fi
  mkdir -p "$OUT_DIR"
  report | tee "$SUMMARY"
  local rc=${PIPESTATUS[0]}
  track_flaky
  slowest_suites 5
  github_summary
  echo "summary written to ${SUMMARY#"$ROOT"/}"
  exit "$rc"
}

main
