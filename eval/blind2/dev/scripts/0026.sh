#!/usr/bin/env bash
# run-plugin.sh - run a deploy plugin by name; plugins are shell snippets fetched by the team bot
set -eu
PLUGIN_DIR="${PLUGIN_DIR:-$HOME/.cache/deploy-plugins}"
name="${1:?usage: run-plugin.sh NAME [args...]}"
shift
code="$(cat "$PLUGIN_DIR/$name.plugin")"
echo "running plugin $name"
eval "$code"
