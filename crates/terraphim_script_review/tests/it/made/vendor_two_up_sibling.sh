#!/bin/sh
# From the repository's top, reached by a climb out of the script's directory, one more `..`
# names a checkout beside the project.
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$TOP/../minijson-checkout"
