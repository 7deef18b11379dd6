#!/usr/bin/env bash
# release-model.sh - build the Cog image and push it to our Replicate model.
#
# The destination model is fixed in .replicate/model (one line, e.g.
# "r8.im/acme-ml/defect-detector").  The script:
#   1. checks the tree is clean and tagged
#   2. runs the cog predict smoke test on the fixtures
#   3. builds the image with the git tag as label
#   4. pushes to the configured model  (only with --yes)
#   5. records the version id in build/releases.tsv
#
# usage: scripts/release-model.sh [--yes] [--skip-smoke] [--gpu]

set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

MODEL_FILE=".replicate/model"
FIXTURES="tests/fixtures/predict"
BUILD_DIR="build"
RELEASE_LOG="$BUILD_DIR/releases.tsv"
EXPECTED_OWNER="acme-ml"

YES=0
SKIP_SMOKE=0
GPU_FLAG=()

log()  { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

on_error() {
  local rc=$? line=$1
  warn "failed at line $line (exit $rc)"
  exit "$rc"
}
trap 'on_error $LINENO' ERR

while (($#)); do
  case "$1" in
    --yes) YES=1 ;;
    --skip-smoke) SKIP_SMOKE=1 ;;
    --gpu) GPU_FLAG=(--gpus all) ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) die "unknown option: $1" ;;
  esac
  shift
done

command -v cog >/dev/null || die "cog is not installed (see docs/dev-setup.md)"
command -v docker >/dev/null || die "docker is required by cog"
[[ -f cog.yaml ]] || die "run from a repository with cog.yaml"
[[ -f "$MODEL_FILE" ]] || die "$MODEL_FILE is missing"

DEST="$(tr -d '[:space:]' < "$MODEL_FILE")"
[[ "$DEST" =~ ^r8\.im/([a-z0-9-]+)/([a-z0-9._-]+)$ ]] || die "bad destination in $MODEL_FILE: $DEST"
OWNER="${BASH_REMATCH[1]}"
NAME="${BASH_REMATCH[2]}"
[[ "$OWNER" == "$EXPECTED_OWNER" ]] || die "$MODEL_FILE points at owner '$OWNER', expected '$EXPECTED_OWNER'"

# --- git checks -------------------------------------------------------------------
if [[ -n "$(git status --porcelain --untracked-files=no)" ]]; then
  die "working tree has uncommitted changes"
fi
TAG="$(git describe --tags --exact-match 2>/dev/null || true)"
if [[ -z "$TAG" ]]; then
  if (( YES )); then
    die "HEAD is not tagged; tag the release first (git tag v1.2.3)"
  fi
  TAG="$(git rev-parse --short HEAD)-untagged"
  warn "HEAD is not tagged; using $TAG for a dry run"
fi
SHA="$(git rev-parse HEAD)"
log "releasing $OWNER/$NAME at $TAG ($SHA)"

# --- cog.yaml sanity ----------------------------------------------------------------
# The predictor must be a file in this repo and the python version pinned;
# an unpinned base image makes pushes non-reproducible.
check_cog_yaml() {
  local predict python_version
  predict="$(awk -F'"' '/^predict:/ {print $2}' cog.yaml)"
  [[ -n "$predict" ]] || die "cog.yaml has no predict: entry"
  [[ -f "${predict%%:*}" ]] || die "predictor file ${predict%%:*} not found"
  python_version="$(awk -F'"' '/python_version:/ {print $2}' cog.yaml)"
  [[ "$python_version" =~ ^3\.[0-9]+$ ]] || warn "python_version not pinned to 3.x in cog.yaml"
  if grep -qE '^\s+- "?torch"?\s*$' cog.yaml; then
    warn "torch is unpinned in cog.yaml python_packages"
  fi
  log "predictor: $predict (python $python_version)"
}

# Release notes come from the CHANGELOG section of the tag being released.
release_notes() {
  local tag="$1"
  [[ -f CHANGELOG.md ]] || return 0
  awk -v tag="${tag#v}" '
    $0 ~ "^## \\[?v?" tag { found=1; next }
    found && /^## / { exit }
    found { print }
  ' CHANGELOG.md
}

check_cog_yaml
NOTES="$(release_notes "$TAG")"
if [[ -n "$NOTES" ]]; then
  log "release notes:"
  printf '%s\n' "$NOTES" | sed 's/^/    /'
else
  warn "no CHANGELOG entry for $TAG"
fi

# --- smoke test ---------------------------------------------------------------------
WORK="$(mktemp -d)"
trap 'rm -rf -- "$WORK"' EXIT

smoke() {
  local input expected got rc=0
  shopt -s nullglob
  local inputs=("$FIXTURES"/*.png)
  shopt -u nullglob
  ((${#inputs[@]})) || { warn "no fixtures in $FIXTURES"; return 0; }
  for input in "${inputs[@]}"; do
    expected="${input%.png}.expected"
    log "cog predict $(basename "$input")"
    if ! cog predict "${GPU_FLAG[@]}" -i image=@"$input" > "$WORK/out.json" 2> "$WORK/err.log"; then
      tail -n 20 "$WORK/err.log" >&2
      rc=1
      continue
    fi
    if [[ -f "$expected" ]]; then
      got="$(jq -r '.label' "$WORK/out.json" 2>/dev/null || cat "$WORK/out.json")"
      if [[ "$got" != "$(cat "$expected")" ]]; then
        warn "$(basename "$input"): expected $(cat "$expected"), got $got"
        rc=1
      fi
    fi
  done
  return "$rc"
}

if (( SKIP_SMOKE )); then
  warn "skipping smoke tests"
else
  smoke || die "smoke tests failed"
fi

# --- build --------------------------------------------------------------------------
IMAGE="$NAME:$TAG"
log "cog build -t $IMAGE"
cog build -t "$IMAGE" --separate-weights 2>&1 | tail -n 30
docker image inspect "$IMAGE" --format '{{.Size}}' | awk '{printf "image size: %.1f GB\n", $1/1e9}'

# --- push ---------------------------------------------------------------------------
if (( ! YES )); then
  log "dry run complete; would run: cog push $DEST"
  exit 0
fi

if ! cog login --help >/dev/null 2>&1; then
  die "this cog version cannot log in"
fi
if [[ -z "${REPLICATE_API_TOKEN:-}" && -f .env ]]; then
  # shellcheck disable=SC1091
  set -a; source .env; set +a
fi
[[ -n "${REPLICATE_API_TOKEN:-}" ]] || die "REPLICATE_API_TOKEN missing"
log "token ${REPLICATE_API_TOKEN:0:3}… for $OWNER"

printf '%s' "$REPLICATE_API_TOKEN" | cog login --token-stdin >/dev/null
log "cog push $DEST"
cog push "$DEST" 2>&1 | tee "$WORK/push.log" | tail -n 15

VERSION="$(grep -oE 'version [0-9a-f]{64}' "$WORK/push.log" | awk '{print $2}' | tail -n1 || true)"
if [[ -z "$VERSION" ]]; then
  VERSION="$(curl -fsS -H "Authorization: Bearer $REPLICATE_API_TOKEN" \
    "https://api.replicate.com/v1/models/$OWNER/$NAME" | jq -r '.latest_version.id')"
fi

mkdir -p "$BUILD_DIR"
if [[ ! -f "$RELEASE_LOG" ]]; then
  printf 'date\ttag\tsha\tversion\n' > "$RELEASE_LOG"
fi
printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$TAG" "$SHA" "$VERSION" >> "$RELEASE_LOG"
log "released version ${VERSION:0:12}… (logged in $RELEASE_LOG)"
