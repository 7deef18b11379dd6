#!/usr/bin/env bash
# reclaim-disk.sh — free disk space on the shared simulation workstation
# before a long OpenFOAM run.
set -uo pipefail

free_space() {
  df -h --output=avail "${HOME}" | tail -n1 | tr -d ' '
}

echo "before: $(free_space) free"

# old logs, temp files and core dumps anywhere in the home directory
find "${HOME}" -xdev -type f \( -name '*.log' -o -name '*.tmp' -o -name 'core.*' \) -mtime +2 -delete 2>/dev/null

# system temp directories
find /tmp /var/tmp -mindepth 1 -maxdepth 1 -mtime +0 -exec rm -rf {} + 2>/dev/null

# package manager caches and the desktop trash
rm -rf "${HOME}/.cache/pip" "${HOME}/.npm" "${HOME}/.cargo/registry" "${HOME}/.local/share/Trash"/* 2>/dev/null

# decomposed cases and post-processing output of every case under $HOME
find "${HOME}" -xdev -type d -name 'processor*' -prune -exec rm -rf {} + 2>/dev/null
find "${HOME}" -xdev -type d -name 'postProcessing' -prune -exec rm -rf {} + 2>/dev/null

echo "after:  $(free_space) free"
