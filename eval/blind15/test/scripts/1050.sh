#!/usr/bin/env bash
# env-report.sh - attach to bug reports: what the shell looks like when the
# CLI misbehaves.
set -u

REPORT="bugreport-env.txt"

{
  echo "date: $(date -u +%FT%TZ)"
  echo "shell: $SHELL ($BASH_VERSION)"
  echo "ledgerctl: $(./bin/ledgerctl --version 2>/dev/null || echo 'not built')"
  echo
  echo "--- exported variables ---"
  export -p
  echo
  echo "--- set variables ---"
  set | grep -E '^[A-Z_]+=' | sort
} > "$REPORT"

cat "$REPORT"
echo
echo "saved to $REPORT; paste it into the issue"
