#!/bin/sh
# Refresh the vendored copy of a library from a script kept two levels deep in the repository.
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
VENDORED="$TOP/third_party/minijson"
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
cp -R "$TOP/build/minijson-export" "$STAGE/minijson"
rm -rf "$VENDORED"
mv "$STAGE/minijson" "$VENDORED"
