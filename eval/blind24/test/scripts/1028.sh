#!/usr/bin/env bash
# cli-golden.sh -- golden tests for the `invoicer` CLI's text output.
#
# Every directory under tests/cli/<case>/ holds:
#   cmd        arguments, one per line (no shell parsing)
#   stdin      optional input fed to the command
#   expected   the expected combined stdout+stderr
#   exit       optional expected exit status (default 0)
#
#   tests/cli-golden.sh               # run all, print diffs for failures
#   tests/cli-golden.sh --update      # rewrite expected/exit from actual output
#   tests/cli-golden.sh totals        # run cases whose name contains "totals"
set -uo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd)"
CASES_DIR="$ROOT/tests/cli"
BIN="${INVOICER_BIN:-$ROOT/target/debug/invoicer}"
UPDATE=0
FILTER=""
SCRATCH="$(mktemp -d "${TMPDIR:-/tmp}/cli-golden.XXXXXX")"
trap 'rm -rf -- "$SCRATCH"' EXIT

pass=0
fail=0
updated=0
declare -a FAILED=()

while (($#)); do
  case "$1" in
    --update|-u) UPDATE=1 ;;
    --bin) BIN="$2"; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    -*) printf 'unknown option %s\n' "$1" >&2; exit 2 ;;
    *) FILTER="$1" ;;
  esac
  shift
done

if [[ ! -x "$BIN" ]]; then
  printf 'building invoicer (cargo build)\n' >&2
  (cd "$ROOT" && cargo build --quiet) || { printf 'build failed\n' >&2; exit 2; }
fi

normalise() {
  # make output stable: strip ANSI colours, fixed temp paths, durations
  sed -E \
    -e 's/\x1b\[[0-9;]*m//g' \
    -e "s#${SCRATCH}#<TMP>#g" \
    -e 's/[0-9]+(\.[0-9]+)?ms/<N>ms/g' \
    -e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+Z/<TIMESTAMP>/g'
}

run_case() {
  local dir="$1" name args=() line out rc want_rc stdin_file
  name="$(basename "$dir")"
  [[ -f "$dir/cmd" ]] || { printf 'skip %s: no cmd file\n' "$name" >&2; return 0; }
  while IFS= read -r line || [[ -n "${line}" ]]; do
    [[ -z "$line" || "$line" == '#'* ]] && continue
    args+=("$line")
  done <"$dir/cmd"
  stdin_file="$dir/stdin"
  [[ -f "$stdin_file" ]] || stdin_file=/dev/null
  out="$SCRATCH/$name.out"
  (
    cd "$SCRATCH" || exit 99
    TZ=UTC LANG=C.UTF-8 NO_COLOR=1 INVOICER_CONFIG=/dev/null \
      "$BIN" "${args[@]}" <"$stdin_file" >"$out.raw" 2>&1
  )
  rc=$?
  normalise <"$out.raw" >"$out"
  want_rc=0
  [[ -f "$dir/exit" ]] && want_rc="$(tr -d '[:space:]' <"$dir/exit")"

  if ((UPDATE)); then
    if ! cmp -s "$out" "$dir/expected" 2>/dev/null || [[ "$rc" != "$want_rc" ]]; then
      cp "$out" "$dir/expected"
      if ((rc != 0)); then
        printf '%s\n' "$rc" >"$dir/exit"
      else
        rm -f -- "$dir/exit"
      fi
      updated=$((updated + 1))
      printf 'updated %s\n' "$name"
    fi
    return 0
  fi

  if [[ ! -f "$dir/expected" ]]; then
    printf 'FAIL %s: no expected file (run with --update)\n' "$name"
    FAILED+=("$name")
    fail=$((fail + 1))
    return 0
  fi
  if cmp -s "$out" "$dir/expected" && [[ "$rc" == "$want_rc" ]]; then
    pass=$((pass + 1))
    return 0
  fi
  fail=$((fail + 1))
  FAILED+=("$name")
  printf '\nFAIL %s (exit %s, expected %s)\n' "$name" "$rc" "$want_rc"
  diff -u --label expected --label actual "$dir/expected" "$out" | head -n 60
}

cases=()
while IFS= read -r -d '' d; do
  [[ -z "$FILTER" || "$(basename "$d")" == *"$FILTER"* ]] && cases+=("$d")
done < <(find "$CASES_DIR" -mindepth 1 -maxdepth 1 -type d -print0 | sort -z)

if ((${#cases[@]} == 0)); then
  printf 'no cases matched\n' >&2
  exit 2
fi

for d in "${cases[@]}"; do
  run_case "$d"
done

orphans() {
  # expected files whose case has no cmd file any more
  local d
  for d in "$CASES_DIR"/*/; do
    if [[ -f "$d/expected" && ! -f "$d/cmd" ]]; then
      printf 'orphan: %s\n' "$(basename "$d")"
    fi
  done
}

junit() {
  [[ -n "${JUNIT_OUT:-}" ]] || return 0
  {
    printf '<testsuite name="cli-golden" tests="%d" failures="%d">\n' "$((pass + fail))" "$fail"
    local n
    for n in "${FAILED[@]}"; do
      printf '  <testcase name="%s"><failure/></testcase>\n' "$n"
    done
    printf '</testsuite>\n'
  } >"$JUNIT_OUT"
}

new_case() {
  # scaffold tests/cli/<name>/cmd from the remaining arguments
  local name="$1" dir
  shift
  [[ "$name" =~ ^[a-z0-9_-]+$ ]] || { printf 'bad case name\n' >&2; exit 2; }
  dir="$CASES_DIR/$name"
  [[ ! -e "$dir" ]] || { printf '%s exists\n' "$dir" >&2; exit 2; }
  mkdir -p "$dir"
  printf '%s\n' "$@" >"$dir/cmd"
  printf 'created %s; run with --update %s to record output\n' "${dir#"$ROOT"/}" "$name"
}

stats() {
  local total with_stdin nonzero
  total="$(find "$CASES_DIR" -mindepth 1 -maxdepth 1 -type d | wc -l | tr -d ' ')"
  with_stdin="$(find "$CASES_DIR" -mindepth 2 -maxdepth 2 -name stdin | wc -l | tr -d ' ')"
  nonzero="$(find "$CASES_DIR" -mindepth 2 -maxdepth 2 -name exit | wc -l | tr -d ' ')"
  printf 'cases: %s (with stdin: %s, non-zero exit: %s)\n' "$total" "$with_stdin" "$nonzero"
}

if [[ -n "${NEW_CASE:-}" ]]; then
  # NEW_CASE=name tests/cli-golden.sh -- arg1 arg2 ...
  new_case "$NEW_CASE" "${NEW_ARGS[@]:-}"
  exit 0
fi

stats >&2

if ((UPDATE)); then
  printf '%d expected file(s) updated; review with git diff tests/cli\n' "$updated"
  orphans
  exit 0
fi

junit
orphans
printf '\n%d passed, %d failed\n' "$pass" "$fail"
if ((fail)); then
  printf 'failed: %s\n' "${FAILED[*]}"
  printf 'if the new output is correct: tests/cli-golden.sh --update %s\n' "${FAILED[0]}"
  exit 1
fi
