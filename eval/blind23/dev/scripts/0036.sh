#!/usr/bin/env bash
# coverage.sh - gcov/lcov coverage for the C library, with an HTML report and a
# diff-coverage check against the merge base.
#
#   tools/coverage.sh                  # build-gcov/, run ctest, report
#   tools/coverage.sh --open           # open the HTML report afterwards
#   tools/coverage.sh --min 80         # fail if total line coverage < 80%
#   tools/coverage.sh --diff origin/main --min-diff 90
#
# Output: build/coverage/{coverage.info,html/,summary.txt,diff.txt}
set -euo pipefail

die() { printf 'coverage: %s\n' "$*" >&2; exit 1; }
log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

ROOT="$(git rev-parse --show-toplevel)"
BUILD="$ROOT/build-gcov"
OUT="$ROOT/build/coverage"
OPEN=0
MIN=0
MIN_DIFF=0
DIFF_BASE=""
JOBS="$(nproc)"

while [[ $# -gt 0 ]]; do
  case "$1" in
    --open) OPEN=1 ;;
    --min) MIN="$2"; shift ;;
    --min-diff) MIN_DIFF="$2"; shift ;;
    --diff) DIFF_BASE="$2"; shift ;;
    -j) JOBS="$2"; shift ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

for tool in cmake ctest lcov genhtml gcov; do
  command -v "$tool" >/dev/null || die "$tool not found"
done

# lcov 2.x changed a few flags; detect once.
LCOV_MAJOR="$(lcov --version | grep -oE '[0-9]+' | head -n1)"
IGNORE=()
if (( LCOV_MAJOR >= 2 )); then
  IGNORE=(--ignore-errors mismatch,unused,inconsistent)
fi

log "configuring ${BUILD#"$ROOT"/}"
cmake -S "$ROOT" -B "$BUILD" -G Ninja \
  -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_C_FLAGS="--coverage -O0 -fno-inline" \
  -DCMAKE_CXX_FLAGS="--coverage -O0 -fno-inline" \
  -DCMAKE_EXE_LINKER_FLAGS="--coverage" \
  -DRELAY_BUILD_TESTS=ON >/dev/null

log "building"
cmake --build "$BUILD" -j "$JOBS" >/dev/null

log "resetting counters"
# stale .gcda files from a previous run would be merged into this one
find "$BUILD" -name '*.gcda' -delete
lcov --zerocounters --directory "$BUILD" --quiet "${IGNORE[@]}"

mkdir -p "$OUT"
log "baseline capture"
lcov --capture --initial --directory "$BUILD" --output-file "$OUT/base.info" \
  --quiet "${IGNORE[@]}"

log "running tests"
set +e
ctest --test-dir "$BUILD" -j "$JOBS" --output-on-failure >"$OUT/ctest.log" 2>&1
ctest_rc=$?
set -e
(( ctest_rc == 0 )) || log "ctest exited $ctest_rc (see ${OUT#"$ROOT"/}/ctest.log); reporting anyway"

log "capturing"
lcov --capture --directory "$BUILD" --output-file "$OUT/test.info" --quiet "${IGNORE[@]}"
lcov --add-tracefile "$OUT/base.info" --add-tracefile "$OUT/test.info" \
  --output-file "$OUT/total.info" --quiet "${IGNORE[@]}"
lcov --remove "$OUT/total.info" '/usr/*' '*/third_party/*' '*/tests/*' '*/_deps/*' \
  --output-file "$OUT/coverage.info" --quiet "${IGNORE[@]}"
rm -f -- "$OUT/base.info" "$OUT/test.info" "$OUT/total.info"

lcov --summary "$OUT/coverage.info" "${IGNORE[@]}" 2>&1 | tee "$OUT/summary.txt"
total="$(awk '/lines\.*:/ {gsub("%","",$2); print $2}' "$OUT/summary.txt")"

log "html report"
rm -rf -- "$OUT/html"
genhtml "$OUT/coverage.info" --output-directory "$OUT/html" --quiet \
  --title "relay $(git -C "$ROOT" describe --always --dirty)" --legend "${IGNORE[@]}"

diff_cov=""
if [[ -n "$DIFF_BASE" ]]; then
  log "diff coverage against $DIFF_BASE"
  base="$(git -C "$ROOT" merge-base HEAD "$DIFF_BASE")"
  : >"$OUT/diff.txt"
  covered=0
  coverable=0
  while IFS= read -r file; do
    [[ "$file" == *.c || "$file" == *.cc || "$file" == *.cpp ]] || continue
    abs="$ROOT/$file"
    # changed line numbers in the new version of the file
    mapfile -t lines < <(git -C "$ROOT" diff -U0 "$base" -- "$file" \
      | awk '/^@@/ { split($3, a, ","); s = substr(a[1], 2); n = (a[2] == "" ? 1 : a[2]);
                    for (i = 0; i < n; i++) print s + i }')
    (( ${#lines[@]} )) || continue
    declare -A hits=()
    while IFS=, read -r ln count; do
      hits[$ln]="$count"
    done < <(awk -v f="$abs" '$0 == "SF:" f {on=1; next} /^end_of_record/ {on=0}
                              on && /^DA:/ {sub("DA:", ""); print}' "$OUT/coverage.info")
    for ln in "${lines[@]}"; do
      [[ -n "${hits[$ln]:-}" ]] || continue
      coverable=$(( coverable + 1 ))
      if (( ${hits[$ln]} > 0 )); then
        covered=$(( covered + 1 ))
      else
        printf '%s:%s not covered\n' "$file" "$ln" >>"$OUT/diff.txt"
      fi
    done
    unset hits
  done < <(git -C "$ROOT" diff --name-only "$base")
  if (( coverable > 0 )); then
    diff_cov=$(( covered * 100 / coverable ))
    log "diff coverage: $covered/$coverable lines (${diff_cov}%)"
  else
    log "no coverable changed lines"
  fi
fi

log "per-directory summary"
# lcov tracefile -> lines found/hit per top-level source directory
awk -v root="$ROOT/" '
  /^SF:/ { f = substr($0, 4); sub(root, "", f); split(f, p, "/"); dir = p[1] "/" p[2] }
  /^LF:/ { found[dir] += substr($0, 4) }
  /^LH:/ { hit[dir] += substr($0, 4) }
  END {
    for (d in found) if (found[d] > 0) printf "%6.1f%%  %6d/%-6d  %s\n", hit[d] * 100 / found[d], hit[d], found[d], d
  }' "$OUT/coverage.info" | sort -n | tee "$OUT/by-directory.txt"

# Files with zero coverage are usually dead code or missing tests; list them.
awk -v root="$ROOT/" '
  /^SF:/ { f = substr($0, 4); sub(root, "", f) }
  /^LH:/ { if (substr($0, 4) + 0 == 0) print "  untested: " f }
' "$OUT/coverage.info" | head -n 20

# Cobertura XML for tools that want it (GitLab MR widget, IDE plugins).
if command -v lcov_cobertura >/dev/null; then
  lcov_cobertura "$OUT/coverage.info" --base-dir "$ROOT" --output "$OUT/cobertura.xml" \
    && log "cobertura: ${OUT#"$ROOT"/}/cobertura.xml"
elif python3 -c 'import lcov_cobertura' 2>/dev/null; then
  python3 -m lcov_cobertura "$OUT/coverage.info" -b "$ROOT" -o "$OUT/cobertura.xml" \
    && log "cobertura: ${OUT#"$ROOT"/}/cobertura.xml"
fi

# Badge data for the README (shields.io endpoint format, read from the repo).
if [[ -n "$total" ]]; then
  color=red
  awk -v t="$total" 'BEGIN { exit !(t >= 60) }' && color=yellow
  awk -v t="$total" 'BEGIN { exit !(t >= 80) }' && color=brightgreen
  printf '{"schemaVersion":1,"label":"coverage","message":"%s%%","color":"%s"}\n' \
    "$total" "$color" >"$OUT/badge.json"
fi

if (( OPEN )); then
  xdg-open "$OUT/html/index.html" >/dev/null 2>&1 || open "$OUT/html/index.html" || true
fi

# Keep a small history so trends show up in `git log -p build/coverage-history.csv`
# style reviews (the file lives in build/, which is git-ignored).
hist="$ROOT/build/coverage-history.csv"
[[ -f "$hist" ]] || echo "date,commit,total,diff" >"$hist"
printf '%s,%s,%s,%s\n' "$(date +%F)" "$(git -C "$ROOT" rev-parse --short HEAD)" \
  "${total:-}" "${diff_cov:-}" >>"$hist"
tail -n 5 "$hist" | column -s, -t

status=0
if [[ -n "$total" ]] && awk -v t="$total" -v m="$MIN" 'BEGIN { exit !(t < m) }'; then
  printf 'total line coverage %s%% is below %s%%\n' "$total" "$MIN" >&2
  status=1
fi
if [[ -n "$diff_cov" ]] && (( diff_cov < MIN_DIFF )); then
  printf 'diff coverage %s%% is below %s%%\n' "$diff_cov" "$MIN_DIFF" >&2
  status=1
fi
exit "$status"
