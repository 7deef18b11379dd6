#!/usr/bin/env bash
# gen.sh - regenerate every generated client and server stub in the repo.
#
#   scripts/gen.sh            # all generators
#   scripts/gen.sh proto      # only buf generate
#   scripts/gen.sh openapi sqlc
#   scripts/gen.sh --check    # CI: fail when regenerated code differs from git
#
# Generated directories are listed in GEN_DIRS and are wiped before each run;
# nothing outside them is removed.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"
ROOT="$PWD"

declare -A GEN_DIRS=(
  [proto]="gen/proto"
  [openapi]="web/src/api/generated"
  [sqlc]="internal/store/sqlcgen"
  [graphql]="web/src/graphql/__generated__"
)
ORDER=(proto openapi sqlc graphql)
CHECK=0
SELECTED=()
LOG_DIR="$ROOT/.cache/gen-logs"

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --check) CHECK=1 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *)
      [[ -n "${GEN_DIRS[$arg]+x}" ]] || die "unknown generator '$arg' (known: ${ORDER[*]})"
      SELECTED+=("$arg")
      ;;
  esac
done
((${#SELECTED[@]})) || SELECTED=("${ORDER[@]}")

mkdir -p "$LOG_DIR"

wipe() {
  local rel="$1" abs
  abs="$(realpath -m "$ROOT/$rel")"
  case "$abs" in
    "$ROOT"/*) ;;
    *) die "generated dir $rel resolves outside the repo" ;;
  esac
  [[ "$abs" != "$ROOT" ]] || die "refusing to wipe the repo root"
  if [[ -d "$abs" ]]; then
    rm -rf -- "$abs"
  fi
  mkdir -p "$abs"
}

run_logged() {
  local name="$1"; shift
  local logfile="$LOG_DIR/$name.log"
  if ! "$@" >"$logfile" 2>&1; then
    warn "$name failed; last lines of $logfile:"
    tail -n 40 "$logfile" >&2
    return 1
  fi
}

gen_proto() {
  command -v buf >/dev/null || die "buf is not installed (see docs/tooling.md)"
  run_logged buf-lint buf lint
  if git rev-parse --verify -q origin/main >/dev/null; then
    run_logged buf-breaking buf breaking --against '.git#branch=origin/main' \
      || die "breaking proto change; bump the package version instead"
  fi
  wipe "${GEN_DIRS[proto]}"
  run_logged buf-generate buf generate --template buf.gen.yaml
}

gen_openapi() {
  local spec="api/openapi.yaml"
  [[ -f "$spec" ]] || die "$spec not found"
  if command -v spectral >/dev/null; then
    run_logged spectral spectral lint "$spec" --fail-severity error
  else
    warn "spectral not installed; skipping OpenAPI lint"
  fi
  wipe "${GEN_DIRS[openapi]}"
  # the generator jar version is pinned in openapitools.json
  run_logged openapi ./web/node_modules/.bin/openapi-generator-cli generate \
    -i "$spec" -g typescript-fetch -o "${GEN_DIRS[openapi]}" \
    --additional-properties=supportsES6=true,typescriptThreePlus=true
}

gen_sqlc() {
  command -v sqlc >/dev/null || die "sqlc is not installed"
  wipe "${GEN_DIRS[sqlc]}"
  run_logged sqlc-generate sqlc generate -f sqlc.yaml
  run_logged sqlc-vet sqlc vet -f sqlc.yaml || warn "sqlc vet reported issues"
}

gen_graphql() {
  [[ -x web/node_modules/.bin/graphql-codegen ]] || die "run 'pnpm install' in web/ first"
  wipe "${GEN_DIRS[graphql]}"
  (cd web && run_logged graphql-codegen ./node_modules/.bin/graphql-codegen --config codegen.ts)
}

format_outputs() {
  local dirs=()
  for g in "${SELECTED[@]}"; do dirs+=("${GEN_DIRS[$g]}"); done
  if command -v gofmt >/dev/null; then
    find "${dirs[@]}" -name '*.go' -print0 2>/dev/null | xargs -0 -r gofmt -w
  fi
  if [[ -x web/node_modules/.bin/prettier ]]; then
    local ts_dirs=()
    for d in "${dirs[@]}"; do
      [[ "$d" == web/* ]] && ts_dirs+=("${d#web/}")
    done
    if ((${#ts_dirs[@]})); then
      (cd web && ./node_modules/.bin/prettier --log-level warn --write "${ts_dirs[@]}")
    fi
  fi
}

check_clean() {
  local dirs=() changed
  for g in "${SELECTED[@]}"; do dirs+=("${GEN_DIRS[$g]}"); done
  changed="$(git status --porcelain -- "${dirs[@]}")"
  if [[ -n "$changed" ]]; then
    printf '%s\n' "$changed" | head -n 50
    die "generated code is out of date; run scripts/gen.sh and commit"
  fi
  log "generated code matches the committed tree"
}

stamp() {
  local rev
  rev="$(git rev-parse --short HEAD)"
  printf 'generated from %s at %s by %s\n' "$rev" "$(date -u +%FT%TZ)" "${USER:-ci}" \
    > "$ROOT/.cache/gen.stamp"
}

doctor() {
  # print the versions of everything the generators use, so CI logs show them
  local tool version
  for tool in buf spectral sqlc gofmt; do
    if command -v "$tool" >/dev/null 2>&1; then
      version="$("$tool" --version 2>&1 | head -n 1 || true)"
      printf '  %-12s %s\n' "$tool" "$version"
    else
      printf '  %-12s %s\n' "$tool" "(missing)"
    fi
  done
  for bin in openapi-generator-cli graphql-codegen prettier; do
    if [[ -x "web/node_modules/.bin/$bin" ]]; then
      printf '  %-12s %s\n' "${bin:0:12}" "web/node_modules/.bin/$bin"
    else
      printf '  %-12s %s\n' "${bin:0:12}" "(not installed in web/)"
    fi
  done
}

prune_logs() {
  # keep the last 20 log files; they are only for debugging failed runs
  local old
  old="$(ls -1t "$LOG_DIR"/*.log 2>/dev/null | tail -n +21 || true)"
  if [[ -n "$old" ]]; then
    printf '%s\n' "$old" | xargs -r rm -f --
  fi
}

if [[ "${GEN_DOCTOR:-0}" == 1 ]]; then
  log "toolchain"
  doctor
fi
prune_logs

start=$SECONDS
for g in "${SELECTED[@]}"; do
  log "generating $g -> ${GEN_DIRS[$g]}"
  "gen_$g"
done
format_outputs
stamp
if ((CHECK)); then
  check_clean
fi
log "finished in $((SECONDS - start))s"
