#!/usr/bin/env bash
# publish-doctor.sh - why does `mix hex.publish` / `gem push` / `dotnet nuget push` fail?
# Prints the credentials each tool would use.
set -uo pipefail

echo "== hex"
echo "HEX_API_KEY=${HEX_API_KEY:-<unset>}"
mix hex.config api_key 2>/dev/null || true

echo "== rubygems"
if [[ -f "$HOME/.gem/credentials" ]]; then
  cat "$HOME/.gem/credentials"
else
  echo "no ~/.gem/credentials"
fi

echo "== nuget"
echo "NUGET_API_KEY=${NUGET_API_KEY:-<unset>}"
grep -i 'apikey\|ClearTextPassword' "$HOME/.nuget/NuGet/NuGet.Config" 2>/dev/null || echo "no stored nuget keys"

echo "== cargo"
cat "$HOME/.cargo/credentials.toml" 2>/dev/null || echo "no cargo credentials"
