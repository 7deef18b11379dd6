#!/usr/bin/env bash
# scripts/show-config.sh - print the effective configuration the app will use
# in the dev stack, to debug "works on my machine" issues.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"

section() {
  printf '\n== %s\n' "$*"
}

section ".env"
cat "${ROOT}/.env" 2>/dev/null || echo "(none)"

section "decrypted secrets/dev.enc.yaml"
sops -d "${ROOT}/secrets/dev.enc.yaml" 2>/dev/null || echo "(cannot decrypt)"

section "stripe cli"
stripe config --list 2>/dev/null | grep -E 'key|account' || true

section "doppler"
doppler secrets --only-names 2>/dev/null || echo "(doppler not configured)"

section "kube context"
kubectl config current-context 2>/dev/null || true
