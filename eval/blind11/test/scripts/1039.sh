#!/usr/bin/env bash
# Xcode keeps running out of disk: clear every cache it and friends keep
set -uo pipefail

before=$(df -k "$HOME" | awk 'NR==2 {print $4}')

rm -rf ~/Library/Caches/*
rm -rf ~/Library/Developer/Xcode/DerivedData/*
rm -rf ~/Library/Developer/CoreSimulator/Caches/*
rm -rf ~/.npm/_cacache
rm -rf ~/.cocoapods/repos
rm -rf "${TMPDIR:-/tmp}"/*

if command -v xcrun >/dev/null; then
  xcrun simctl delete unavailable || true
fi

after=$(df -k "$HOME" | awk 'NR==2 {print $4}')
echo "freed $(( (after - before) / 1024 )) MiB"
echo "reopen Xcode; the first build will be slow"
exit 0
