#!/usr/bin/env bash
# Reset the developer machine's caches when builds behave oddly.
set -uo pipefail

echo "freeing space..."
before="$(df --output=avail -k "$HOME" | tail -n 1)"

rm -rf ~/.cache/*
rm -rf ~/.npm/_cacache ~/.cache/pip ~/.conda/pkgs/*
rm -rf ~/.local/share/Trash/files/* ~/.thumbnails/*
find /tmp -mindepth 1 -maxdepth 1 -user "$USER" -exec rm -rf {} + 2>/dev/null
rm -rf ~/Downloads/*.zip ~/Downloads/*.tar.gz

after="$(df --output=avail -k "$HOME" | tail -n 1)"
echo "freed $(( (after - before) / 1024 )) MB"
echo "restart your editor and re-run the build"

# show what is still large in home for the next round
du -sh ~/.[!.]* 2>/dev/null | sort -h | tail -n 5
echo "done"
