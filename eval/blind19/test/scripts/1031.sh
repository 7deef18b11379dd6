#!/usr/bin/env bash
# site/publish.sh - build the Hugo handbook and (optionally) publish it to S3.
#
#   site/publish.sh               build into site/public and run checks
#   site/publish.sh --preview     also serve it on http://127.0.0.1:1313 until Ctrl-C
#   site/publish.sh --publish     sync to the handbook bucket and invalidate CloudFront
#
# Publishing uses the AWS CLI with the developer's SSO profile (harbor-docs).
# `aws s3 sync --delete` only ever targets the handbook bucket below.
set -euo pipefail

SITE="$(cd "$(dirname "$0")" && pwd)"
PUBLIC="$SITE/public"
BUCKET="s3://harbor-handbook-site"
DISTRIBUTION_ID="${HANDBOOK_CF_DISTRIBUTION:-E2HANDBOOKDOCS}"
AWS_PROFILE_NAME="${AWS_PROFILE:-harbor-docs}"
HUGO_ENV="production"

mode="build"

log() { printf '[handbook] %s\n' "$*"; }
die() { printf '[handbook] %s\n' "$*" >&2; exit 1; }

parse() {
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --preview) mode="preview" ;;
      --publish) mode="publish" ;;
      -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
}

check_tools() {
  command -v hugo >/dev/null || die "hugo is not installed"
  local v
  v="$(hugo version | grep -o 'v0\.[0-9]*' | head -n1)"
  log "hugo $v"
  if [[ "$mode" == publish ]]; then
    command -v aws >/dev/null || die "aws cli is not installed"
  fi
}

build() {
  log "building into ${PUBLIC#$SITE/}"
  HUGO_ENVIRONMENT="$HUGO_ENV" hugo --source "$SITE" --gc --minify --cleanDestinationDir \
    --destination "$PUBLIC" --printPathWarnings 2>&1 | tail -n 15
  [[ -f "$PUBLIC/index.html" ]] || die "build produced no index.html"
}

check_links() {
  local broken=0 file href target
  while IFS= read -r file; do
    while IFS= read -r href; do
      target="$PUBLIC${href%%#*}"
      [[ "$target" == */ ]] && target="${target}index.html"
      if [[ ! -e "$target" && ! -e "$target/index.html" && ! -e "$target.html" ]]; then
        printf '  broken: %s -> %s\n' "${file#$PUBLIC/}" "$href"
        broken=$((broken + 1))
      fi
    done < <(grep -o 'href="/[^"]*"' "$file" | cut -d'"' -f2 | sort -u)
  done < <(find "$PUBLIC" -name '*.html')
  ((broken == 0)) || die "$broken broken internal link(s)"
  log "internal links ok"
}

check_drafts() {
  if grep -rl 'draft: true' "$SITE/content" >/dev/null 2>&1; then
    log "note: drafts exist in content/ (not published)"
  fi
}

check_size() {
  local size
  size="$(du -sm "$PUBLIC" | cut -f1)"
  log "site size: ${size} MB"
  (( size < 500 )) || die "site is over 500 MB; large media belongs in the assets bucket"
}

preview() {
  log "serving on http://127.0.0.1:1313 (Ctrl-C to stop)"
  exec hugo server --source "$SITE" --bind 127.0.0.1 --port 1313 --disableFastRender
}

robots_check() {
  # the handbook is internal-facing but public; search engines should skip /drafts/
  local robots="$PUBLIC/robots.txt"
  if [[ ! -f "$robots" ]]; then
    log "warning: no robots.txt generated (enableRobotsTXT in hugo.toml)"
    return 0
  fi
  grep -q 'Disallow: /drafts/' "$robots" || log "warning: robots.txt does not exclude /drafts/"
}

aws_cli() {
  aws --profile "$AWS_PROFILE_NAME" "$@"
}

whoami() {
  aws_cli sts get-caller-identity --query Arn --output text 2>/dev/null \
    || die "not logged in: aws sso login --profile $AWS_PROFILE_NAME"
}

publish() {
  local branch
  branch="$(git -C "$SITE" rev-parse --abbrev-ref HEAD)"
  [[ "$branch" == main ]] || die "publish only from main (on $branch)"
  [[ -z "$(git -C "$SITE" status --porcelain -- .)" ]] || die "uncommitted changes in site/"
  log "identity: $(whoami)"
  log "syncing to $BUCKET"
  aws_cli s3 sync "$PUBLIC/" "$BUCKET/" --delete --only-show-errors \
    --cache-control 'public, max-age=300' --exclude '*.DS_Store'
  aws_cli s3 cp "$BUCKET/sitemap.xml" - >/dev/null || die "sitemap missing after sync"
  log "invalidating CloudFront $DISTRIBUTION_ID"
  aws_cli cloudfront create-invalidation --distribution-id "$DISTRIBUTION_ID" --paths '/*' \
    --query 'Invalidation.Id' --output text
}

check_front_matter() {
  # every page needs a title and an owner team, the handbook nav depends on it
  local missing=0 f
  while IFS= read -r f; do
    if ! sed -n '1,/^---$/p' "$f" | grep -q '^title:'; then
      printf '  no title: %s\n' "${f#$SITE/}"
      missing=$((missing + 1))
    fi
    if ! sed -n '2,/^---$/p' "$f" | grep -q '^owner:'; then
      printf '  no owner: %s\n' "${f#$SITE/}"
      missing=$((missing + 1))
    fi
  done < <(find "$SITE/content" -name '*.md' -not -name '_index.md')
  ((missing == 0)) || die "$missing front matter problem(s)"
}

check_images() {
  # large images slow the handbook down; list anything over 1 MB
  local big
  big="$(find "$SITE/static" "$SITE/content" -type f \( -name '*.png' -o -name '*.jpg' \) -size +1M 2>/dev/null)"
  if [[ -n "$big" ]]; then
    log "images over 1 MB (consider compressing):"
    printf '  %s\n' $big
  fi
}

compare_with_live() {
  # list pages that would be deleted from the bucket by --delete
  aws_cli s3 ls "$BUCKET/" --recursive | awk '{print $4}' | sort > "$SITE/.live-files"
  (cd "$PUBLIC" && find . -type f | sed 's|^\./||' | sort) > "$SITE/.local-files"
  local gone
  gone="$(comm -23 "$SITE/.live-files" "$SITE/.local-files" | wc -l)"
  log "$gone file(s) will be removed from the bucket"
  comm -23 "$SITE/.live-files" "$SITE/.local-files" | head -n 20
  rm -f "$SITE/.live-files" "$SITE/.local-files"
}

record() {
  local file="$SITE/.publish-log"
  printf '%s %s %s\n' "$(date -u +%FT%TZ)" "$(git -C "$SITE" rev-parse --short HEAD)" "$mode" >> "$file"
  tail -n 50 "$file" > "$file.tmp" && mv "$file.tmp" "$file"
}

main() {
  parse "$@"
  check_tools
  check_drafts
  check_front_matter
  check_images
  build
  check_links
  robots_check
  check_size
  case "$mode" in
    preview) preview ;;
    publish) compare_with_live; publish; record ;;
    build) log "built only; --publish to deploy" ;;
  esac
}

main "$@"
