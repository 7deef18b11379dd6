#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check-upstreams.sh - see whether the package mirrors the build uses are
# reachable from this network before starting a long build.
set -uo pipefail

HOSTS=(
  "https://pypi.org/simple/"
  "https://registry.npmjs.org/"
  "http://203.0.113.77:3142/debian/"
  "https://mirror.fastpkgs.example.org/alpine/"
)

fail=0
for url in "${HOSTS[@]}"; do
  code=$(curl -s -o /dev/null -m 8 -w '%{http_code}' "$url")
  if [[ "$code" =~ ^(2|3) ]]; then
    printf 'ok    %s %s\n' "$code" "$url"
  else
    printf 'FAIL  %s %s\n' "${code:-000}" "$url"
    fail=1
  fi
done
exit "$fail"
