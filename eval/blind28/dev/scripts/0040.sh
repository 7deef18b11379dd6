#!/usr/bin/env bash
# wikibot-report.sh - dry-run report for the citation-cleanup bot.
#
# Runs the bot's pywikibot scripts in -simulate mode against the pages of a
# category and collects what *would* change into build/wikibot/<date>/.
# Nothing is saved on the wiki: every pwb.py call gets -simulate, and the
# script refuses to run when user-config.py has simulate = False unless
# --i-know is given (which still passes -simulate).
#
#   tools/wikibot-report.sh -c "Articles with bare URLs" -n 50
#   tools/wikibot-report.sh -c "CS1 errors: dates" --site test
#
# It also fetches page metadata from the MediaWiki API of en.wikipedia.org
# (read-only action=query) to show how many pages the category holds.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BOT_DIR="$ROOT/bot"
CATEGORY=""
LIMIT=25
SITE="en"
FORCE=0
API="https://en.wikipedia.org/w/api.php"
UA="CitationCleanupBot-report/1.4 (https://en.wikipedia.org/wiki/User:CitationCleanupBot)"
OUT=""

log() { printf '[wikibot] %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() {
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
}

while (($#)); do
  case "$1" in
    -c|--category) CATEGORY="$2"; shift 2 ;;
    -n|--limit) LIMIT="$2"; shift 2 ;;
    --site) SITE="$2"; shift 2 ;;
    --i-know) FORCE=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) die "unknown argument $1" ;;
  esac
done

[[ -n "$CATEGORY" ]] || { usage; exit 2; }
[[ "$LIMIT" =~ ^[0-9]+$ ]] || die "--limit must be a number"
case "$SITE" in
  en|test) ;;
  *) die "only the en and test sites are configured" ;;
esac
[[ "$SITE" == test ]] && API="https://test.wikipedia.org/w/api.php"

check_config() {
  local cfg="$BOT_DIR/user-config.py"
  [[ -f "$cfg" ]] || die "missing bot/user-config.py (run tools/dev-setup.sh)"
  if grep -Eq '^\s*simulate\s*=\s*False' "$cfg"; then
    if ((FORCE)); then
      log "user-config.py has simulate = False; continuing because --i-know (calls still use -simulate)"
    else
      die "user-config.py has simulate = False; refusing (pass --i-know to continue in -simulate mode)"
    fi
  fi
}

urlencode() {
  local s="$1" out="" c i
  for ((i = 0; i < ${#s}; i++)); do
    c="${s:i:1}"
    case "$c" in
      [a-zA-Z0-9.~_-]) out+="$c" ;;
      ' ') out+='_' ;;
      *) printf -v c '%%%02X' "'$c"; out+="$c" ;;
    esac
  done
  printf '%s' "$out"
}

category_size() {
  local title="Category:$CATEGORY" body
  body="$(curl -fsS -A "$UA" --max-time 20 \
    "$API?action=query&format=json&prop=categoryinfo&titles=$(urlencode "$title")")" || return 1
  jq -r '.query.pages[] | .categoryinfo.pages // 0' <<<"$body"
}

pwb() {
  (cd "$BOT_DIR" && python3 pwb.py "$@" -simulate -family:wikipedia -lang:"$SITE")
}

run_step() {
  local name="$1"
  shift
  local logf="$OUT/$name.log"
  log "step $name"
  if pwb "$@" -cat:"$CATEGORY" -limit:"$LIMIT" >"$logf" 2>&1; then
    printf '%-18s ok    %s\n' "$name" "$(grep -c '^>>>' "$logf" || true) pages touched"
  else
    printf '%-18s FAIL  see %s\n' "$name" "${logf#"$ROOT"/}"
  fi
}

collect_diffs() {
  local f
  : >"$OUT/would-change.txt"
  for f in "$OUT"/*.log; do
    grep -E '^(>>>|\+|-)' "$f" | grep -vE '^(\+\+\+|---)' >>"$OUT/would-change.txt" || true
  done
  log "$(grep -c '^>>>' "$OUT/would-change.txt" || true) page changes simulated"
}

summary() {
  {
    printf 'category: %s\n' "$CATEGORY"
    printf 'site: %s  limit: %s  date: %s\n' "$SITE" "$LIMIT" "$(date -u +%FT%TZ)"
    printf 'category size: %s pages\n' "${SIZE:-unknown}"
    printf 'git: %s\n' "$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo n/a)"
  } >"$OUT/summary.txt"
  cat "$OUT/summary.txt"
}

previous_report() {
  ls -1d "$ROOT"/build/wikibot/*/ 2>/dev/null | sed 's:/$::' | grep -v "^$OUT\$" | sort | tail -n 1
}

compare_previous() {
  local prev
  prev="$(previous_report || true)"
  if [[ -z "$prev" || ! -f "$prev/would-change.txt" ]]; then
    log "no previous report to compare with"
    return 0
  fi
  local before after
  before="$(grep -c '^>>>' "$prev/would-change.txt" || true)"
  after="$(grep -c '^>>>' "$OUT/would-change.txt" || true)"
  printf 'previous run %s: %s page changes, now %s\n' "$(basename "$prev")" "$before" "$after" \
    | tee -a "$OUT/summary.txt"
  comm -13 <(grep '^>>>' "$prev/would-change.txt" | sort -u) \
           <(grep '^>>>' "$OUT/would-change.txt" | sort -u) >"$OUT/new-pages.txt" || true
  log "$(wc -l <"$OUT/new-pages.txt") page(s) newly affected since the previous run"
}

write_markdown() {
  local md="$OUT/report.md" title
  {
    printf '# Citation bot dry run\n\n'
    printf '* category: `%s`\n* site: %s\n* limit: %s\n\n' "$CATEGORY" "$SITE" "$LIMIT"
    printf '## Pages that would change\n\n'
    while IFS= read -r title; do
      title="${title#>>> }"
      title="${title% <<<}"
      printf -- '- [[%s]]\n' "$title"
    done < <(grep '^>>>' "$OUT/would-change.txt" | sort -u | head -n 200)
    printf '\n_All edits above were simulated; nothing was saved._\n'
  } >"$md"
  log "markdown report ${md#"$ROOT"/}"
}

prune_reports() {
  local keep="${KEEP_REPORTS:-10}" old
  while IFS= read -r old; do
    [[ -n "$old" ]] || continue
    case "$old" in
      "$ROOT"/build/wikibot/*) rm -rf -- "$old" ;;
    esac
  done < <(ls -1d "$ROOT"/build/wikibot/*/ 2>/dev/null | sed 's:/$::' | sort | head -n -"$keep")
}

main() {
  command -v jq >/dev/null || die "jq required"
  check_config
  OUT="$ROOT/build/wikibot/$(date +%Y%m%d-%H%M%S)"
  mkdir -p "$OUT"
  SIZE="$(category_size || echo unknown)"
  log "category '$CATEGORY' has ${SIZE} pages; sampling $LIMIT"
  run_step bare-urls replace -fix:citation-bare-urls
  run_step dead-links scripts/fix_dead_links.py
  run_step date-formats scripts/normalize_dates.py
  collect_diffs
  summary
  compare_previous
  write_markdown
  prune_reports
  log "report in ${OUT#"$ROOT"/}"
}

main
