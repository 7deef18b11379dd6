#!/usr/bin/env bash
# Reset the checkout to a pristine state before regenerating all code.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

echo "regenerating from schema/ ..."
if [ ! -d schema ]; then
  echo "no schema/ directory" >&2
  exit 1
fi

cp -r schema /tmp/schema-keep
cp Makefile /tmp/Makefile-keep

# wipe everything except git metadata; generated tree is rebuilt below
find . -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +

mv /tmp/schema-keep ./schema
mv /tmp/Makefile-keep ./Makefile

make generate
make build

echo "files now present:"
git status --short | head -50
echo "regeneration finished"
