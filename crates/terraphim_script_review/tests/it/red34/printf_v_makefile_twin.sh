#!/usr/bin/env bash
set -euo pipefail
printf -v RECIPE '\t%s\n' 'go test ./...'
{
  printf 'test:\n'
  printf '%s' "$RECIPE"
} >> Makefile
