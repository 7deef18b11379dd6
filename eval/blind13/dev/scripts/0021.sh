#!/usr/bin/env bash
# Build the orbit Android app and the shared Kotlin library from a clean state.
# Deletes ./build and ./app/build only after proving we are in the orbit checkout.
set -euo pipefail

readonly here="$(pwd -P)"
readonly marker_files=(settings.gradle.kts gradlew app/build.gradle.kts)
readonly disposable=(build app/build shared/build .kotlin)
variant="debug"
run_tests=1
verbose=0

log() { printf '[build %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  cat <<USAGE
usage: $(basename "$0") [-r] [-T] [-v]
  -r  build the release variant
  -T  skip unit tests
  -v  verbose gradle output
USAGE
}

while getopts ":rTvh" opt; do
  case "$opt" in
    r) variant="release" ;;
    T) run_tests=0 ;;
    v) verbose=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

assert_project_root() {
  local f
  for f in "${marker_files[@]}"; do
    [[ -e "$here/$f" ]] || die "missing $f; run from the orbit repo root"
  done
  grep -q 'rootProject.name = "orbit"' "$here/settings.gradle.kts" \
    || die "settings.gradle.kts is not the orbit project"
}

clean_outputs() {
  local d target
  for d in "${disposable[@]}"; do
    target="$here/$d"
    # never follow a symlink out of the checkout
    if [[ -L "$target" ]]; then
      log "skipping symlink $d"
      continue
    fi
    if [[ -d "$target" ]]; then
      case "$(cd "$target" && pwd -P)" in
        "$here"/*) rm -rf -- "$target"; log "removed $d" ;;
        *) die "$d resolves outside the project" ;;
      esac
    fi
  done
}

gradle() {
  local args=(--console=plain)
  (( verbose )) && args+=(--info)
  ./gradlew "${args[@]}" "$@"
}

cleanup_on_exit() {
  local rc=$?
  (( rc == 0 )) && log "done" || log "failed with $rc"
  ./gradlew --stop >/dev/null 2>&1 || true
}
trap cleanup_on_exit EXIT

main() {
  assert_project_root
  clean_outputs
  local cap="${variant^}"
  if (( run_tests )); then
    gradle ":shared:test" ":app:test${cap}UnitTest"
  fi
  gradle ":app:assemble${cap}"
  local apk
  apk="$(find app/build/outputs/apk -name '*.apk' | head -n 1)"
  [[ -n "$apk" ]] || die "no apk produced"
  log "artifact: $apk ($(du -h "$apk" | cut -f1))"
  sha256sum "$apk" > "$apk.sha256"
}

main "$@"
