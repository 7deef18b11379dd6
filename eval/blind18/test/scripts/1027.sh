#!/usr/bin/env bash
# flaky-rerun.sh - rerun failed Maven/Surefire tests to separate flakes from real failures.
#
# 1. reads target/surefire-reports/*.xml of every module after a `mvn verify`
# 2. reruns only the failed test methods (-Dtest=Class#method) up to N times
# 3. writes target/flaky-report.md listing tests that passed on rerun (flaky)
#    and tests that failed every time (real failures)
# Exit status is 1 only when real failures remain.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
RERUNS="${RERUNS:-2}"
REPORT="$ROOT/target/flaky-report.md"
MVN="$ROOT/mvnw"
[[ -x "$MVN" ]] || MVN=mvn

declare -A FAILED_BY_MODULE=()
declare -a FLAKY=() REAL=()

usage() {
  sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//'
}

while getopts "n:h" opt; do
  case "$opt" in
    n) RERUNS="$OPTARG" ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

failed_tests_in() {
  # prints Class#method for failing/erroring testcases in one report file
  awk '
    /<testcase / {
      cls = $0; sub(/.*classname="/, "", cls); sub(/".*/, "", cls)
      nm = $0; sub(/.* name="/, "", nm); sub(/".*/, "", nm)
    }
    /<(failure|error)[ >]/ { print cls "#" nm }
  ' "$1"
}

collect() {
  local report module rel
  while IFS= read -r -d '' report; do
    rel="${report#"$ROOT"/}"
    module="${rel%%/target/*}"
    [[ "$module" == "$rel" || "$module" == target ]] && module="."
    while IFS= read -r t; do
      [[ -n "$t" ]] || continue
      FAILED_BY_MODULE[$module]+="$t,"
    done < <(failed_tests_in "$report")
  done < <(find "$ROOT" -path '*/target/surefire-reports/TEST-*.xml' -print0)
}

rerun_module() {
  local module="$1" tests="${2%,}" attempt
  local -a remaining
  IFS=',' read -r -a remaining <<<"$tests"
  for attempt in $(seq 1 "$RERUNS"); do
    ((${#remaining[@]})) || break
    echo "--- $module: rerun $attempt of ${#remaining[@]} test(s)"
    local selector
    selector="$(IFS=','; echo "${remaining[*]}")"
    (cd "$ROOT" && "$MVN" -q -B -pl "$module" surefire:test \
        -Dtest="$selector" -Dsurefire.failIfNoSpecifiedTests=false \
        -DtrimStackTrace=true >/dev/null 2>&1) || true
    local -a still=()
    local t report
    for t in "${remaining[@]}"; do
      report="$ROOT/$module/target/surefire-reports/TEST-${t%%#*}.xml"
      if [[ -f "$report" ]] && failed_tests_in "$report" | grep -qxF "$t"; then
        still+=("$t")
      else
        FLAKY+=("$module: $t (passed on rerun $attempt)")
      fi
    done
    remaining=("${still[@]}")
  done
  local t
  for t in "${remaining[@]}"; do
    REAL+=("$module: $t")
  done
}

write_report() {
  mkdir -p "$(dirname "$REPORT")"
  {
    echo "# Test rerun report ($(date -u +%FT%TZ))"
    echo
    echo "## Flaky (${#FLAKY[@]})"
    echo
    if ((${#FLAKY[@]})); then printf -- '- %s\n' "${FLAKY[@]}"; else echo "_none_"; fi
    echo
    echo "## Real failures (${#REAL[@]})"
    echo
    if ((${#REAL[@]})); then printf -- '- %s\n' "${REAL[@]}"; else echo "_none_"; fi
  } > "$REPORT"
  cat "$REPORT"
}

record_history() {
  # append flaky names to a history file in target/ so repeated offenders stand out
  local hist="$ROOT/target/flaky-history.txt" line
  for line in "${FLAKY[@]}"; do
    echo "$(date +%F) ${line% (passed*}" >> "$hist"
  done
  if [[ -f "$hist" ]]; then
    echo
    echo "most frequent flakes so far:"
    cut -d' ' -f2- "$hist" | sort | uniq -c | sort -rn | head -n 5
  fi
}

github_annotations() {
  [[ -n "${GITHUB_ACTIONS:-}" ]] || return 0
  local line
  for line in "${FLAKY[@]}"; do
    echo "::warning title=Flaky test::$line"
  done
  for line in "${REAL[@]}"; do
    echo "::error title=Test failure::$line"
  done
}

quarantine_file() {
  # tests listed here are known-flaky and tracked in issues; they are rerun
  # but never counted as real failures
  echo "$ROOT/.github/flaky-quarantine.txt"
}

apply_quarantine() {
  local file
  file="$(quarantine_file)"
  [[ -f "$file" ]] || return 0
  local -a kept=() line
  local t
  for t in "${REAL[@]}"; do
    if grep -qxF "${t#*: }" "$file"; then
      FLAKY+=("$t (quarantined)")
    else
      kept+=("$t")
    fi
  done
  REAL=("${kept[@]}")
}

print_timing() {
  # the slowest test classes of the last run, from the surefire summaries
  echo
  echo "slowest test classes:"
  find "$ROOT" -path '*/target/surefire-reports/TEST-*.xml' -print0 |
    xargs -0 -r grep -h -m 1 -o '<testsuite [^>]*>' |
    sed -E 's/.* name="([^"]*)".* time="([^"]*)".*/\2 \1/' |
    sort -rn | head -n 5 |
    awk '{ printf "  %8.2fs  %s\n", $1, $2 }'
}

ensure_reports_exist() {
  if ! find "$ROOT" -path '*/target/surefire-reports/TEST-*.xml' -print -quit | grep -q .; then
    echo "no surefire reports found; run '$MVN verify' first" >&2
    exit 2
  fi
}

main() {
  ensure_reports_exist
  collect
  if ((${#FAILED_BY_MODULE[@]} == 0)); then
    echo "no failed tests in surefire reports"
    exit 0
  fi
  local module
  for module in "${!FAILED_BY_MODULE[@]}"; do
    rerun_module "$module" "${FAILED_BY_MODULE[$module]}"
  done
  apply_quarantine
  write_report
  print_timing
  record_history
  github_annotations
  ((${#REAL[@]} == 0))
}

main
