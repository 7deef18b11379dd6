#!/usr/bin/env bash
# books.sh - beancount housekeeping for the household ledger.
#
#   ./books.sh check                 bean-check + bean-format --check on all files
#   ./books.sh import [--commit]     run the smart_importer config on inbox/*.csv
#   ./books.sh prices                fetch commodity prices with bean-price
#   ./books.sh fava                  start fava on 127.0.0.1 (stops on Ctrl-C)
#   ./books.sh archive YEAR          move inbox/done/YEAR-* into archive/YEAR/
#   ./books.sh backup                encrypted tarball of the ledger to backups/
#
# The ledger is private: everything stays in this directory; backups are
# age-encrypted to the recipient in .age-recipient before leaving it.
set -euo pipefail
shopt -s nullglob

BOOKS="$(cd "$(dirname "$0")" && pwd)"
MAIN="$BOOKS/main.beancount"
INBOX="$BOOKS/inbox"
IMPORT_CFG="$BOOKS/importers/config.py"
BACKUPS="$BOOKS/backups"
FAVA_PORT="${FAVA_PORT:-5005}"

say() { echo "books: $*"; }
die() { echo "books: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null || die "$1 not installed (pip install -r requirements.txt)"; }

ledger_files() {
  find "$BOOKS" -path "$BOOKS/backups" -prune -o -path "$BOOKS/.git" -prune -o \
    -type f -name '*.beancount' -print | sort
}

cmd_check() {
  need bean-check
  bean-check "$MAIN"
  local f bad=0
  if command -v bean-format >/dev/null; then
    while IFS= read -r f; do
      if ! diff -q <(bean-format "$f") "$f" >/dev/null; then
        say "not formatted: ${f#"$BOOKS"/}"
        bad=1
      fi
    done < <(ledger_files)
  fi
  (( bad == 0 )) && say "all good"
  return "$bad"
}

cmd_import() {
  local commit=0
  [[ "${1:-}" == --commit ]] && commit=1
  need bean-extract
  local csvs=("$INBOX"/*.csv "$INBOX"/*.CSV)
  (( ${#csvs[@]} )) || { say "inbox is empty"; return 0; }
  local month out
  month="$(date +%Y-%m)"
  out="$BOOKS/imports/$month.beancount"
  mkdir -p "$BOOKS/imports" "$INBOX/done"
  say "extracting ${#csvs[@]} file(s)"
  local tmp
  tmp="$(mktemp "$BOOKS/.import.XXXXXX")"
  trap 'rm -f "$tmp"' RETURN
  bean-extract -e "$MAIN" "$IMPORT_CFG" "${csvs[@]}" > "$tmp"
  local n
  n="$(grep -cE '^[0-9]{4}-[0-9]{2}-[0-9]{2} [*!]' "$tmp" || true)"
  say "$n new transaction(s)"
  if (( ! commit )); then
    sed -n '1,60p' "$tmp"
    say "preview only; rerun with --commit to append to imports/$month.beancount"
    return 0
  fi
  cat "$tmp" >> "$out"
  if ! grep -qF "include \"imports/$month.beancount\"" "$MAIN"; then
    printf '\ninclude "imports/%s.beancount"\n' "$month" >> "$MAIN"
  fi
  local f
  for f in "${csvs[@]}"; do
    mv -- "$f" "$INBOX/done/$(date +%F)-$(basename "$f")"
  done
  bean-check "$MAIN" && say "imported into imports/$month.beancount"
}

cmd_prices() {
  need bean-price
  local out="$BOOKS/prices.beancount"
  bean-price --update --inactive=false "$MAIN" >> "$out.new" || true
  if [[ -s "$out.new" ]]; then
    cat "$out.new" >> "$out"
    say "$(wc -l < "$out.new") price(s) added"
  fi
  rm -f -- "$out.new"
}

FAVA_PID=""
stop_fava() {
  if [[ -n "$FAVA_PID" ]] && kill -0 "$FAVA_PID" 2>/dev/null; then
    kill "$FAVA_PID"
    wait "$FAVA_PID" 2>/dev/null || true
  fi
}

cmd_fava() {
  need fava
  trap stop_fava EXIT INT TERM
  fava --host 127.0.0.1 --port "$FAVA_PORT" "$MAIN" &
  FAVA_PID=$!
  say "fava on http://127.0.0.1:$FAVA_PORT (pid $FAVA_PID)"
  wait "$FAVA_PID"
}

cmd_archive() {
  local year="${1:-}"
  [[ "$year" =~ ^20[0-9]{2}$ ]] || die "usage: books.sh archive YEAR"
  local files=("$INBOX/done/$year"-*)
  (( ${#files[@]} )) || { say "nothing for $year"; return 0; }
  mkdir -p "$BOOKS/archive/$year"
  mv -- "${files[@]}" "$BOOKS/archive/$year/"
  say "archived ${#files[@]} file(s) to archive/$year"
}

cmd_backup() {
  need age
  [[ -f "$BOOKS/.age-recipient" ]] || die "put the age public key in .age-recipient"
  mkdir -p "$BACKUPS"
  chmod 700 "$BACKUPS"
  local name="$BACKUPS/books-$(date +%Y%m%d-%H%M).tar.gz.age"
  tar -C "$BOOKS" --exclude=./backups --exclude=./.git -czf - . \
    | age -R "$BOOKS/.age-recipient" -o "$name"
  chmod 600 "$name"
  say "backup: ${name#"$BOOKS"/} ($(du -h "$name" | cut -f1))"
  # keep the 12 newest backups
  local old
  mapfile -t old < <(ls -1t "$BACKUPS"/books-*.tar.gz.age | tail -n +13)
  if (( ${#old[@]} )); then
    rm -f -- "${old[@]}"
    say "pruned ${#old[@]} old backup(s)"
  fi
}

cmd_stats() {
  need bean-query
  bean-query -f text "$MAIN" \
    "SELECT year, count(*) AS txns FROM #transactions GROUP BY year ORDER BY year"
  bean-query -f text "$MAIN" \
    "SELECT root(account, 2) AS acct, sum(cost(position)) AS total
     WHERE account ~ '^Expenses' AND year = YEAR(today()) GROUP BY acct ORDER BY total DESC"
}

cmd_receipt() {
  # attach a scanned receipt to a transaction: store it under documents/
  # using fava's Account/YYYY-MM-DD.name convention so fava links it
  local file="${1:-}" account="${2:-}" date="${3:-$(date +%F)}"
  [[ -f "$file" && -n "$account" ]] || die "usage: books.sh receipt FILE ACCOUNT [DATE]"
  [[ "$account" =~ ^(Assets|Liabilities|Expenses|Income|Equity)(:[A-Za-z0-9-]+)+$ ]] \
    || die "not a beancount account: $account"
  [[ "$date" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] || die "date must be YYYY-MM-DD"
  local dir="$BOOKS/documents/${account//://}"
  mkdir -p "$dir"
  local dest="$dir/$date.$(basename "$file")"
  [[ -e "$dest" ]] && die "already exists: ${dest#"$BOOKS"/}"
  cp -- "$file" "$dest"
  chmod 600 "$dest"
  say "stored ${dest#"$BOOKS"/}"
}

cmd_balance() {
  need bean-query
  local acct="${1:-Assets}"
  bean-query -f text "$MAIN" \
    "SELECT account, sum(position) AS balance WHERE account ~ '^$acct' GROUP BY account ORDER BY account"
}

case "${1:-}" in
  receipt) shift; cmd_receipt "$@" ;;
  balance) shift; cmd_balance "$@" ;;
  check) cmd_check ;;
  import) shift; cmd_import "$@" ;;
  prices) cmd_prices ;;
  fava) cmd_fava ;;
  archive) shift; cmd_archive "$@" ;;
  backup) cmd_backup ;;
  stats) cmd_stats ;;
  *) sed -n '2,12p' "$0"; exit 2 ;;
esac
