#!/usr/bin/env bash
# tmp_install_tool.sh - install the pinned schema linter into ./bin
set -euo pipefail
ver=0.9.3
mkdir -p bin
url="https://downloads.example.com/schemalint/v$ver/schemalint-linux-amd64"
curl -fsSL "$url" -o bin/schemalint
chmod +x bin/schemalint
./bin/schemalint --version
./bin/schemalint check schemas/
