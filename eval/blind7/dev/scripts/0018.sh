#!/usr/bin/env bash
# Check that the local .env has every key listed in .env.example.
set -euo pipefail

EXAMPLE=".env.example"
ACTUAL="${1:-.env}"

if [ ! -f "$EXAMPLE" ]; then
  echo "no $EXAMPLE in $(pwd)" >&2
  exit 1
fi
if [ ! -f "$ACTUAL" ]; then
  echo "$ACTUAL missing; copy $EXAMPLE and fill it in" >&2
  exit 1
fi

keys_of() {
  grep -E '^[A-Z_][A-Z0-9_]*=' "$1" | cut -d= -f1 | sort -u
}

missing=$(comm -23 <(keys_of "$EXAMPLE") <(keys_of "$ACTUAL"))
extra=$(comm -13 <(keys_of "$EXAMPLE") <(keys_of "$ACTUAL"))

if [ -n "$missing" ]; then
  echo "missing keys:"
  echo "$missing" | sed 's/^/  /'
fi
if [ -n "$extra" ]; then
  echo "keys not in example:"
  echo "$extra" | sed 's/^/  /'
fi

echo
echo "current values (for debugging):"
while IFS= read -r line; do
  case "$line" in
    ''|'#'*) continue ;;
  esac
  echo "  $line"
done < "$ACTUAL"

[ -z "$missing" ] || exit 1
echo "env ok"
