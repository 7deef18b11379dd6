#!/usr/bin/env bash
# test-syscalls.sh - record which files and programs the integration test
# suite touches, using the bcc tools, to catch tests that write outside the
# sandbox or shell out unexpectedly.
#
#   scripts/test-syscalls.sh                 # run `make test-integration` under tracing
#   scripts/test-syscalls.sh -- pytest -k s3 # any test command after --
#
# execsnoop-bpfcc and opensnoop-bpfcc need root; they are started with sudo,
# filtered to the process tree of the test command this script launches (via
# a cgroup created for the run), and stopped when the test command exits.
# Results go to build/syscalls/<stamp>/ and are summarised at the end.

set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
STAMP="$(date +%Y%m%d-%H%M%S)"
OUT="$REPO/build/syscalls/$STAMP"
CGROUP_NAME="test-syscalls-$$"
CGROUP="/sys/fs/cgroup/$CGROUP_NAME"
TRACERS=()

msg() { printf '[syscalls] %s\n' "$*" >&2; }
abort() { msg "$*"; exit 1; }

show_help() {
  cat <<'EOF'
test-syscalls.sh [-- TEST COMMAND...]

Runs the test command inside a fresh cgroup v2 group and traces, for that
group only:
  execsnoop-bpfcc   every exec (program, arguments, return value)
  opensnoop-bpfcc   every open/openat (path, flags, result)

Both tools run as root through sudo and are stopped with SIGINT when the
test command finishes.  The cgroup is removed again afterwards.

Output folder: build/syscalls/<timestamp>/
  exec.txt       raw execsnoop output
  open.txt       raw opensnoop output
  test.log       stdout/stderr of the test command
  summary.txt    top programs, writes outside the repo and /tmp, failed opens

Typical findings
  * tests writing to ~/.cache or ~/.config instead of a tmp dir
  * tests calling curl/ssh (network access the suite should mock)
  * fixtures loaded from absolute paths that only exist on one laptop

The last ten runs are kept; older timestamped folders are removed.
EOF
}

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  show_help
  exit 0
fi

if [[ "${1:-}" == "--" ]]; then shift; fi
if (($#)); then
  TEST_CMD=("$@")
else
  TEST_CMD=(make -C "$REPO" test-integration)
fi

for tool in execsnoop-bpfcc opensnoop-bpfcc; do
  command -v "$tool" >/dev/null || abort "$tool missing (apt install bpfcc-tools)"
done
[[ -d /sys/fs/cgroup/cgroup.procs || -f /sys/fs/cgroup/cgroup.procs ]] || abort "cgroup v2 required"
sudo -v || abort "sudo needed for the bcc tools"

mkdir -p "$OUT"

teardown() {
  local rc=$? pid
  for pid in "${TRACERS[@]}"; do
    sudo -n kill -INT "$pid" 2>/dev/null || true
  done
  for pid in "${TRACERS[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  if [[ -d "$CGROUP" ]]; then
    # move ourselves out and remove the (now empty) cgroup we created
    echo $$ | sudo -n tee /sys/fs/cgroup/cgroup.procs >/dev/null 2>&1 || true
    sudo -n rmdir "$CGROUP" 2>/dev/null || msg "cgroup $CGROUP_NAME not removed (still busy?)"
  fi
  exit "$rc"
}
trap teardown EXIT
trap 'exit 130' INT TERM

msg "creating cgroup $CGROUP_NAME for the test run"
sudo mkdir "$CGROUP"
sudo chown "$(id -u):$(id -g)" "$CGROUP/cgroup.procs"

start_tracer() {
  local name="$1"; shift
  sudo "$@" > "$OUT/$name.txt" 2> "$OUT/$name.err" &
  TRACERS+=("$!")
}

start_tracer exec execsnoop-bpfcc -T -x --cgroupmap "$CGROUP"
start_tracer open opensnoop-bpfcc -T -F --cgroupmap "$CGROUP"
sleep 2

msg "running: ${TEST_CMD[*]}"
set +e
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$CGROUP" "${TEST_CMD[@]}" \
  > "$OUT/test.log" 2>&1
TEST_RC=$?
set -e
msg "test command exited $TEST_RC"
sleep 1

# --- summary --------------------------------------------------------------------
summary="$OUT/summary.txt"
{
  echo "# programs executed (count)"
  awk 'NR > 1 {print $4}' "$OUT/exec.txt" | sort | uniq -c | sort -rn | head -n 25
  echo
  echo "# files opened for writing outside the repo and /tmp"
  awk -v repo="$REPO" 'NR > 1 && $0 ~ /O_WRONLY|O_RDWR|O_CREAT/ {
      path = $NF
      if (index(path, repo) != 1 && path !~ /^\/tmp\// && path !~ /^\/dev\//) print path
    }' "$OUT/open.txt" | sort -u | head -n 50
  echo
  echo "# failed opens (ENOENT etc.), top 20"
  awk 'NR > 1 && $5 < 0 {print $NF}' "$OUT/open.txt" | sort | uniq -c | sort -rn | head -n 20
} > "$summary"

cat "$summary"

# Machine-readable version of the summary for the CI annotation step.
{
  printf '{"stamp":"%s","test_rc":%d,' "$STAMP" "$TEST_RC"
  printf '"execs":%d,' "$(awk 'NR > 1' "$OUT/exec.txt" | wc -l)"
  printf '"opens":%d,' "$(awk 'NR > 1' "$OUT/open.txt" | wc -l)"
  printf '"outside_writes":['
  awk -v repo="$REPO" 'NR > 1 && $0 ~ /O_WRONLY|O_RDWR|O_CREAT/ {
      path = $NF
      if (index(path, repo) != 1 && path !~ /^\/tmp\// && path !~ /^\/dev\//) print path
    }' "$OUT/open.txt" | sort -u | head -n 50 | sed 's/.*/"&"/' | paste -sd, -
  printf ']}\n'
} > "$OUT/summary.json"

# Exec counts per test module, using the PYTEST_CURRENT_TEST marker the suite
# logs; helps finding the test that shells out.
if grep -q 'PYTEST_CURRENT_TEST' "$OUT/test.log" 2>/dev/null; then
  msg "tests with the most child processes:"
  grep -oE 'PYTEST_CURRENT_TEST=[^ ]+' "$OUT/test.log" | sort | uniq -c | sort -rn | head -n 10 >&2
fi

# Network tools in the exec list are worth a second look in review.
if grep -qE '\b(curl|wget|nc|ssh|scp)\b' <(awk 'NR > 1 {print $4}' "$OUT/exec.txt"); then
  msg "note: the test run executed network tools; see exec.txt"
fi

# Compare with the previous run so new behaviour stands out in review.
prev="$(ls -1d "$REPO"/build/syscalls/*/ 2>/dev/null | grep -v "$STAMP" | tail -n1 || true)"
if [[ -n "$prev" && -f "$prev/summary.txt" ]]; then
  msg "new lines compared with $(basename "$prev"):"
  comm -13 <(sort "$prev/summary.txt") <(sort "$summary") | head -n 30 >&2 || true
fi

# Keep only the last ten runs' output (our own timestamped folders).
ls -1d "$REPO"/build/syscalls/2*/ 2>/dev/null | head -n -10 | while read -r old; do
  rm -rf -- "$old"
done

# Allow-list check: writes outside the repo are fine only for paths the test
# suite documents in tests/allowed-writes.txt (one glob per line).
allow="$REPO/tests/allowed-writes.txt"
if [[ -f "$allow" ]]; then
  unexpected=0
  while IFS= read -r path; do
    matched=0
    while IFS= read -r glob; do
      [[ -z "$glob" || "$glob" == \#* ]] && continue
      # shellcheck disable=SC2053
      [[ "$path" == $glob ]] && { matched=1; break; }
    done < "$allow"
    (( matched )) || { msg "unexpected write: $path"; unexpected=$((unexpected + 1)); }
  done < <(jq -r '.outside_writes[]?' "$OUT/summary.json" 2>/dev/null)
  (( unexpected == 0 )) || msg "$unexpected write(s) not covered by tests/allowed-writes.txt"
fi

msg "details in ${OUT#"$REPO"/}"
exit "$TEST_RC"
