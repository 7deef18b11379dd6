#!/usr/bin/env bash
# site-audit.sh - accessibility + SEO audit of the marketing site.
#
#   local    build, serve dist/ on 127.0.0.1:4173, audit it, stop the server
#   staging  mirror https://staging.www.internal (our own staging) into
#            build/mirror and audit the mirror offline
#
# Reports land in reports/audit-<date>/. Nothing outside localhost and the
# staging host is fetched: linkinator is told to skip external links.
set -Eeuo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
STAMP="$(date +%Y%m%d-%H%M)"
REPORT_DIR="reports/audit-$STAMP"
PORT="${PORT:-4173}"
BASE="http://127.0.0.1:$PORT"
STAGING_HOST="staging.www.internal"
SERVER_PID=""
PAGES_FILE=""

say() { echo "audit: $*"; }
fail() { echo "audit: error: $*" >&2; exit 1; }

stop_server() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    say "stopping preview server (pid $SERVER_PID)"
    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  [[ -n "$PAGES_FILE" ]] && rm -f "$PAGES_FILE"
}
trap stop_server EXIT
trap 'fail "interrupted"' INT TERM

wait_http() {
  local url="$1" i
  for i in $(seq 1 60); do
    if curl -fsS -o /dev/null "$url"; then return 0; fi
    sleep 0.5
  done
  fail "$url did not respond"
}

serve_dir() {
  local dir="$1"
  [[ -d "$dir" ]] || fail "$dir does not exist"
  python3 -m http.server "$PORT" --bind 127.0.0.1 --directory "$dir" >/dev/null 2>&1 &
  SERVER_PID=$!
  wait_http "$BASE/"
  say "serving $dir on $BASE (pid $SERVER_PID)"
}

build_site() {
  say "building"
  npm run --silent build >"$REPORT_DIR/build.log" 2>&1 || {
    tail -n 40 "$REPORT_DIR/build.log"; fail "build failed"; }
}

mirror_staging() {
  local user pass
  user="$(grep -E '^STAGING_USER=' .env 2>/dev/null | cut -d= -f2- || true)"
  pass="$(grep -E '^STAGING_PASS=' .env 2>/dev/null | cut -d= -f2- || true)"
  rm -rf build/mirror
  mkdir -p build/mirror
  say "mirroring https://$STAGING_HOST/ into build/mirror"
  local -a auth=()
  if [[ -n "$user" ]]; then
    auth=(--user="$user" --password="$pass")
  fi
  # credentials only go to our own staging host; --no-parent + --domains keep wget there
  wget --mirror --no-parent --convert-links --adjust-extension --page-requisites \
    --domains="$STAGING_HOST" --reject-regex '/(cart|account|checkout)' \
    --wait=0.2 --tries=3 --timeout=20 "${auth[@]}" \
    -P build/mirror -nH "https://$STAGING_HOST/" >"$REPORT_DIR/wget.log" 2>&1 || true
  [[ -f build/mirror/index.html ]] || fail "mirror has no index.html (see wget.log)"
}

collect_pages() {
  PAGES_FILE="$(mktemp)"
  if curl -fsS "$BASE/sitemap.xml" -o "$REPORT_DIR/sitemap.xml"; then
    grep -o '<loc>[^<]*</loc>' "$REPORT_DIR/sitemap.xml" \
      | sed -E 's#<loc>https?://[^/]+(/[^<]*)</loc>#\1#' \
      | head -n "${MAX_PAGES:-40}" >"$PAGES_FILE"
  fi
  [[ -s "$PAGES_FILE" ]] || echo "/" >"$PAGES_FILE"
  say "$(wc -l <"$PAGES_FILE") page(s) to audit"
}

run_pa11y() {
  local path slug errors=0 n
  while IFS= read -r path; do
    slug="$(echo "${path#/}" | tr '/' '_' )"
    slug="${slug:-index}"
    npx --no-install pa11y "$BASE$path" --standard WCAG2AA --reporter json \
      >"$REPORT_DIR/pa11y-$slug.json" 2>/dev/null || true
    n="$(jq '[.[] | select(.type=="error")] | length' "$REPORT_DIR/pa11y-$slug.json" 2>/dev/null || echo 0)"
    errors=$((errors + n))
    printf '  %-40s %3d errors\n' "$path" "$n"
  done <"$PAGES_FILE"
  echo "$errors" >"$REPORT_DIR/pa11y-total.txt"
}

run_lighthouse() {
  local path slug
  while IFS= read -r path; do
    slug="$(echo "${path#/}" | tr '/' '_')"
    slug="${slug:-index}"
    npx --no-install lighthouse "$BASE$path" --quiet \
      --only-categories=accessibility,seo,best-practices \
      --chrome-flags="--headless=new --no-first-run" \
      --output json --output-path "$REPORT_DIR/lh-$slug.json" || true
  done < <(head -n 5 "$PAGES_FILE")
}

run_linkinator() {
  npx --no-install linkinator "$BASE" --recurse --format json \
    --skip '^(?!http://127\.0\.0\.1)' --timeout 10000 \
    >"$REPORT_DIR/links.json" 2>/dev/null || true
  jq -r '.links[] | select(.state=="BROKEN") | "\(.status) \(.url) (from \(.parent))"' \
    "$REPORT_DIR/links.json" 2>/dev/null | sort -u >"$REPORT_DIR/broken-links.txt" || true
}

summary() {
  local a11y seo
  {
    echo "# Site audit $STAMP"
    echo
    echo "- pa11y errors: $(cat "$REPORT_DIR/pa11y-total.txt")"
    echo "- broken internal links: $(wc -l <"$REPORT_DIR/broken-links.txt" | tr -d ' ')"
    echo
    echo "| page | a11y | seo |"
    echo "|---|---|---|"
    for f in "$REPORT_DIR"/lh-*.json; do
      [[ -e "$f" ]] || continue
      a11y="$(jq '.categories.accessibility.score * 100 | floor' "$f")"
      seo="$(jq '.categories.seo.score * 100 | floor' "$f")"
      echo "| $(jq -r '.finalDisplayedUrl' "$f" | sed "s#$BASE##") | $a11y | $seo |"
    done
  } >"$REPORT_DIR/README.md"
  cat "$REPORT_DIR/README.md"
}

compare_previous() {
  # compare the pa11y total with the previous audit folder, if any
  local prev
  prev="$(ls -1d reports/audit-* 2>/dev/null | sort | grep -v "$STAMP" | tail -n 1 || true)"
  [[ -n "$prev" && -f "$prev/pa11y-total.txt" ]] || return 0
  local before after
  before="$(cat "$prev/pa11y-total.txt")"
  after="$(cat "$REPORT_DIR/pa11y-total.txt")"
  if (( after > before )); then
    say "pa11y errors went up: $before -> $after (previous: $prev)"
  else
    say "pa11y errors: $before -> $after"
  fi
}

prune_old_reports() {
  # keep the 10 newest audit folders; only touches reports/audit-*
  local old
  mapfile -t old < <(ls -1d reports/audit-* 2>/dev/null | sort -r | tail -n +11)
  if (( ${#old[@]} )); then
    say "pruning ${#old[@]} old report folder(s)"
    rm -rf -- "${old[@]}"
  fi
}

main() {
  local mode="${1:-local}"
  command -v jq >/dev/null || fail "jq required"
  mkdir -p "$REPORT_DIR"
  case "$mode" in
    local)
      build_site
      serve_dir dist
      ;;
    staging)
      mirror_staging
      serve_dir build/mirror
      ;;
    *) fail "usage: $0 [local|staging]" ;;
  esac
  collect_pages
  run_pa11y
  run_lighthouse
  run_linkinator
  summary
  compare_previous
  prune_old_reports
}

main "$@"
