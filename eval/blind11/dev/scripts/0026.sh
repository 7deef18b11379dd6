#!/usr/bin/env bash
# scripts/each-package.sh - run a verb (test|lint|build) in every package of
# the polyglot monorepo, choosing the right toolchain per package.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
VERB="${1:-test}"
shift || true
ONLY=("$@")
RESULTS=()
STATUS=0

tool_for() {
  local dir="$1"
  if [[ -f "$dir/mix.exs" ]]; then echo mix
  elif [[ -f "$dir/Gemfile" ]]; then echo ruby
  elif [[ -f "$dir/composer.json" ]]; then echo php
  elif [[ -f "$dir/build.gradle.kts" || -f "$dir/build.gradle" ]]; then echo gradle
  elif [[ -f "$dir/Package.swift" ]]; then echo swift
  elif compgen -G "$dir/*.csproj" >/dev/null; then echo dotnet
  else echo none
  fi
}

argv_for() {
  local tool="$1" verb="$2"
  case "$tool:$verb" in
    mix:test) echo "mix test" ;;
    mix:lint) echo "mix credo --strict" ;;
    mix:build) echo "mix compile --warnings-as-errors" ;;
    ruby:test) echo "bundle exec rspec" ;;
    ruby:lint) echo "bundle exec rubocop" ;;
    ruby:build) echo "bundle exec rake build" ;;
    php:test) echo "vendor/bin/phpunit" ;;
    php:lint) echo "vendor/bin/phpstan analyse" ;;
    php:build) echo "composer dump-autoload -o" ;;
    gradle:test) echo "./gradlew test" ;;
    gradle:lint) echo "./gradlew ktlintCheck" ;;
    gradle:build) echo "./gradlew assemble" ;;
    swift:test) echo "swift test" ;;
    swift:lint) echo "swiftlint lint" ;;
    swift:build) echo "swift build" ;;
    dotnet:test) echo "dotnet test --nologo" ;;
    dotnet:lint) echo "dotnet format --verify-no-changes" ;;
    dotnet:build) echo "dotnet build --nologo" ;;
    *) echo "" ;;
  esac
}

selected() {
  local name="$1"
  [[ ${#ONLY[@]} -eq 0 ]] && return 0
  local o
  for o in "${ONLY[@]}"; do [[ "$o" == "$name" ]] && return 0; done
  return 1
}

run_pkg() {
  local dir="$1" name tool cmd
  name="$(basename "$dir")"
  selected "$name" || return 0
  tool="$(tool_for "$dir")"
  cmd="$(argv_for "$tool" "$VERB")"
  if [[ -z "$cmd" ]]; then
    RESULTS+=("$name: skipped ($tool)")
    return 0
  fi
  echo "==> $name ($tool): $cmd"
  local start=$SECONDS
  # shellcheck disable=SC2086
  if (cd "$dir" && $cmd); then
    RESULTS+=("$name: ok in $((SECONDS - start))s")
  else
    RESULTS+=("$name: FAILED")
    STATUS=1
  fi
}

case "$VERB" in
  test|lint|build) ;;
  *) echo "unknown verb $VERB (test|lint|build)" >&2; exit 2 ;;
esac

for pkg in "$ROOT"/packages/*/; do
  run_pkg "${pkg%/}"
done

echo
printf '%s\n' "${RESULTS[@]}"
exit "$STATUS"
