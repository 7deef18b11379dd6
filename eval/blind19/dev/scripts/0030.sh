#!/usr/bin/env bash
# Build/ci/package-game.sh
#
# Cook and package the Harbor project with Unreal's RunUAT for one or more
# platforms, run the automation smoke tests, and stage the archives in
# Saved/Packages. Intended for the build agent and for developers who want a
# local shipping build.
#
#   Build/ci/package-game.sh                       # Linux Development
#   Build/ci/package-game.sh -p Linux -p Win64 -c Shipping
#   Build/ci/package-game.sh --clean               # also wipe Intermediate/
#
# Environment:
#   UE_ROOT    engine checkout or install (default: ../UnrealEngine)
#   UAT_EXTRA  extra arguments passed to BuildCookRun verbatim (trusted, from CI config)
set -o errexit -o nounset -o pipefail

SCRIPT_DIR="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
PROJECT_ROOT="$(cd "$SCRIPT_DIR/../.." && pwd)"
UPROJECT="$PROJECT_ROOT/Harbor.uproject"
UE_ROOT="${UE_ROOT:-$(cd "$PROJECT_ROOT/.." && pwd)/UnrealEngine}"
RUNUAT="$UE_ROOT/Engine/Build/BatchFiles/RunUAT.sh"
EDITOR_CMD="$UE_ROOT/Engine/Binaries/Linux/UnrealEditor-Cmd"
OUT_ROOT="$PROJECT_ROOT/Saved/Packages"
LOG_ROOT="$PROJECT_ROOT/Saved/Logs/ci"

platforms=()
config="Development"
clean=0
skip_tests=0

log() { printf '%s | %s\n' "$(date +%T)" "$*"; }
die() { log "FATAL: $*" >&2; exit 2; }

usage() {
  sed -n '3,15p' "$0" | cut -c3-
}

parse() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      -p|--platform) platforms+=("$2"); shift 2 ;;
      -c|--config) config="$2"; shift 2 ;;
      --clean) clean=1; shift ;;
      --skip-tests) skip_tests=1; shift ;;
      -h|--help) usage; exit 0 ;;
      *) usage; die "unknown argument $1" ;;
    esac
  done
  if [[ ${#platforms[@]} -eq 0 ]]; then
    platforms=(Linux)
  fi
  case "$config" in
    Development|Shipping|DebugGame|Test) ;;
    *) die "bad configuration $config" ;;
  esac
}

preflight() {
  [[ -f "$UPROJECT" ]] || die "no $UPROJECT"
  [[ -x "$RUNUAT" ]] || die "RunUAT not found under $UE_ROOT (set UE_ROOT)"
  local free
  free=$(df -Pk "$PROJECT_ROOT" | awk 'NR==2{print int($4/1024/1024)}')
  (( free >= 60 )) || log "warning: only ${free} GB free, cooking may fail"
  mkdir -p "$OUT_ROOT" "$LOG_ROOT"
}

clean_intermediate() {
  log "removing Intermediate/, Binaries/ and DerivedDataCache/ of the project"
  rm -rf "$PROJECT_ROOT/Intermediate" "$PROJECT_ROOT/Binaries" "$PROJECT_ROOT/DerivedDataCache"
  local plugin
  for plugin in "$PROJECT_ROOT"/Plugins/*/; do
    rm -rf "${plugin}Intermediate" "${plugin}Binaries"
  done
}

engine_version() {
  local file="$UE_ROOT/Engine/Build/Build.version"
  if [[ -f "$file" ]]; then
    python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); print("%s.%s.%s" % (v["MajorVersion"], v["MinorVersion"], v["PatchVersion"]))' "$file"
  else
    echo unknown
  fi
}

build_cook_run() {
  local platform="$1"
  local archive_dir="$OUT_ROOT/$platform-$config"
  local log_file="$LOG_ROOT/BuildCookRun-$platform-$config.log"
  rm -rf "$archive_dir"
  local -a args=(
    BuildCookRun
    -project="$UPROJECT"
    -noP4 -utf8output -nocompileeditor -skipbuildeditor
    -platform="$platform"
    -clientconfig="$config"
    -build -cook -stage -pak -archive
    -archivedirectory="$archive_dir"
    -prereqs -nodebuginfo
  )
  if [[ "$config" == Shipping ]]; then
    args+=(-distribution)
  fi
  if [[ -n "${UAT_EXTRA:-}" ]]; then
    # CI config provides these as a single string; split on spaces on purpose
    # shellcheck disable=SC2206
    args+=($UAT_EXTRA)
  fi
  log "BuildCookRun $platform/$config"
  if ! "$RUNUAT" "${args[@]}" >"$log_file" 2>&1; then
    grep -E 'Error:|ERROR:' "$log_file" | tail -n 40 >&2 || true
    die "BuildCookRun failed for $platform (log: ${log_file#$PROJECT_ROOT/})"
  fi
  log "archived to ${archive_dir#$PROJECT_ROOT/} ($(du -sh "$archive_dir" | cut -f1))"
}

smoke_tests() {
  [[ -x "$EDITOR_CMD" ]] || { log "no UnrealEditor-Cmd, skipping automation tests"; return 0; }
  local report="$LOG_ROOT/automation"
  rm -rf "$report"
  mkdir -p "$report"
  log "running automation smoke tests"
  "$EDITOR_CMD" "$UPROJECT" \
    -ExecCmds="Automation RunTests Harbor.Smoke; Quit" \
    -unattended -nopause -nullrhi -nosplash \
    -ReportExportPath="$report" \
    -log="$LOG_ROOT/automation.log" >/dev/null 2>&1 || true
  if [[ -f "$report/index.json" ]]; then
    local failed
    failed=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1], encoding="utf-8-sig")); print(d.get("failed", 0))' "$report/index.json")
    log "automation: $failed failed"
    (( failed == 0 )) || die "smoke tests failed"
  else
    die "automation produced no report"
  fi
}

make_archive() {
  local platform="$1"
  local dir="$OUT_ROOT/$platform-$config"
  local rev
  rev="$(git -C "$PROJECT_ROOT" rev-parse --short HEAD)"
  local tarball="$OUT_ROOT/Harbor-$platform-$config-$rev.tar.zst"
  tar -C "$dir" -I 'zstd -T0 -10' -cf "$tarball" .
  sha256sum "$tarball" | tee "$tarball.sha256"
}

prune_old() {
  # keep the last three archives of each platform/config pair
  local platform
  for platform in "${platforms[@]}"; do
    ls -1t "$OUT_ROOT"/Harbor-"$platform"-"$config"-*.tar.zst 2>/dev/null | tail -n +4 | while read -r f; do
      log "pruning $(basename "$f")"
      rm -f -- "$f" "$f.sha256"
    done
  done
}

record_manifest() {
  local manifest="$OUT_ROOT/manifest.txt"
  {
    echo "commit $(git -C "$PROJECT_ROOT" rev-parse HEAD)"
    echo "engine $(engine_version)"
    echo "config $config"
    ls -1 "$OUT_ROOT"/*.tar.zst 2>/dev/null | xargs -r -n1 basename
  } > "$manifest"
  log "manifest: ${manifest#$PROJECT_ROOT/}"
}

main() {
  parse "$@"
  trap record_manifest EXIT
  preflight
  log "engine $(engine_version), project $(basename "$UPROJECT"), platforms: ${platforms[*]}"
  (( clean )) && clean_intermediate
  local platform
  for platform in "${platforms[@]}"; do
    build_cook_run "$platform"
  done
  (( skip_tests )) || smoke_tests
  for platform in "${platforms[@]}"; do
    make_archive "$platform"
  done
  prune_old
  log "all done"
}

main "$@"
