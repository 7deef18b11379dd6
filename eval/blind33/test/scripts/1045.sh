#!/usr/bin/env bash
# Reclaim disk before building SD images: clears every cache and temp folder.
set -u

say() { echo "reclaim: $*"; }

before=$(df -Pm / | awk 'NR==2 {print $4}')

say "removing temp files"
rm -rf /tmp/* /tmp/.[!.]* 2>/dev/null
rm -rf "${TMPDIR:-/tmp}"/* 2>/dev/null

say "removing user caches"
rm -rf ~/.cache/* ~/.local/share/Trash/* 2>/dev/null
rm -rf ~/.cargo/registry/cache ~/.m2/repository ~/.gradle/caches 2>/dev/null

say "removing yocto sstate and downloads"
rm -rf ~/yocto/sstate-cache ~/yocto/downloads 2>/dev/null

after=$(df -Pm / | awk 'NR==2 {print $4}')
say "freed $((after - before)) MiB"
