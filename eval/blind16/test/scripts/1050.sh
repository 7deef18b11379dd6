#!/usr/bin/env bash
# Function history report: how did one function evolve, and who touched it?
#
#   tools/func_history.sh FILE FUNCNAME [--since 2.years] [--html out.html]
#
# Uses `git log -L :FUNCNAME:FILE` (git's function-range tracking via the
# userdiff driver set in .gitattributes), summarises each commit that changed
# the function (date, author, lines added/removed inside the function), and adds
# a current blame breakdown of the function body. Output is Markdown on stdout,
# or an HTML file inside the repository with --html. All git invocations are
# read-only (log, blame, show); nothing is written to .git.
set -euo pipefail

TOP="$(git rev-parse --show-toplevel)"
cd "$TOP"

file="${1:-}"
func="${2:-}"
shift 2 || true
since="5.years"
html_out=""

while [[ $# -gt 0 ]]; do
  case "$1" in
    --since) since="$2"; shift 2 ;;
    --html) html_out="$2"; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

[[ -n "$file" && -n "$func" ]] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[[ -f "$file" ]] || { echo "no such file: $file" >&2; exit 1; }
[[ "$func" =~ ^[A-Za-z_][A-Za-z0-9_:.]*$ ]] || { echo "odd function name: $func" >&2; exit 1; }

TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

func_range() {
  # current start,end lines of the function from git's own function detection
  git log -1 -L ":$func:$file" --format='' 2>/dev/null \
    | awk '/^@@/ { split($3, a, ","); start = substr(a[1], 2); len = (a[2] == "" ? 1 : a[2]); print start "," start + len - 1; exit }'
}

history_rows() {
  git log --since="$since" -L ":$func:$file" --format='@@@%h%x09%ad%x09%an%x09%s' --date=short 2>/dev/null \
    | awk -F'\t' '
        /^@@@/ { if (sha != "") print sha "\t" date "\t" author "\t" subject "\t" plus "\t" minus;
                 sha = substr($1, 4); date = $2; author = $3; subject = $4; plus = 0; minus = 0; next }
        /^\+[^+]/ { plus++ }
        /^-[^-]/ { minus++ }
        END { if (sha != "") print sha "\t" date "\t" author "\t" subject "\t" plus "\t" minus }'
}

blame_rows() {
  local range="$1"
  git blame --line-porcelain -L "$range" -- "$file" \
    | awk '/^author / { sub(/^author /, ""); n[$0]++ } END { for (a in n) print n[a] "\t" a }' \
    | sort -rn
}

markdown() {
  local range="$1" total
  echo "# History of \`$func\` in \`$file\`"
  echo
  echo "Current location: lines $range"
  echo
  echo "| commit | date | author | +/- | subject |"
  echo "|---|---|---|---|---|"
  while IFS=$'\t' read -r sha date author subject plus minus; do
    printf '| %s | %s | %s | +%s/-%s | %s |\n' "$sha" "$date" "$author" "$plus" "$minus" "${subject//|/\\|}"
  done <"$TMP/history.tsv"
  echo
  total="$(awk -F'\t' '{ s += $1 } END { print s + 0 }' "$TMP/blame.tsv")"
  echo "## Current authorship ($total lines)"
  echo
  while IFS=$'\t' read -r n author; do
    printf -- '- %s: %s lines (%d%%)\n' "$author" "$n" $(( n * 100 / (total > 0 ? total : 1) ))
  done <"$TMP/blame.tsv"
}

to_html() {
  local md="$1" out="$2"
  case "$(cd "$(dirname "$out")" 2>/dev/null && pwd)" in
    "$TOP"|"$TOP"/*) ;;
    *) echo "--html target must be inside the repository" >&2; exit 1 ;;
  esac
  {
    echo '<!doctype html><meta charset="utf-8"><title>function history</title><pre>'
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$md"
    echo '</pre>'
  } >"$out"
  echo "wrote $out"
}

age_summary() {
  # How old is the code in the function today? Median author-time of its lines.
  local range="$1" now median
  now="$(date +%s)"
  median="$(git blame --line-porcelain -L "$range" -- "$file" \
    | awk '/^author-time / {print $2}' | sort -n \
    | awk '{ a[NR] = $1 } END { if (NR) print a[int((NR + 1) / 2)] }')"
  [[ -n "$median" ]] || return 0
  echo
  echo "Median line age: $(( (now - median) / 86400 )) days"
}

related_tests() {
  # Tests that mention the function by name: the first place to look when it regresses.
  local hits
  hits="$(git grep -n -w -- "$func" -- 'tests/**' 'test/**' '*_test.*' '*test_*.py' 2>/dev/null | head -n 20 || true)"
  echo
  echo "## Tests referencing \`$func\`"
  echo
  if [[ -z "$hits" ]]; then
    echo "_none found_"
  else
    printf '%s\n' "$hits" | sed 's/^/- /'
  fi
}

co_changed_files() {
  # Files that most often change in the same commits as this function.
  local sha
  echo
  echo "## Files changed together with \`$func\`"
  echo
  cut -f1 "$TMP/history.tsv" | while IFS= read -r sha; do
    git show --name-only --format='' "$sha"
  done | grep -v -x -- "$file" | sort | uniq -c | sort -rn | head -n 8 \
    | awk '{ printf "- %s (%d commits)\n", $2, $1 }'
}

main() {
  local range
  range="$(func_range)"
  [[ -n "$range" ]] || { echo "git could not locate $func in $file (check the diff driver in .gitattributes)" >&2; exit 1; }
  history_rows >"$TMP/history.tsv"
  blame_rows "$range" >"$TMP/blame.tsv"
  {
    markdown "$range"
    age_summary "$range"
    related_tests
    co_changed_files
  } >"$TMP/report.md"
  if [[ -n "$html_out" ]]; then
    to_html "$TMP/report.md" "$html_out"
  else
    cat "$TMP/report.md"
  fi
}

main
