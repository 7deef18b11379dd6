#!/usr/bin/env bash
# Copy today's ROOT plots to the group's shared folder and the web dir in home.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
PLOTS="$PROJECT/build/plots"
DAY="$(date +%F)"
TARGETS=("$HOME/public_html/plots/$DAY" "/srv/group-share/analysis/$USER/$DAY")

[[ -d "$PLOTS" ]] || { echo "no plots yet"; exit 1; }

for t in "${TARGETS[@]}"; do
  mkdir -p "$t"
  cp -r "$PLOTS"/. "$t/"
  chmod -R a+rX "$t"
  echo "copied plots to $t"
done

ln -sfn "$HOME/public_html/plots/$DAY" "$HOME/public_html/plots/latest"
echo "latest -> $DAY"
echo "$(find "$PLOTS" -name '*.pdf' | wc -l) PDF(s) published"
