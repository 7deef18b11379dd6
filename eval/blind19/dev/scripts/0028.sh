#!/usr/bin/env bash
# tools/ship-preview.sh - build the storefront and (optionally) deploy it.
#
# Default: install, lint, test, build into .vercel/output and stop.
# --deploy           upload a preview deployment to Vercel
# --deploy --prod    promote to production (asks unless CONFIRM_PROD=storefront)
# --netlify          deploy the docs/ site to Netlify as a draft instead
#
# Tokens come from the environment (VERCEL_TOKEN, NETLIFY_AUTH_TOKEN), which
# the Makefile fills with `op run`. They are passed to the CLIs only.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
cd "$root"

PROJECT_NAME="storefront"
DOCS_DIR="docs/dist"
BUILD_LOG="$root/.cache/ship/build.log"

deploy=0
prod=0
netlify=0

die() {
  echo "ship-preview: $*" >&2
  exit 1
}

note() {
  echo "--- $*"
}

parse_args() {
  while (($#)); do
    case "$1" in
      --deploy) deploy=1 ;;
      --prod) prod=1 ;;
      --netlify) netlify=1 ;;
      -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
      *) die "unknown argument: $1" ;;
    esac
    shift
  done
  if ((prod && !deploy)); then
    die "--prod only makes sense with --deploy"
  fi
}

require() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null 2>&1 || die "$tool is required"
  done
}

clean_outputs() {
  note "cleaning previous build outputs"
  rm -rf .vercel/output .next/cache/fetch-cache "$DOCS_DIR"
  mkdir -p "$(dirname "$BUILD_LOG")"
  : > "$BUILD_LOG"
}

build_app() {
  note "installing"
  pnpm install --frozen-lockfile >>"$BUILD_LOG" 2>&1
  note "lint + typecheck"
  pnpm run lint >>"$BUILD_LOG" 2>&1
  pnpm run typecheck >>"$BUILD_LOG" 2>&1
  note "unit tests"
  pnpm run test -- --run 2>&1 | tee -a "$BUILD_LOG" | tail -n 20
  note "vercel build"
  local args=(build)
  ((prod)) && args+=(--prod)
  vercel "${args[@]}" >>"$BUILD_LOG" 2>&1 || {
    tail -n 60 "$BUILD_LOG" >&2
    die "build failed"
  }
}

build_docs() {
  note "building docs"
  pnpm --filter docs run build >>"$BUILD_LOG" 2>&1
  [[ -f "$DOCS_DIR/index.html" ]] || die "docs build produced no index.html"
}

output_size() {
  du -sh .vercel/output 2>/dev/null | cut -f1
}

confirm_prod() {
  if [[ "${CONFIRM_PROD:-}" == "$PROJECT_NAME" ]]; then
    return 0
  fi
  local answer
  read -r -p "Deploy $PROJECT_NAME to PRODUCTION? type the project name: " answer
  [[ "$answer" == "$PROJECT_NAME" ]] || die "production deploy not confirmed"
}

deploy_vercel() {
  [[ -n "${VERCEL_TOKEN:-}" ]] || die "VERCEL_TOKEN not set (use: op run --env-file .env.tpl -- $0 --deploy)"
  local args=(deploy --prebuilt --token "$VERCEL_TOKEN")
  if ((prod)); then
    confirm_prod
    args+=(--prod)
  fi
  note "uploading to Vercel"
  local url
  url="$(vercel "${args[@]}" 2>>"$BUILD_LOG" | tail -n 1)"
  [[ "$url" == https://* ]] || die "deploy did not return a URL; see $BUILD_LOG"
  echo "$url" > .cache/ship/last-url
  note "deployed: $url"
  wait_ready "$url"
}

deploy_netlify() {
  [[ -n "${NETLIFY_AUTH_TOKEN:-}" ]] || die "NETLIFY_AUTH_TOKEN not set"
  [[ -n "${NETLIFY_SITE_ID:-}" ]] || die "NETLIFY_SITE_ID not set"
  note "uploading docs draft to Netlify"
  netlify deploy --dir="$DOCS_DIR" --site "$NETLIFY_SITE_ID" --auth "$NETLIFY_AUTH_TOKEN" --json \
    > .cache/ship/netlify.json
  local draft
  draft="$(jq -r '.deploy_url' .cache/ship/netlify.json)"
  note "draft: $draft"
}

wait_ready() {
  # poll the preview until it answers, so the PR comment links to a live page
  local url="$1" tries=30 code
  while ((tries-- > 0)); do
    code="$(curl -s -o /dev/null -w '%{http_code}' "$url" || true)"
    if [[ "$code" == 200 || "$code" == 401 ]]; then
      note "preview answers ($code)"
      return 0
    fi
    sleep 5
  done
  note "preview did not answer yet; check the Vercel dashboard"
}

check_git_state() {
  if [[ -n "$(git status --porcelain)" ]]; then
    note "warning: uncommitted changes will be part of this build"
    git status --short | head -n 20
  fi
  local branch
  branch="$(git rev-parse --abbrev-ref HEAD)"
  if ((prod)) && [[ "$branch" != main ]]; then
    die "production deploys only from main (on $branch)"
  fi
}

summary() {
  echo
  echo "build log:   ${BUILD_LOG#$root/}"
  echo "output size: $(output_size)"
  if ((deploy)); then
    echo "deployed:    $(cat .cache/ship/last-url 2>/dev/null || echo n/a)"
  else
    echo "not deployed (pass --deploy)"
  fi
}

main() {
  parse_args "$@"
  require pnpm vercel jq
  ((netlify)) && require netlify
  check_git_state
  clean_outputs
  if ((netlify)); then
    build_docs
    ((deploy)) && deploy_netlify
  else
    build_app
    ((deploy)) && deploy_vercel
  fi
  summary
}

main "$@"
