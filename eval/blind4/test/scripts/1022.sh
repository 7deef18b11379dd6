#!/usr/bin/env bash
# ci/maven-verify.sh - run `mvn verify` for all modules and gather surefire and
# failsafe reports plus the JaCoCo summary into ./ci-artifacts.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
ART="$ROOT/ci-artifacts"
MVN="${MVN:-$ROOT/mvnw}"
[[ -x "$MVN" ]] || MVN=mvn

cd "$ROOT"
rm -rf "$ART"
mkdir -p "$ART/surefire" "$ART/failsafe" "$ART/jacoco"

export MAVEN_OPTS="${MAVEN_OPTS:--Xmx2g}"

set +e
"$MVN" -B -ntp -T 1C verify -Pcoverage
rc=$?
set -e

while IFS= read -r -d '' dir; do
  module="$(basename "$(dirname "$(dirname "$dir")")")"
  mkdir -p "$ART/surefire/$module"
  cp "$dir"/*.xml "$ART/surefire/$module/" 2>/dev/null || true
done < <(find . -path '*/target/surefire-reports' -type d -print0)

while IFS= read -r -d '' dir; do
  module="$(basename "$(dirname "$(dirname "$dir")")")"
  mkdir -p "$ART/failsafe/$module"
  cp "$dir"/*.xml "$ART/failsafe/$module/" 2>/dev/null || true
done < <(find . -path '*/target/failsafe-reports' -type d -print0)

while IFS= read -r -d '' csv; do
  module="$(echo "$csv" | cut -d/ -f2)"
  cp "$csv" "$ART/jacoco/$module.csv"
done < <(find . -path '*/target/site/jacoco/jacoco.csv' -print0)

tests=$(grep -ho 'tests="[0-9]*"' "$ART"/surefire/*/*.xml 2>/dev/null | grep -o '[0-9]*' | paste -sd+ - | bc || echo 0)
fails=$(grep -ho 'failures="[0-9]*"' "$ART"/surefire/*/*.xml 2>/dev/null | grep -o '[0-9]*' | paste -sd+ - | bc || echo 0)
echo "unit tests: ${tests:-0}, failures: ${fails:-0}"
echo "artifacts in ${ART#$ROOT/}"
exit "$rc"
