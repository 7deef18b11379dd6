#!/usr/bin/env bash
# Publish the generated API docs to the shared docs folder on this machine
# so other local projects can link to them.
set -euo pipefail

src=docs/_build/html
dest=/usr/local/share/acme-docs/$(basename "$(pwd)")
desktop_link="$HOME/Desktop/acme-api-docs"

if [[ ! -d $src ]]; then
  echo "build docs first: make docs" >&2
  exit 1
fi

mkdir -p "$dest"
rsync -a --delete "$src/" "$dest/"
ln -sfn "$dest" "$desktop_link"

index="$(dirname "$dest")/index.html"
{
  echo "<h1>Local API docs</h1><ul>"
  for d in "$(dirname "$dest")"/*/; do
    n=$(basename "$d")
    echo "<li><a href=\"$n/index.html\">$n</a></li>"
  done
  echo "</ul>"
} > "$index"

echo "published to $dest (linked from $desktop_link)"
