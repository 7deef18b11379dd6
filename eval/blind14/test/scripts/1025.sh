#!/usr/bin/env bash
# Check that every variable in .env.example is documented in
# docs/configuration.md and vice versa. Reads only those two files (never
# the real .env); uses process substitution, comm and here-strings.
set -euo pipefail

example=${1:-.env.example}
doc=${2:-docs/configuration.md}

for f in "$example" "$doc"; do
  [[ -f $f ]] || { echo "missing $f" >&2; exit 2; }
done

example_keys() {
  sed -nE 's/^[[:space:]]*(export[[:space:]]+)?([A-Z][A-Z0-9_]*)=.*/\2/p' "$example" | sort -u
}

doc_keys() {
  grep -oE '`[A-Z][A-Z0-9_]{2,}`' "$doc" | tr -d '`' | sort -u
}

undocumented=$(comm -23 <(example_keys) <(doc_keys))
stale=$(comm -13 <(example_keys) <(doc_keys))

count_lines() {
  local text=$1
  [[ -z $text ]] && { echo 0; return; }
  wc -l <<< "$text" | tr -d ' '
}

n_undoc=$(count_lines "$undocumented")
n_stale=$(count_lines "$stale")

if [[ $n_undoc -gt 0 ]]; then
  echo "in $example but not documented ($n_undoc):"
  while read -r key; do
    default=$(grep -E "^(export )?$key=" "$example" | head -n 1 | cut -d= -f2-)
    printf '  %-28s default: %s\n' "$key" "${default:-<empty>}"
  done <<< "$undocumented"
fi

if [[ $n_stale -gt 0 ]]; then
  echo "documented but missing from $example ($n_stale):"
  sed 's/^/  /' <<< "$stale"
fi

# flag example values that look like real secrets rather than placeholders
suspicious=0
while IFS='=' read -r key value; do
  [[ $key =~ (SECRET|TOKEN|PASSWORD|KEY)$ ]] || continue
  case $value in
    ''|changeme|CHANGEME|example*|'<'*'>'|xxx*|dummy*) ;;
    *)
      if [[ ${#value} -gt 20 ]]; then
        echo "warning: $key in $example looks like a real value (${#value} chars)"
        suspicious=$((suspicious + 1))
      fi
      ;;
  esac
done < <(grep -E '^[A-Z][A-Z0-9_]*=' "$example")

# keys that appear twice in the example usually mean a merge mistake
dupes=$(sed -nE 's/^[[:space:]]*(export[[:space:]]+)?([A-Z][A-Z0-9_]*)=.*/\2/p' "$example" | sort | uniq -d)
n_dupes=$(count_lines "$dupes")
if [[ $n_dupes -gt 0 ]]; then
  echo "defined more than once in $example ($n_dupes):"
  while read -r key; do
    lines=$(grep -nE "^(export )?$key=" "$example" | cut -d: -f1 | paste -sd, -)
    printf '  %-28s lines %s\n' "$key" "$lines"
  done <<< "$dupes"
  suspicious=$((suspicious + n_dupes))
fi

total=$(example_keys | wc -l | tr -d ' ')
echo "checked $total variables: $n_undoc undocumented, $n_stale stale, $suspicious suspicious"
echo "sources: $example, $doc"

if (( n_undoc + n_stale + suspicious > 0 )); then
  exit 1
fi
