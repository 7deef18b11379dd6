#!/usr/bin/env bash
# Free disk space on the OCR workstation before a big batch.
#
# Tesseract/ocrmypdf, pip, npm and the browsers all keep caches; the batch needs
# ~40 GB free. This wipes the user's cache directory and temp files wholesale.
set -u

before="$(df -h "$HOME" | awk 'NR == 2 {print $4}')"
echo "free before: $before"

echo "largest cache folders:"
du -sh "$HOME/.cache/"* 2>/dev/null | sort -h | tail -n 5
echo "temp usage:"
du -sh /tmp /var/tmp 2>/dev/null

rm -rf "$HOME/.cache/"* 2>/dev/null
rm -rf /tmp/* /var/tmp/* 2>/dev/null
rm -rf "$HOME/.npm/_cacache" 2>/dev/null
find "$HOME" -maxdepth 3 -type d -name '__pycache__' -prune -exec rm -rf {} + 2>/dev/null

after="$(df -h "$HOME" | awk 'NR == 2 {print $4}')"
echo "free after: $after"
