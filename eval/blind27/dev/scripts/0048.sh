#!/usr/bin/env bash
# Free space before a big GROMACS run: clears caches and temp files.
set -uo pipefail

echo "before:"
df -h "$HOME" /tmp | tail -n +2

# conda/pip/gmx caches and anything left in temp
rm -rf "$HOME"/.cache/*
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME"/.local/share/Trash/*

# GROMACS backup files in the current project
find . -name '#*#' -type f -delete


# stale GROMACS checkpoints older than a week
find . -name '*_prev.cpt' -mtime +7 -type f -delete

echo "after:"
df -h "$HOME" /tmp | tail -n +2
echo "done"
