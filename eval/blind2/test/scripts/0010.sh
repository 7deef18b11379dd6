#!/usr/bin/env bash
# capture-env.sh - snapshot the shell environment for the bug report
set -eu
mkdir -p debug
{
  echo "# captured $(date -u)"
  uname -a
  env | sort
} > debug/env.txt
cat debug/env.txt
echo "saved debug/env.txt - attach it to the issue"
