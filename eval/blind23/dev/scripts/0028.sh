#!/usr/bin/env bash
# clean-caches.sh - report and reclaim disk space used by this project's build caches.
#
# Default: dry run. Nothing is deleted unless --apply is passed.
#
# Project targets (always relative to the repository root):
#   build/ build-*/ dist/ target/ node_modules/.cache .pytest_cache coverage/
# Tool caches (only with --tool NAME, cleared via the tool's own command):
#   ccache   -> ccache -C            npm   -> npm cache clean --force
#   pip      -> pip cache purge      go    -> go clean -cache -testcache
#   docker   -> docker builder prune --filter until=<age> (build cache only)
#
# Examples:
#   tools/clean-caches.sh                    # show sizes
#   tools/clean-caches.sh --apply            # delete project targets
#   tools/clean-caches.sh --tool ccache --tool docker --apply
set -euo pipefail

die() { echo "clean-caches: $*" >&2; exit 1; }
log() { echo "clean-caches: $*"; }

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || true)"
[[ -n "$ROOT" ]] || die "not inside a git repository"
cd "$ROOT"

APPLY=0
DOCKER_AGE="72h"
declare -a TOOLS=()
PROJECT_TARGETS=(build 'build-*' dist target node_modules/.cache .pytest_cache .mypy_cache coverage)

while [[ $# -gt 0 ]]; do
  case "$1" in
    --apply) APPLY=1 ;;
    --tool) shift; TOOLS+=("${1:?--tool needs a name}") ;;
    --docker-age) shift; DOCKER_AGE="${1:?}" ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) die "unknown argument: $1" ;;
  esac
  shift
done

human() {
  numfmt --to=iec --suffix=B "${1:-0}" 2>/dev/null || echo "${1}B"
}

size_of() {
  du -sb -- "$1" 2>/dev/null | cut -f1
}

# A target is only eligible if its real path is strictly inside the repo.
safe_target() {
  local real
  real="$(realpath -e -- "$1" 2>/dev/null)" || return 1
  [[ "$real" != "$ROOT" && "$real" == "$ROOT"/* ]]
}

total=0
declare -a TO_DELETE=()

shopt -s nullglob
for pattern in "${PROJECT_TARGETS[@]}"; do
  # shellcheck disable=SC2206  # intentional glob expansion of the pattern
  matches=( $pattern )
  for t in "${matches[@]}"; do
    [[ -e "$t" ]] || continue
    if ! safe_target "$t"; then
      log "refusing $t (symlink or path outside the repository)"
      continue
    fi
    sz="$(size_of "$t")"
    total=$(( total + sz ))
    TO_DELETE+=("$t")
    printf '  %10s  %s\n' "$(human "$sz")" "$t"
  done
done
shopt -u nullglob

printf '  %10s  total in project targets\n' "$(human "$total")"

if (( APPLY )); then
  for t in "${TO_DELETE[@]}"; do
    safe_target "$t" || continue
    rm -rf -- "$t"
    log "removed $t"
  done
else
  (( ${#TO_DELETE[@]} )) && log "dry run: re-run with --apply to delete the paths above"
fi

clear_tool() {
  local name="$1"
  case "$name" in
    ccache)
      command -v ccache >/dev/null || { log "ccache not installed"; return; }
      ccache -s | grep -E 'size|Hits' || true
      if (( APPLY )); then ccache -C; else log "would run: ccache -C"; fi
      ;;
    npm)
      command -v npm >/dev/null || { log "npm not installed"; return; }
      du -sh "$(npm config get cache)" 2>/dev/null || true
      if (( APPLY )); then npm cache clean --force; else log "would run: npm cache clean --force"; fi
      ;;
    pip)
      command -v pip >/dev/null || { log "pip not installed"; return; }
      pip cache info 2>/dev/null | sed 's/^/  /'
      if (( APPLY )); then pip cache purge; else log "would run: pip cache purge"; fi
      ;;
    go)
      command -v go >/dev/null || { log "go not installed"; return; }
      du -sh "$(go env GOCACHE)" 2>/dev/null || true
      if (( APPLY )); then go clean -cache -testcache; else log "would run: go clean -cache -testcache"; fi
      ;;
    docker)
      command -v docker >/dev/null || { log "docker not installed"; return; }
      docker system df --format '{{.Type}}\t{{.Size}}\t{{.Reclaimable}}' | column -t
      # build cache only: images, containers and volumes are left alone on purpose
      if (( APPLY )); then
        docker builder prune --force --filter "until=$DOCKER_AGE"
      else
        log "would run: docker builder prune --force --filter until=$DOCKER_AGE"
      fi
      ;;
    *)
      die "unknown tool cache '$name' (ccache, npm, pip, go, docker)"
      ;;
  esac
}

for tool in "${TOOLS[@]}"; do
  echo "== $tool =="
  clear_tool "$tool"
done

echo "== filesystem =="
df -h -- "$ROOT" | tail -n 1

if (( APPLY )) && [[ -d .git ]]; then
  # git's own housekeeping is safe: it keeps reflogs and unreachable objects
  # younger than the configured expiry, so nothing recoverable is lost.
  git gc --auto --quiet || true
  git lfs prune --verify-remote 2>/dev/null || true
fi

if [[ -f package.json && -d node_modules ]]; then
  nm_size="$(size_of node_modules)"
  log "node_modules is $(human "$nm_size"); reinstall with 'npm ci' if you remove it"
fi

if [[ -d target ]] && command -v cargo >/dev/null; then
  log "tip: 'cargo clean -p <crate>' removes a single crate's artefacts"
fi

if (( ! APPLY )); then
  log "nothing was deleted"
fi

# Print the largest remaining directories so the next step is obvious.
echo "== largest remaining top-level entries =="
du -sh -- ./* ./.[!.]* 2>/dev/null | sort -rh | head -n 8 || true

# Read-only overview of the per-user tool caches, so people know which --tool
# option would help. Nothing under $HOME is ever deleted by this script directly.
report_user_caches() {
  local dir label
  declare -A KNOWN=(
    ["${CCACHE_DIR:-$HOME/.cache/ccache}"]="ccache"
    ["$HOME/.cache/pip"]="pip"
    ["$HOME/.npm/_cacache"]="npm"
    ["$HOME/.cache/go-build"]="go"
  )
  echo "== user tool caches (read-only) =="
  for dir in "${!KNOWN[@]}"; do
    label="${KNOWN[$dir]}"
    [[ -d "$dir" ]] || continue
    printf '  %10s  %-7s %s\n' "$(human "$(size_of "$dir")")" "$label" "$dir"
  done | sort -rh
  if command -v docker >/dev/null && docker info >/dev/null 2>&1; then
    printf '  %10s  %-7s %s\n' \
      "$(docker system df --format '{{if eq .Type "Build Cache"}}{{.Size}}{{end}}' | tr -d '\n')" \
      docker "build cache"
  fi
}
report_user_caches

# Machine-readable summary for the CI job that tracks cache growth.
summary="$ROOT/build/.cache-report.json"
if (( ! APPLY )); then
  mkdir -p "$ROOT/build"
  printf '{"date":"%s","project_bytes":%d,"targets":%d}\n' \
    "$(date -u +%FT%TZ)" "$total" "${#TO_DELETE[@]}" >"$summary"
fi

exit 0
