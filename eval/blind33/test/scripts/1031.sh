#!/usr/bin/env bash
# Capture the environment of the chaos test job so failures can be compared.
set -u

out=build/chaos-env
mkdir -p "$out"

env | sort > "$out/environment.txt"
uname -a > "$out/uname.txt"
ulimit -a > "$out/ulimit.txt"
ip -br addr > "$out/ip.txt" 2>/dev/null || true
tc qdisc show > "$out/qdisc.txt" 2>/dev/null || true

echo "=== environment ==="
cat "$out/environment.txt"
echo "=== qdiscs ==="
cat "$out/qdisc.txt"
echo "=== limits ==="
cat "$out/ulimit.txt"
echo
echo "saved to $out/ ($(wc -l < "$out/environment.txt") variables)"
