#!/usr/bin/env bash
# Count TODO/FIXME markers per code owner using CODEOWNERS patterns.
# Uses mapfile to read the ownership table and associative arrays to
# aggregate. Read-only report.
set -uo pipefail

owners_file=.github/CODEOWNERS
[[ -f $owners_file ]] || owners_file=CODEOWNERS
if [[ ! -f $owners_file ]]; then
  echo "no CODEOWNERS file" >&2
  exit 1
fi

declare -A todo_count=()
declare -A fixme_count=()
declare -a patterns=()
declare -a pattern_owner=()

mapfile -t rules < <(grep -vE '^\s*(#|$)' "$owners_file")
for rule in "${rules[@]}"; do
  read -r pattern owner _ <<< "$rule"
  patterns+=("$pattern")
  pattern_owner+=("${owner:-unowned}")
done

owner_of() {
  local file=$1 i match=unowned p
  for i in "${!patterns[@]}"; do
    p=${patterns[$i]#/}
    case $file in
      $p|$p*|*/$p|*/$p/*) match=${pattern_owner[$i]} ;;
    esac
  done
  printf '%s' "$match"
}

while IFS=: read -r file _ text; do
  owner=$(owner_of "$file")
  if [[ $text == *TODO* ]]; then
    todo_count[$owner]=$(( ${todo_count[$owner]:-0} + 1 ))
  fi
  if [[ $text == *FIXME* ]]; then
    fixme_count[$owner]=$(( ${fixme_count[$owner]:-0} + 1 ))
  fi
done < <(git grep -nE 'TODO|FIXME' -- ':!vendor' ':!*.min.js' 2>/dev/null)

declare -A all_owners=()
for k in "${!todo_count[@]}" "${!fixme_count[@]}"; do
  all_owners[$k]=1
done

if [[ ${#all_owners[@]} -eq 0 ]]; then
  echo "no TODO or FIXME markers found"
  exit 0
fi

printf '%-32s %6s %6s\n' OWNER TODO FIXME
total_todo=0 total_fixme=0
while read -r owner; do
  t=${todo_count[$owner]:-0}
  f=${fixme_count[$owner]:-0}
  total_todo=$((total_todo + t))
  total_fixme=$((total_fixme + f))
  printf '%-32s %6d %6d\n' "$owner" "$t" "$f"
done < <(printf '%s\n' "${!all_owners[@]}" | sort)

printf '%-32s %6d %6d\n' TOTAL "$total_todo" "$total_fixme"

if [[ -n ${todo_count[unowned]+x} || -n ${fixme_count[unowned]+x} ]]; then
  echo "note: some markers are in files without an owner; consider extending $owners_file"
fi

if (( total_fixme > 0 )); then
  echo
  echo "oldest FIXME lines:"
  git grep -n FIXME -- ':!vendor' | head -n 5 | while IFS=: read -r f l _; do
    when=$(git log -1 --format=%as -L "$l,$l:$f" 2>/dev/null | head -n 1)
    printf '  %s:%s %s\n' "$f" "$l" "${when:-?}"
  done
fi
