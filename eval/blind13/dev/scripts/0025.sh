#!/usr/bin/env bash
# Walk the tidewater monorepo and run the right test command for each package,
# based on the build file found in it. Prints a summary table at the end.
set -uo pipefail

root="$(git rev-parse --show-toplevel 2>/dev/null)" || { echo "not in a git repo" >&2; exit 1; }
cd "$root" || exit 1

declare -a names=() results=() durations=()
only=""
fail_fast=0

while [[ $# -gt 0 ]]; do
  case "$1" in
    --only) only="$2"; shift 2 ;;
    --fail-fast) fail_fast=1; shift ;;
    *) echo "unknown flag $1" >&2; exit 2 ;;
  esac
done

detect() {
  local dir="$1"
  if [[ -f "$dir/build.gradle.kts" || -f "$dir/build.gradle" ]]; then echo gradle
  elif [[ -f "$dir/pom.xml" ]]; then echo maven
  elif [[ -f "$dir/mix.exs" ]]; then echo mix
  elif [[ -f "$dir/Gemfile" ]]; then echo ruby
  elif [[ -f "$dir/composer.json" ]]; then echo php
  elif [[ -f "$dir/Package.swift" ]]; then echo swift
  elif [[ -f "$dir/deno.json" ]]; then echo deno
  elif [[ -f "$dir/package.json" ]]; then echo node
  else echo none
  fi
}

test_gradle() { ./gradlew -p "$1" test --console=plain -q; }
test_maven()  { (cd "$1" && mvn -B -q test); }
test_mix()    { (cd "$1" && mix test); }
test_ruby()   { (cd "$1" && bundle exec rspec --format progress); }
test_php()    { (cd "$1" && vendor/bin/phpunit --colors=never); }
test_swift()  { swift test --package-path "$1"; }
test_deno()   { (cd "$1" && deno test --allow-read); }
test_node()   { (cd "$1" && pnpm test --if-present); }

run_package() {
  local dir="$1" kind start rc
  kind="$(detect "$dir")"
  [[ "$kind" == none ]] && return 0
  start=$SECONDS
  printf '\n=== %s (%s) ===\n' "$dir" "$kind"
  "test_${kind}" "$dir"
  rc=$?
  names+=("$dir")
  results+=("$([[ $rc -eq 0 ]] && echo PASS || echo "FAIL($rc)")")
  durations+=("$((SECONDS - start))s")
  return "$rc"
}

summary() {
  local i failed=0
  printf '\n%-40s %-10s %s\n' PACKAGE RESULT TIME
  for i in "${!names[@]}"; do
    printf '%-40s %-10s %s\n' "${names[$i]}" "${results[$i]}" "${durations[$i]}"
    [[ "${results[$i]}" == PASS ]] || failed=$((failed + 1))
  done
  echo "$failed package(s) failed"
  return "$failed"
}

main() {
  local dir
  for dir in packages/*/ services/*/ libs/*/; do
    [[ -d "$dir" ]] || continue
    dir="${dir%/}"
    [[ -n "$only" && "$dir" != *"$only"* ]] && continue
    if ! run_package "$dir" && (( fail_fast )); then
      break
    fi
  done
  summary
}

main
