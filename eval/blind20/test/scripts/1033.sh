#!/usr/bin/env bash
# release/sentry.sh - create a Sentry release for the web bundle, associate
# commits, upload source maps, mark the deploy.
#
# Needs SENTRY_AUTH_TOKEN (org token with project:releases), SENTRY_ORG,
# SENTRY_PROJECT. sentry-cli talks to sentry.io with that token; the token is
# never echoed: `set -x` is disabled around calls and it is passed via env only.
#
#   release/sentry.sh                 release from `git describe`
#   release/sentry.sh -e staging      mark a staging deploy
#   release/sentry.sh -n              dry run: show what would be uploaded
#
# Release naming: "<package name>@<git describe>", e.g. harbor-web@v2.3.0 or
# harbor-web@v2.3.0-4-gabc1234 for untagged builds. The same string must be
# passed to Sentry.init({ release }) at build time (vite define: __RELEASE__).
#
# If source maps do not resolve in Sentry:
#   1. `sentry-cli sourcemaps explain <event-id>` shows which artifact it tried
#   2. check that --url-prefix matches the CDN path of the bundles
#   3. make sure the deployed JS was built in the same run that uploaded maps
#      (debug ids are injected into the files in dist/assets before upload)
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
DIST="${ROOT}/dist/assets"
ENVIRONMENT="production"
DRY=0
URL_PREFIX="~/assets"

while getopts ":e:np:" flag; do
  case "$flag" in
    e) ENVIRONMENT="$OPTARG" ;;
    n) DRY=1 ;;
    p) URL_PREFIX="$OPTARG" ;;
    *) echo "usage: $0 [-e env] [-n] [-p url-prefix]" >&2; exit 2 ;;
  esac
done

# Token scopes: project:releases and org:read are enough; the token is an
# organisation auth token created under Settings -> Auth Tokens, stored in
# the CI secret store and in the release engineer's password manager.
#
# Environments map to Sentry environments 1:1. Preview deploys use
# "preview" and are filtered out of the main alert rules.
#
# Dry run (-n) lists the maps that would be uploaded and the previous
# release, without creating anything in Sentry.
say() { printf '[sentry] %s\n' "$*"; }
die() { printf '[sentry] error: %s\n' "$*" >&2; exit 1; }

# Environment is checked up front so a missing SENTRY_ORG does not leave a
# half-created release behind. Values are tested via indirection (${!v}) and
# never printed. The environment name is restricted to the three we alert on.
# CI sets all three variables from the repository's secret store; locally the
# release engineer exports them in the release shell only.
require_env() {
  local v missing=()
  for v in SENTRY_AUTH_TOKEN SENTRY_ORG SENTRY_PROJECT; do
    [[ -n "${!v:-}" ]] || missing+=("$v")
  done
  (( ${#missing[@]} == 0 )) || die "missing environment: ${missing[*]}"
  case "$ENVIRONMENT" in
    production|staging|preview) ;;
    *) die "unknown environment ${ENVIRONMENT}" ;;
  esac
}

version_string() {
  local name tag
  name="$(jq -r .name "${ROOT}/package.json")"
  tag="$(git -C "$ROOT" describe --tags --always --dirty)"
  [[ "$tag" != *-dirty ]] || die "working tree is dirty; commit before releasing"
  printf '%s@%s' "$name" "$tag"
}

check_maps() {
  local js map missing=0
  shopt -s nullglob
  for js in "$DIST"/*.js; do
    map="${js}.map"
    if [[ ! -f "$map" ]]; then
      say "no source map for $(basename "$js")"
      missing=$((missing + 1))
      continue
    fi
    if ! grep -q "sourceMappingURL=$(basename "$map")" "$js"; then
      say "$(basename "$js") does not reference its map"
    fi
  done
  shopt -u nullglob
  return "$missing"
}

debug_ids() {
  # newer sentry-cli injects debug ids so maps resolve regardless of URL
  sentry-cli sourcemaps inject "$DIST" >/dev/null
}

previous_release() {
  sentry-cli releases list --raw 2>/dev/null | head -n 1 || true
}

create_release() {
  local version="$1"
  if sentry-cli releases info "$version" >/dev/null 2>&1; then
    say "release ${version} already exists; updating"
  else
    sentry-cli releases new "$version"
  fi
  sentry-cli releases set-commits "$version" --auto --ignore-missing
}

upload_maps() {
  local version="$1"
  sentry-cli sourcemaps upload \
    --release "$version" \
    --url-prefix "$URL_PREFIX" \
    --validate \
    --wait \
    "$DIST"
}

finalize() {
  local version="$1" started="$2"
  sentry-cli releases finalize "$version"
  sentry-cli deploys new --release "$version" -e "$ENVIRONMENT" \
    --started "$started" --finished "$(date +%s)"
}

check_bundle_release() {
  # the release string compiled into the bundle must match what we upload
  local version="$1" hits
  hits="$(grep -l -- "$version" "$DIST"/*.js 2>/dev/null | wc -l | tr -d ' ')"
  if (( hits == 0 )); then
    say "warning: ${version} not found in any bundle; was __RELEASE__ defined at build time?"
    return 1
  fi
  say "release string present in ${hits} bundle(s)"
}

summary() {
  local version="$1"
  sentry-cli releases info "$version" 2>/dev/null | sed 's/^/  /' || true
  local count
  count="$(find "$DIST" -name '*.js' | wc -l | tr -d ' ')"
  say "${count} bundles, environment ${ENVIRONMENT}"
}

prune_local_maps() {
  # maps are uploaded; do not ship them to the CDN
  find "$DIST" -name '*.js.map' -delete
  say "removed local source maps from dist/assets"
}

main() {
  command -v sentry-cli >/dev/null || die "sentry-cli not installed (npm i -D @sentry/cli)"
  command -v jq >/dev/null || die "jq is required"
  [[ -d "$DIST" ]] || die "dist/assets missing; run npm run build"
  require_env
  set +x
  local version started
  version="$(version_string)"
  started="$(date +%s)"
  say "release ${version} -> ${ENVIRONMENT}"
  check_maps || say "continuing with missing maps"
  if (( DRY )); then
    find "$DIST" -name '*.map' -printf '  would upload %P\n'
    say "previous release: $(previous_release)"
    exit 0
  fi
  check_bundle_release "$version" || true
  debug_ids
  create_release "$version"
  upload_maps "$version"
  finalize "$version" "$started"
  summary "$version"
  prune_local_maps
  say "done"
}

main
