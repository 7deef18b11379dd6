#!/usr/bin/env bash
# octave-tests.sh — run the Octave test suite file by file and produce JUnit XML.
#
# Each tests/octave/test_*.m file is run in its own octave-cli process with a
# time limit, because one hanging ODE test used to block the whole job. The
# packages the suite needs are installed from the tarballs vendored in
# third_party/octave/ into a project-local prefix (build/octave-pkg), so the
# user's own ~/octave package tree is not touched.
#
#   tools/octave-tests.sh               # all tests
#   tools/octave-tests.sh signal        # only test files matching *signal*
#   KEEP_LOGS=1 tools/octave-tests.sh   # keep per-test logs even on success

set -euo pipefail

readonly ROOT="$(cd "$(dirname "$0")/.." && pwd)"
readonly TEST_DIR="${ROOT}/tests/octave"
readonly SRC_DIR="${ROOT}/src/octave"
readonly PKG_PREFIX="${ROOT}/build/octave-pkg"
readonly VENDORED="${ROOT}/third_party/octave"
readonly OUT="${ROOT}/build/octave-results"
readonly PER_TEST_TIMEOUT="${PER_TEST_TIMEOUT:-300}"
readonly FILTER="${1:-}"
readonly OCTAVE=(octave-cli --no-gui --norc --quiet --no-history)
readonly SHELL_OPTS="nullglob"

eval "shopt -s ${SHELL_OPTS}"

log() { printf '\033[1;34m::\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31mxx\033[0m %s\n' "$*" >&2; exit 1; }

WORK="$(mktemp -d "${TMPDIR:-/tmp}/octave-tests.XXXXXX")"
cleanup() {
  local rc=$?
  rm -rf -- "${WORK}"
  exit "${rc}"
}
trap cleanup EXIT

command -v octave-cli >/dev/null || die "octave-cli not installed"
command -v timeout >/dev/null || die "coreutils timeout missing"

xml_escape() {
  local s="$1"
  s="${s//&/&amp;}"
  s="${s//</&lt;}"
  s="${s//>/&gt;}"
  s="${s//\"/&quot;}"
  printf '%s' "${s}"
}

install_packages() {
  mkdir -p "${PKG_PREFIX}"
  local tarballs=("${VENDORED}"/*.tar.gz)
  if (( ${#tarballs[@]} == 0 )); then
    warn "no vendored packages in ${VENDORED}"
    return 0
  fi
  local stamp="${PKG_PREFIX}/.installed"
  local want
  want="$(sha256sum "${tarballs[@]}" | sha256sum | cut -c1-16)"
  if [[ -f "${stamp}" && "$(cat "${stamp}")" == "${want}" ]]; then
    log "packages up to date in build/octave-pkg"
    return 0
  fi
  log "installing ${#tarballs[@]} vendored package(s) into build/octave-pkg"
  local list=""
  for t in "${tarballs[@]}"; do
    list+="'${t}', "
  done
  "${OCTAVE[@]}" --eval "
    pkg prefix '${PKG_PREFIX}' '${PKG_PREFIX}';
    pkg local_list '${PKG_PREFIX}/octave_packages';
    pkg('install', '-nodeps', ${list%, });
  " > "${WORK}/pkg-install.log" 2>&1 || { cat "${WORK}/pkg-install.log"; die "package install failed"; }
  echo "${want}" > "${stamp}"
}

run_test_file() {
  local file="$1" name log rc start elapsed
  name="$(basename "${file}" .m)"
  log="${WORK}/${name}.log"
  start=$(date +%s.%N)
  set +e
  timeout --kill-after=10 "${PER_TEST_TIMEOUT}" "${OCTAVE[@]}" --eval "
    pkg local_list '${PKG_PREFIX}/octave_packages';
    pkg load signal statistics;
    addpath('${SRC_DIR}'); addpath('${TEST_DIR}');
    [n, nmax] = test('${name}', 'quiet', stdout);
    printf('RESULT %d %d\n', n, nmax);
    exit(n != nmax);
  " > "${log}" 2>&1
  rc=$?
  set -e
  elapsed=$(awk -v s="${start}" -v e="$(date +%s.%N)" 'BEGIN {printf "%.2f", e - s}')
  printf '%s\t%s\t%s\n' "${name}" "${rc}" "${elapsed}" >> "${WORK}/results.tsv"
  case "${rc}" in
    0) printf '  PASS %-40s %6ss\n' "${name}" "${elapsed}" ;;
    124|137) printf '  TIME %-40s %6ss\n' "${name}" "${elapsed}" ;;
    *) printf '  FAIL %-40s %6ss\n' "${name}" "${elapsed}" ;;
  esac
}

write_junit() {
  local xml="${OUT}/junit.xml" total failures=0 name rc elapsed
  total=$(wc -l < "${WORK}/results.tsv")
  failures=$(awk -F'\t' '$2 != 0' "${WORK}/results.tsv" | wc -l)
  {
    printf '<?xml version="1.0" encoding="UTF-8"?>\n'
    printf '<testsuite name="octave" tests="%d" failures="%d">\n' "${total}" "${failures}"
    while IFS=$'\t' read -r name rc elapsed; do
      printf '  <testcase classname="octave" name="%s" time="%s">' "$(xml_escape "${name}")" "${elapsed}"
      if [[ "${rc}" != 0 ]]; then
        local msg="exit ${rc}"
        [[ "${rc}" == 124 || "${rc}" == 137 ]] && msg="timeout after ${PER_TEST_TIMEOUT}s"
        printf '\n    <failure message="%s"><![CDATA[\n' "$(xml_escape "${msg}")"
        tail -n 60 "${WORK}/${name}.log" | sed 's/]]>/]]]]><![CDATA[>/g'
        printf ']]></failure>\n  '
      fi
      printf '</testcase>\n'
    done < "${WORK}/results.tsv"
    printf '</testsuite>\n'
  } > "${xml}.tmp"
  mv "${xml}.tmp" "${xml}"
  echo "${failures}"
}

print_slowest() {
  # the five slowest test files, to spot the ones close to the time limit
  sort -t$'\t' -k3,3 -g -r "${WORK}/results.tsv" | head -n 5 | while IFS=$'\t' read -r name rc elapsed; do
    printf '    %-40s %8ss  (rc %s)\n' "${name}" "${elapsed}" "${rc}"
  done
}

summary_json() {
  # machine-readable summary for the dashboard job that collects build/ outputs
  awk -F'\t' '
    BEGIN { printf "{\"tests\": [" }
    {
      if (NR > 1) printf ", "
      printf "{\"name\": \"%s\", \"rc\": %d, \"seconds\": %s}", $1, $2, $3
    }
    END { printf "]}\n" }' "${WORK}/results.tsv" > "${OUT}/summary.json.tmp"
  mv "${OUT}/summary.json.tmp" "${OUT}/summary.json"
}

show_versions() {
  "${OCTAVE[@]}" --eval "printf('octave %s\n', version())" 2>/dev/null || true
  if [[ -d "${PKG_PREFIX}" ]]; then
    "${OCTAVE[@]}" --eval "pkg local_list '${PKG_PREFIX}/octave_packages'; pkg list" 2>/dev/null | sed 's/^/    /' || true
  fi
}

main() {
  mkdir -p "${OUT}"
  : > "${WORK}/results.tsv"
  show_versions
  install_packages
  local files=("${TEST_DIR}"/test_*"${FILTER}"*.m)
  (( ${#files[@]} )) || die "no test files match '${FILTER}'"
  log "running ${#files[@]} test file(s), ${PER_TEST_TIMEOUT}s limit each"
  for f in "${files[@]}"; do
    run_test_file "${f}"
  done
  local failures
  failures="$(write_junit)"
  summary_json
  log "slowest:"
  print_slowest
  mkdir -p "${OUT}/logs"
  if [[ "${KEEP_LOGS:-0}" == 1 ]]; then
    cp "${WORK}"/*.log "${OUT}/logs/"
  else
    awk -F'\t' '$2 != 0 {print $1}' "${WORK}/results.tsv" | while read -r name; do
      cp "${WORK}/${name}.log" "${OUT}/logs/"
    done
  fi
  log "junit: ${OUT#"${ROOT}/"}/junit.xml (${failures} failing)"
  (( failures == 0 ))
}

main
