#!/usr/bin/env bash
# Deploy wrapper for the "Room Booking" Apps Script project.
#
#   tools/deploy.sh push                 clasp push to the dev HEAD (safe)
#   tools/deploy.sh staging "message"    new version + update the staging deployment
#   tools/deploy.sh prod "message" --prod
#                                        update the production deployment (needs --prod
#                                        and a clean, pushed git tree)
#   tools/deploy.sh logs                 tail Stackdriver logs
#
# Deployment ids live in deploy/deployments.json; the production id is
# never used unless --prod is passed explicitly.
set -euo pipefail

REPO="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
cd "$REPO"
DEPLOYMENTS="deploy/deployments.json"
CLASP="${CLASP:-clasp}"
PROD_FLAG=0
DRY_RUN=0
ARGS=()

log()  { printf '\033[36m[deploy]\033[0m %s\n' "$*"; }
warn() { printf '\033[33m[deploy]\033[0m %s\n' "$*" >&2; }
die()  { printf '\033[31m[deploy]\033[0m %s\n' "$*" >&2; exit 1; }

for a in "$@"; do
  case "$a" in
    --prod) PROD_FLAG=1 ;;
    --dry-run) DRY_RUN=1 ;;
    *) ARGS+=("$a") ;;
  esac
done
set -- "${ARGS[@]+"${ARGS[@]}"}"

command -v "$CLASP" >/dev/null || die "clasp not installed (npm i -g @google/clasp)"
command -v jq >/dev/null || die "jq is required"
[[ -f .clasp.json ]] || die "no .clasp.json in $REPO"
[[ -f "$DEPLOYMENTS" ]] || die "missing $DEPLOYMENTS"

deployment_id() {
  local env="$1" id
  id="$(jq -r --arg e "$env" '.[$e].deploymentId // empty' "$DEPLOYMENTS")"
  [[ -n "$id" ]] || die "no deploymentId for '$env' in $DEPLOYMENTS"
  printf '%s' "$id"
}

script_id() {
  jq -r '.scriptId' .clasp.json
}

run() {
  if (( DRY_RUN )); then
    printf '[dry-run] %q ' "$@"; echo
  else
    "$@"
  fi
}

require_clean_tree() {
  if [[ -n "$(git status --porcelain)" ]]; then
    git status --short >&2
    die "working tree is dirty; commit first"
  fi
  git fetch --quiet origin
  local branch ahead
  branch="$(git rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == "main" ]] || die "production deploys only from main (on $branch)"
  ahead="$(git rev-list --count origin/main..HEAD)"
  (( ahead == 0 )) || die "$ahead local commit(s) not pushed to origin/main"
}

lint() {
  if [[ -f package.json ]] && jq -e '.scripts.lint' package.json >/dev/null; then
    log "running npm run lint"
    npm run --silent lint
  fi
}

build() {
  if [[ -f package.json ]] && jq -e '.scripts.build' package.json >/dev/null; then
    log "building TypeScript sources"
    rm -rf dist
    npm run --silent build
  fi
}

push() {
  lint
  build
  log "pushing to script $(script_id) (dev HEAD)"
  run "$CLASP" push --force
}

new_version() {
  local msg="$1" out ver
  out="$(run "$CLASP" version "$msg")"
  echo "$out"
  ver="$(grep -oE 'version [0-9]+' <<<"$out" | awk '{print $2}' | tail -n 1)"
  (( DRY_RUN )) && ver="${ver:-0}"
  [[ -n "$ver" ]] || die "could not parse version number from clasp output"
  printf '%s' "$ver" > .last_version
  echo "$ver"
}

deploy_env() {
  local env="$1" msg="$2"
  if [[ "$env" == "prod" ]]; then
    (( PROD_FLAG )) || die "refusing to touch the production deployment without --prod"
    require_clean_tree
    msg="$msg ($(git rev-parse --short HEAD))"
  fi
  local id
  id="$(deployment_id "$env")"
  push
  local ver
  ver="$(new_version "$msg" | tail -n 1)"
  log "updating $env deployment ${id:0:12}... to version $ver"
  run "$CLASP" deploy --deploymentId "$id" --versionNumber "$ver" --description "$msg"
  if [[ "$env" == "prod" ]] && (( ! DRY_RUN )); then
    git tag -a "appsscript-v$ver" -m "$msg"
    git push origin "appsscript-v$ver"
    log "tagged appsscript-v$ver"
  fi
}

list() {
  log "deployments of $(script_id):"
  "$CLASP" deployments | sed 's/^/  /'
  log "known environments:"
  jq -r 'to_entries[] | "  \(.key): \(.value.deploymentId[0:12])..."' "$DEPLOYMENTS"
}

logs() {
  log "streaming logs (Ctrl-C to stop)"
  exec "$CLASP" logs --watch --simplified
}

open_editor() {
  local url="https://script.google.com/home/projects/$(script_id)/edit"
  log "$url"
  if command -v xdg-open >/dev/null; then
    xdg-open "$url" >/dev/null 2>&1 || true
  fi
}

diff_remote() {
  # Pull the current dev HEAD into a temp dir and diff it with our sources,
  # so nobody overwrites edits made in the online editor.
  local tmp
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/clasp-diff.XXXXXX")"
  jq --arg d "$tmp" '.rootDir = $d' .clasp.json > "$tmp/.clasp.json"
  (cd "$tmp" && "$CLASP" pull >/dev/null)
  local src
  src="$(jq -r '.rootDir // "."' .clasp.json)"
  if diff -ru --exclude=.clasp.json "$src" "$tmp" > "$tmp.diff"; then
    log "remote dev HEAD matches local sources"
  else
    warn "remote differs from local sources:"
    head -n 60 "$tmp.diff" >&2
  fi
  rm -rf -- "$tmp" "$tmp.diff"
}

cleanup() {
  rm -f .clasp-deploy.lock
}
trap cleanup EXIT
if [[ -e .clasp-deploy.lock ]]; then
  die "another deploy seems to be running (.clasp-deploy.lock)"
fi
echo "$$" > .clasp-deploy.lock

case "${1:-}" in
  push) push ;;
  staging) deploy_env staging "${2:-staging $(date +%F)}" ;;
  prod) deploy_env prod "${2:?give a release message}" ;;
  list) list ;;
  diff) diff_remote ;;
  logs) logs ;;
  open) open_editor ;;
  *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 1 ;;
esac

log "done"
