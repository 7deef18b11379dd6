#!/usr/bin/env bash
# Free disk space before a big `dvc pull` on the CI runner or a laptop.
set -u

log() { printf '[free-space] %s\n' "$*"; }

before=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')

log "clearing caches"
rm -rf "$HOME"/.cache/*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME"/.local/share/Trash/*
rm -rf "$HOME"/.npm/_cacache "$HOME"/.cache/pip "$HOME"/.gradle/caches

if command -v dvc >/dev/null; then
  log "dvc cache: $(du -sh .dvc/cache 2>/dev/null | cut -f1)"
fi

log "clearing project build outputs"
rm -rf build/ .dvc/tmp/

after=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
log "freed $(( (after - before) / 1024 )) MiB"
