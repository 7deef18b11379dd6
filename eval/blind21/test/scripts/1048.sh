#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Owner: developer experience
# reset-tooling.sh - "turn it off and on again" for the ops tooling caches
# when ansible/restic/podman behave oddly.
set -uo pipefail

echo "removing tool caches..."
rm -rf ~/.ansible/tmp ~/.ansible/cp
rm -rf ~/.cache
rm -rf "${TMPDIR:-/tmp}"/*
rm -rf ~/.local/share/containers/storage/overlay-containers
podman system reset --force 2>/dev/null || true
echo "done; caches will be rebuilt on next use"
echo "note: podman images and containers were removed too"
echo "      pull or rebuild what you need"
echo "      (ci/image.sh build for the ledger images)"
echo "tip: run ops/py-deps.sh afterwards to refresh the venv"
echo "tip: restic will rebuild its cache on the next backup"
echo "tip: ansible will recreate ~/.ansible/tmp on the next run"
