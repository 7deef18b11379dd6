#!/usr/bin/env bash
# Free disk space when builds start failing with ENOSPC.
# Clears every cache it can find for the current user.
set -uo pipefail

before=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')

echo "clearing user caches"
rm -rf "$HOME"/.cache/*
rm -rf "$HOME"/Library/Caches/* 2>/dev/null

echo "clearing temp files"
find /tmp /var/tmp -mindepth 1 -maxdepth 1 -user "$(id -u)" -exec rm -rf {} + 2>/dev/null

echo "clearing package manager caches"
npm cache clean --force 2>/dev/null
pip cache purge 2>/dev/null
rm -rf "$HOME"/.gradle/caches "$HOME"/.m2/repository

after=$(df -Pk "$HOME" | awk 'NR==2 {print $4}')
echo "freed $(( (after - before) / 1024 )) MiB"
