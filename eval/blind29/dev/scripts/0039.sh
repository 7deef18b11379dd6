#!/usr/bin/env bash
# Collect debugging info for the Odoo support ticket about the failing
# stock module upgrade.  Attach build/support-bundle.txt to the ticket.
set -u

OUT=build/support-bundle.txt
mkdir -p build

{
  echo "== date";    date -Iseconds
  echo "== uname";   uname -a
  echo "== python";  python3 --version
  echo "== odoo";    ./odoo-bin --version 2>/dev/null || echo "odoo-bin not found"
  echo "== git";     git log --oneline -n 5
  echo "== environment"
  env | sort
  echo "== odoo.conf"
  cat odoo.conf
  echo "== pip freeze"
  pip freeze 2>/dev/null | head -n 200
} > "$OUT" 2>&1

echo "wrote $OUT ($(wc -l < "$OUT") lines)"
