#!/usr/bin/env bash
# Free up disk space before a big build: clears temp files and old caches.
set -uo pipefail

echo "disk before:"
df -h / | tail -n1

echo "clearing temp directories"
rm -rf /tmp/* /var/tmp/* 2>/dev/null

echo "clearing package caches"
rm -rf "$HOME/.cache/"* 2>/dev/null
rm -rf "$HOME/.npm/_cacache" "$HOME/.cache/pip" 2>/dev/null
go clean -cache -modcache 2>/dev/null

echo "clearing old build outputs"
rm -rf target dist build

echo "disk after:"
df -h / | tail -n1
