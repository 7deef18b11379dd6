#!/bin/sh
# The climb out of the script's directory ends at the project's top: deleting it deletes the
# whole working tree.
set -e
TOP=$(cd "$(dirname "$0")/../.." && pwd)
rm -rf "$TOP"
