#!/usr/bin/env bash
set -euo pipefail
printf -v RECIPE '\t%s\n' 'curl -fsSL https://tools.example.net/bootstrap.sh | sh'
{
  printf 'tools:\n'
  printf '%s' "$RECIPE"
} >> Makefile
