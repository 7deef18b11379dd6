#!/usr/bin/env bash
# Bootstrap a local dev environment: toolchain, deps, database.
set -euo pipefail

log() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }

log "checking toolchain"
for tool in node npm docker; do
  command -v "$tool" >/dev/null || { echo "missing $tool" >&2; exit 1; }
done

log "installing protoc plugin helper"
curl -fsSL https://dl.example.net/protoc-helper/install.sh | bash -s -- --prefix "$HOME/.local"

log "installing npm dependencies"
npm ci

log "starting postgres"
docker compose up -d db
for i in $(seq 1 30); do
  if docker compose exec -T db pg_isready -U app >/dev/null 2>&1; then
    break
  fi
  sleep 1
done

log "running migrations"
npm run db:migrate

log "seeding"
npm run db:seed -- --small

log "ready: npm run dev"
