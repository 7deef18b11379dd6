#!/bin/sh
# Minimal test runner for the CLI's shell-level behaviour.
#
# Each file tests/cli/*.t contains:  args line, then expected stdout after "---".
# Runs the freshly built binary in a private scratch directory and compares.
# POSIX sh on purpose so it also runs in the alpine CI image.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
bin="$here/zig-out/bin/app"
cases_dir="$here/tests/cli"
scratch=$(mktemp -d 2>/dev/null || mktemp -d -t clitest)
pass=0
fail=0
failed_names=""

finish() {
  status=$?
  rm -rf "$scratch"
  exit "$status"
}
trap finish EXIT HUP INT TERM

if [ ! -x "$bin" ]; then
  echo "building $bin"
  (cd "$here" && zig build)
fi

run_case() {
  case_file=$1
  name=$(basename "$case_file" .t)
  work="$scratch/$name"
  mkdir -p "$work"

  args=$(sed -n '1p' "$case_file")
  sed -n '/^---$/,$p' "$case_file" | sed '1d' > "$work/expected"

  if [ -d "$cases_dir/$name.files" ]; then
    cp -R "$cases_dir/$name.files/." "$work/"
  fi

  # shellcheck disable=SC2086  # args are intentionally word-split
  (cd "$work" && HOME="$work" NO_COLOR=1 "$bin" $args > "$work/actual" 2> "$work/stderr") || true

  if cmp -s "$work/expected" "$work/actual"; then
    pass=$((pass + 1))
    printf '.'
  else
    fail=$((fail + 1))
    failed_names="$failed_names $name"
    printf 'F'
    {
      echo
      echo "=== $name: app $args"
      diff -u "$work/expected" "$work/actual" | sed 's/^/    /' | head -40
      if [ -s "$work/stderr" ]; then
        echo "    stderr:"
        sed 's/^/      /' "$work/stderr" | head -10
      fi
    } >> "$scratch/report"
  fi
}

filter=${1:-}
found=0
for f in "$cases_dir"/*.t; do
  [ -e "$f" ] || continue
  case "$(basename "$f")" in
    *"$filter"*) ;;
    *) continue ;;
  esac
  found=1
  run_case "$f"
done
echo

if [ "$found" -eq 0 ]; then
  echo "no cases match '$filter'"
  exit 2
fi

[ -f "$scratch/report" ] && cat "$scratch/report"
echo "passed: $pass  failed: $fail"
if [ "$fail" -gt 0 ]; then
  echo "failing:$failed_names"
  exit 1
fi
