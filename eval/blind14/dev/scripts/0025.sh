#!/usr/bin/env bash
# Compare resolved dependency sets between two lockfile revisions.
# Uses process substitution to diff without temp files and here-strings
# to parse single values. Read-only: prints a report, writes nothing.
set -euo pipefail

old_ref=${1:-origin/main}
new_ref=${2:-HEAD}
lockfile=${LOCKFILE:-package-lock.json}

need() { command -v "$1" >/dev/null || { echo "missing tool: $1" >&2; exit 2; }; }
need jq
need git

deps_at() {
  git show "$1:$lockfile" 2>/dev/null |
    jq -r '.packages | to_entries[] | select(.key != "") |
           "\(.key | sub("^.*node_modules/"; ""))\t\(.value.version)"' |
    sort -u
}

if ! git cat-file -e "$old_ref:$lockfile" 2>/dev/null; then
  echo "$lockfile does not exist at $old_ref" >&2
  exit 1
fi

added=0 removed=0 changed=0
declare -A old_versions=()

while IFS=$'\t' read -r name version; do
  old_versions[$name]=$version
done < <(deps_at "$old_ref")

while IFS=$'\t' read -r name version; do
  if [[ -z ${old_versions[$name]+x} ]]; then
    printf '  + %-40s %s\n' "$name" "$version"
    added=$((added + 1))
  elif [[ ${old_versions[$name]} != "$version" ]]; then
    printf '  ~ %-40s %s -> %s\n' "$name" "${old_versions[$name]}" "$version"
    changed=$((changed + 1))
  fi
  unset "old_versions[$name]"
done < <(deps_at "$new_ref")

for name in "${!old_versions[@]}"; do
  printf '  - %-40s %s\n' "$name" "${old_versions[$name]}"
  removed=$((removed + 1))
done

echo
echo "added: $added  removed: $removed  changed: $changed"

major_bumps=0
while read -r line; do
  [[ $line == *"->"* ]] || continue
  read -r _ _ from _ to <<< "$line"
  if [[ ${from%%.*} != "${to%%.*}" ]]; then
    major_bumps=$((major_bumps + 1))
  fi
done < <(diff <(deps_at "$old_ref") <(deps_at "$new_ref") | awk -F'\t' '/^[<>]/ {print}' |
         awk '{print $2"\t"$3}' | sort | awk -F'\t' '
           prev == $1 { print "~ " $1 " " pv " -> " $2 } { prev = $1; pv = $2 }')

echo "major version bumps: $major_bumps"

root_old=$(git show "$old_ref:package.json" | jq -r '.version')
root_new=$(git show "$new_ref:package.json" | jq -r '.version')
read -r major minor patch <<< "${root_new//./ }"
echo "package version: $root_old -> $root_new (major $major, minor $minor, patch $patch)"

if [[ $major_bumps -gt 0 ]]; then
  echo "review changelogs for major bumps before merging"
fi

# duplicate packages (same name, several versions) in the new lockfile
dupes=0
while read -r count name; do
  if (( count > 1 )); then
    echo "  duplicated: $name ($count versions)"
    dupes=$((dupes + 1))
  fi
done < <(deps_at "$new_ref" | cut -f1 | sort | uniq -c | sort -rn | head -n 15)
echo "packages with several versions (top 15 checked): $dupes"
