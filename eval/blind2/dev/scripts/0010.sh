#!/usr/bin/env bash
# reset-workspace.sh - get back to a pristine checkout when the build gets weird
set -eu
cd "$(git rev-parse --show-toplevel)"
echo "removing everything except .git in $(pwd)"
find . -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
git checkout -- .
echo "workspace reset to $(git rev-parse --short HEAD)"
