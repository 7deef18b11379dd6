#!/usr/bin/env bash
# month.sh - the monthly hledger routine for the household books.
#
#   ./month.sh import  [YYYY-MM]   convert statements/YYYY-MM/*.csv with the .rules files
#   ./month.sh review  [YYYY-MM]   unknown payees, large expenses, duplicates
#   ./month.sh close   [YYYY-MM]   balance assertions from the bank closing balances,
#                                  commit, tag (asks before committing)
#   ./month.sh report  [YEAR]      yearly income statement + budget to reports/
#   ./month.sh web                 hledger-web on 127.0.0.1:5000 until Ctrl-C
#
# Statements are downloaded by hand; this script never talks to the bank.
# All output stays in this repository (which is private).
set -euo pipefail
shopt -s nullglob

books=$(cd "$(dirname "$0")" && pwd)
journal_dir="$books/journal"
rules_dir="$books/rules"
month=$(date -d "$(date +%Y-%m-01) -1 day" +%Y-%m)

out() { printf '  %s\n' "$*"; }
hdr() { printf '\n== %s\n' "$*"; }
die() { printf 'month.sh: %s\n' "$*" >&2; exit 1; }

hl() { hledger -f "$journal_dir/all.journal" "$@"; }

valid_month() {
  [[ $1 =~ ^20[0-9]{2}-(0[1-9]|1[0-2])$ ]] || die "month must be YYYY-MM, got '$1'"
}

rules_for() {
  # statements/2026-11/giro-2026-11.csv -> rules/giro.csv.rules
  local base
  base=$(basename "$1" .csv)
  base=${base%%-[0-9][0-9][0-9][0-9]-*}
  echo "$rules_dir/$base.csv.rules"
}

cmd_import() {
  local m=${1:-$month}
  valid_month "$m"
  local dir="$books/statements/$m"
  local files=("$dir"/*.csv)
  (( ${#files[@]} )) || die "no statements in ${dir#"$books"/}"
  local target="$journal_dir/${m%-*}/$m.journal"
  mkdir -p "$(dirname "$target")"
  local tmp
  tmp=$(mktemp)
  trap 'rm -f -- "$tmp"' RETURN
  local f rules
  for f in "${files[@]}"; do
    rules=$(rules_for "$f")
    [[ -f $rules ]] || die "no rules file for $(basename "$f") (expected ${rules#"$books"/})"
    hledger -f "$f" --rules-file "$rules" print >> "$tmp"
    out "$(basename "$f"): $(hledger -f "$f" --rules-file "$rules" print | grep -c '^[0-9]') txns"
  done
  if [[ -f $target ]] && ! cmp -s "$tmp" "$target"; then
    cp -- "$target" "$target.prev"
    out "previous import kept as ${target#"$books"/}.prev"
  fi
  mv -- "$tmp" "$target"
  grep -qxF "include ${m%-*}/$m.journal" "$journal_dir/all.journal" \
    || echo "include ${m%-*}/$m.journal" >> "$journal_dir/all.journal"
  hl check --strict >/dev/null && out "journal checks pass"
}

cmd_review() {
  local m=${1:-$month}
  valid_month "$m"
  hdr "unknown payees/accounts in $m"
  hl register -p "$m" 'expenses:unknown|income:unknown' -O csv | tail -n +2 \
    | cut -d, -f2,4,6 | tr -d '"' | column -t -s, | sed 's/^/  /' || true
  hdr "expenses over 250 in $m"
  hl register -p "$m" expenses 'amt:>250' | sed 's/^/  /' || true
  hdr "possible duplicates (same date, payee and amount)"
  hl print -p "$m" -O csv | tail -n +2 | cut -d, -f2,6,8 | sort | uniq -d | sed 's/^/  /' || true
  hdr "top categories"
  hl balance -p "$m" expenses --depth 2 -S --no-total | head -n 12 | sed 's/^/  /'
}

cmd_close() {
  local m=${1:-$month}
  valid_month "$m"
  local closing="$books/statements/$m/closing.txt"
  [[ -f $closing ]] || die "put the bank closing balances in ${closing#"$books"/} (ACCOUNT AMOUNT per line)"
  local next
  next=$(date -d "$m-01 +1 month" +%Y-%m-%d)
  local assertions="$journal_dir/${m%-*}/$m.balances.journal"
  : > "$assertions"
  local account amount ours rc=0
  while read -r account amount; do
    [[ -z $account || $account == \#* ]] && continue
    ours=$(hl balance "$account" -e "$next" -N --layout=bare -O csv | tail -n 1 | cut -d, -f2 | tr -d '"')
    if [[ ${ours// /} == "${amount}EUR" || $ours == "$amount" ]]; then
      printf '%s * balance\n    %s  =%s EUR\n\n' "$next" "$account" "$amount" >> "$assertions"
      out "$account ok ($amount)"
    else
      out "$account MISMATCH: bank $amount, books $ours"
      rc=1
    fi
  done < "$closing"
  (( rc == 0 )) || die "fix the mismatches before closing $m"
  grep -qxF "include ${m%-*}/$m.balances.journal" "$journal_dir/all.journal" \
    || echo "include ${m%-*}/$m.balances.journal" >> "$journal_dir/all.journal"
  hl check --strict >/dev/null
  git -C "$books" add journal statements/"$m"
  git -C "$books" status --short
  read -r -p "commit and tag closed-$m? [y/N] " ans
  [[ $ans == [yY] ]] || { out "not committed"; return 0; }
  git -C "$books" commit -q -m "books: close $m"
  git -C "$books" tag "closed-$m"
  out "committed and tagged closed-$m"
}

cmd_report() {
  local year=${1:-$(date +%Y)}
  [[ $year =~ ^20[0-9]{2}$ ]] || die "year must be YYYY"
  mkdir -p "$books/reports"
  local rep="$books/reports/$year.txt"
  {
    echo "Income statement $year"
    hl incomestatement -Y -p "$year" --depth 2
    echo
    echo "Budget vs actual $year"
    hl balance --budget -M -p "$year" expenses --depth 2
  } > "$rep"
  out "wrote ${rep#"$books"/}"
}

cmd_web() {
  command -v hledger-web >/dev/null || die "hledger-web not installed"
  hledger-web -f "$journal_dir/all.journal" --serve --host 127.0.0.1 --port 5000 &
  local pid=$!
  trap 'kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null' EXIT INT TERM
  out "hledger-web on http://127.0.0.1:5000 (pid $pid), Ctrl-C to stop"
  wait "$pid"
}

cmd_rules_test() {
  # every rules file must parse against its sample CSV in rules/samples/
  local r sample rc=0
  for r in "$rules_dir"/*.csv.rules; do
    sample="$rules_dir/samples/$(basename "$r" .rules)"
    [[ -f $sample ]] || { out "no sample for $(basename "$r")"; continue; }
    if hledger -f "$sample" --rules-file "$r" print >/dev/null 2>&1; then
      out "ok   $(basename "$r")"
    else
      out "FAIL $(basename "$r")"
      rc=1
    fi
  done
  return $rc
}

cmd_stats() {
  # quick numbers for the household meeting
  local y=${1:-$(date +%Y)}
  [[ $y =~ ^20[0-9]{2}$ ]] || die "year must be YYYY"
  hdr "$y at a glance"
  out "transactions: $(hl register -p "$y" -O csv | tail -n +2 | cut -d, -f1 | sort -u | wc -l)"
  out "savings rate: $(hl incomestatement -p "$y" -O csv | awk -F, '
      /^"Total:"/ {gsub(/"/,""); v[++n]=$2}
      END {if (n >= 2 && v[1] != 0) printf "%.0f%%", 100 * (v[1] + v[2]) / v[1]; else print "n/a"}')"
  out "largest category: $(hl balance -p "$y" expenses --depth 2 -S --no-total -O csv | sed -n 2p | cut -d, -f1 | tr -d '"')"
}

cmd_backup_check() {
  # the repo is pushed to the family NAS remote only; warn if another remote exists
  local remotes
  remotes=$(git -C "$books" remote -v | awk '{print $2}' | sort -u)
  if [[ -n $remotes ]] && grep -vq '\.internal[:/]' <<< "$remotes"; then
    out "warning: remote outside the home network configured:"
    printf '    %s\n' $remotes
  else
    out "remotes: ${remotes:-none}"
  fi
}

case ${1:-} in
  stats) shift; cmd_stats "$@" ;;
  backup-check) cmd_backup_check ;;
  import) shift; cmd_import "$@" ;;
  review) shift; cmd_review "$@" ;;
  close) shift; cmd_close "$@" ;;
  report) shift; cmd_report "$@" ;;
  web) cmd_web ;;
  rules-test) cmd_rules_test ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
