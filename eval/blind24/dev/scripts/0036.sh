#!/usr/bin/env bash
# perf-audit.sh -- build the site, serve it locally, and run Lighthouse + pa11y.
#
#   scripts/perf-audit.sh                 # audit / and /pricing
#   scripts/perf-audit.sh /docs /blog     # custom routes
#   BUDGET_PERF=85 scripts/perf-audit.sh  # fail below this performance score
#
# The preview server is started by this script on 127.0.0.1 and killed when
# the script exits. Reports go to reports/audit/. Lighthouse uses a throwaway
# Chrome profile in a temp dir that is removed afterwards.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
PORT="${AUDIT_PORT:-4173}"
BASE="http://127.0.0.1:$PORT"
OUT="$ROOT/reports/audit"
BUDGET_PERF="${BUDGET_PERF:-80}"
BUDGET_A11Y="${BUDGET_A11Y:-95}"
SERVER_PID=""
PROFILE_DIR=""
ROUTES=("$@")
((${#ROUTES[@]})) || ROUTES=(/ /pricing)

log() { printf '[audit] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

cleanup() {
  if [[ -n "$SERVER_PID" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
    # kill the preview server's process group (we started it with setsid)
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || kill -TERM "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
    log "preview server stopped"
  fi
  if [[ -n "$PROFILE_DIR" && -d "$PROFILE_DIR" ]]; then
    rm -rf -- "$PROFILE_DIR"
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

need() {
  command -v "$1" >/dev/null 2>&1 || die "$1 not found${2:+ ($2)}"
}

need node
need npx
need jq "apt install jq / brew install jq"

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; }

if port_busy; then
  die "port $PORT already in use; set AUDIT_PORT"
fi

log "building"
npm run build --silent 2>&1 | tail -n 20

log "starting preview on $BASE"
setsid npx --no-install vite preview --host 127.0.0.1 --port "$PORT" --strictPort \
  >"$ROOT/.preview.log" 2>&1 &
SERVER_PID=$!

for i in $(seq 1 60); do
  if curl -fsS -o /dev/null "$BASE/"; then
    break
  fi
  kill -0 "$SERVER_PID" 2>/dev/null || die "preview server died; see .preview.log"
  sleep 0.5
  ((i == 60)) && die "preview did not come up on $BASE"
done

mkdir -p "$OUT"
PROFILE_DIR="$(mktemp -d "${TMPDIR:-/tmp}/lh-profile.XXXXXX")"

slug() {
  local r="$1"
  r="${r#/}"
  r="${r//\//-}"
  printf '%s' "${r:-home}"
}

lighthouse_route() {
  local route="$1" name json
  name="$(slug "$route")"
  json="$OUT/lh-$name.json"
  log "lighthouse $route"
  npx --no-install lighthouse "$BASE$route" \
    --quiet \
    --output json --output html \
    --output-path "$OUT/lh-$name" \
    --only-categories=performance,accessibility,best-practices,seo \
    --chrome-flags="--headless=new --no-first-run --user-data-dir=$PROFILE_DIR" \
    >/dev/null 2>"$OUT/lh-$name.err" || { log "lighthouse failed on $route"; return 1; }
  mv -f "$OUT/lh-$name.report.json" "$json" 2>/dev/null || true
  mv -f "$OUT/lh-$name.report.html" "$OUT/lh-$name.html" 2>/dev/null || true
  jq -r --arg r "$route" '
    [$r,
     (.categories.performance.score * 100 | floor),
     (.categories.accessibility.score * 100 | floor),
     (.categories["best-practices"].score * 100 | floor),
     (.categories.seo.score * 100 | floor)] | @tsv' "$json"
}

pa11y_route() {
  local route="$1" name
  name="$(slug "$route")"
  log "pa11y $route"
  npx --no-install pa11y "$BASE$route" --reporter json --standard WCAG2AA \
    >"$OUT/pa11y-$name.json" 2>/dev/null || true
  jq 'length' "$OUT/pa11y-$name.json" 2>/dev/null || echo "?"
}

failures=0
summary="$OUT/summary.tsv"
printf 'route\tperf\ta11y\tbest\tseo\tpa11y_issues\n' >"$summary"
for route in "${ROUTES[@]}"; do
  [[ "$route" == /* ]] || die "routes must start with /: $route"
  if ! row="$(lighthouse_route "$route")"; then
    failures=$((failures + 1))
    continue
  fi
  issues="$(pa11y_route "$route")"
  printf '%s\t%s\n' "$row" "$issues" >>"$summary"
  perf="$(cut -f2 <<<"$row")"
  a11y="$(cut -f3 <<<"$row")"
  if ((perf < BUDGET_PERF)); then
    log "$route: performance $perf < budget $BUDGET_PERF"
    failures=$((failures + 1))
  fi
  if ((a11y < BUDGET_A11Y)); then
    log "$route: accessibility $a11y < budget $BUDGET_A11Y"
    failures=$((failures + 1))
  fi
done

column -t -s $'\t' "$summary"

bundle_report() {
  # optional: treemap of the built JS, useful next to a low perf score
  if [[ -d dist/assets ]] && npx --no-install source-map-explorer --version >/dev/null 2>&1; then
    npx --no-install source-map-explorer 'dist/assets/*.js' --html "$OUT/bundle.html" \
      >/dev/null 2>&1 && log "bundle treemap: ${OUT#"$ROOT"/}/bundle.html"
  fi
}
bundle_report

compare_with_previous() {
  # compare against the summary committed on main, if any, to spot regressions
  local prev
  prev="$(git show origin/main:reports/audit/summary.tsv 2>/dev/null || true)"
  [[ -n "$prev" ]] || return 0
  log "change vs origin/main (perf / a11y):"
  while IFS=$'\t' read -r route perf a11y _best _seo _issues; do
    [[ "$route" == route ]] && continue
    local old_perf old_a11y
    old_perf="$(awk -F'\t' -v r="$route" '$1==r{print $2}' <<<"$prev")"
    old_a11y="$(awk -F'\t' -v r="$route" '$1==r{print $3}' <<<"$prev")"
    [[ -n "$old_perf" ]] || continue
    printf '  %-20s %+4d %+4d\n' "$route" $((perf - old_perf)) $((a11y - old_a11y)) >&2
  done <"$summary"
}
compare_with_previous

write_markdown() {
  local md="$OUT/summary.md"
  {
    printf '| route | perf | a11y | best practices | seo | pa11y issues |\n'
    printf '|---|---|---|---|---|---|\n'
    tail -n +2 "$summary" | while IFS=$'\t' read -r a b c d e f; do
      printf '| %s | %s | %s | %s | %s | %s |\n' "$a" "$b" "$c" "$d" "$e" "$f"
    done
  } >"$md"
  log "markdown table for the PR: ${md#"$ROOT"/}"
}
write_markdown

rm -f -- "$OUT"/*.err
if ((failures)); then
  log "$failures budget failure(s); reports in ${OUT#"$ROOT"/}"
  exit 1
fi
log "all routes within budget; reports in ${OUT#"$ROOT"/}"
