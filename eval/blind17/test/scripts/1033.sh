#!/usr/bin/env bash
# bin/dev-db — manage the local Postgres of the Phoenix app `mosaic`.
#
#   bin/dev-db reset        mix ecto.drop + ecto.create + migrate + seeds (dev only)
#   bin/dev-db test-reset   same for the test database (MIX_ENV=test)
#   bin/dev-db psql         open psql on the dev database
#   bin/dev-db truncate     TRUNCATE all app tables (keeps schema_migrations)
#   bin/dev-db anonymize    scrub emails/names after importing a staging dump
#
# Connection settings come from config/dev.exs via `mix run` so this never
# diverges from what the app uses; the script refuses non-local hosts.
set -euo pipefail

APP_ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$APP_ROOT"

# MIX_ENV from the caller's shell must not leak into the dev commands below
unset MIX_ENV

red()  { printf '\033[0;31m%s\033[0m\n' "$*"; }
blue() { printf '\033[0;34m%s\033[0m\n' "$*"; }

db_config() {
  # prints "host port database username" for the given MIX_ENV
  MIX_ENV="$1" mix run --no-start --no-compile -e '
    cfg = Application.get_env(:mosaic, Mosaic.Repo)
    IO.puts(Enum.join([cfg[:hostname] || "localhost", cfg[:port] || 5432, cfg[:database], cfg[:username]], " "))
  ' | tail -n 1
}

guard() {
  local env="$1" host port db user
  read -r host port db user < <(db_config "$env")
  case "$host" in
    localhost|127.0.0.1|db|postgres) ;;
    *) red "refusing: $env database host is $host"; exit 1 ;;
  esac
  case "$db" in
    *_dev|*_test|*_test[0-9]*) ;;
    *) red "refusing: database name $db is not a dev/test database"; exit 1 ;;
  esac
  export PGHOST="$host" PGPORT="$port" PGDATABASE="$db" PGUSER="$user"
  export PGPASSWORD="${PGPASSWORD:-postgres}"
  blue "[$env] $user@$host:$port/$db"
}

cmd_reset() {
  guard dev
  MIX_ENV=dev mix ecto.drop --force-drop
  MIX_ENV=dev mix ecto.create
  MIX_ENV=dev mix ecto.migrate
  MIX_ENV=dev mix run priv/repo/seeds.exs
  blue "dev database rebuilt"
}

cmd_test_reset() {
  guard test
  MIX_ENV=test mix ecto.drop --force-drop
  MIX_ENV=test mix ecto.create --quiet
  MIX_ENV=test mix ecto.migrate --quiet
  blue "test database rebuilt"
}

cmd_psql() {
  guard dev
  exec psql
}

app_tables() {
  psql -Atc "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY 1"
}

cmd_truncate() {
  guard dev
  local tables
  mapfile -t tables < <(app_tables)
  ((${#tables[@]})) || { blue "no tables"; return; }
  blue "truncating ${#tables[@]} table(s)"
  local quoted
  quoted="$(printf '"%s",' "${tables[@]}")"
  psql -v ON_ERROR_STOP=1 -qc "TRUNCATE TABLE ${quoted%,} RESTART IDENTITY CASCADE"
}

cmd_anonymize() {
  guard dev
  psql -v ON_ERROR_STOP=1 -q <<'SQL'
BEGIN;
UPDATE users SET email = 'user' || id || '@example.test',
                 name = 'User ' || id,
                 hashed_password = '$2b$12$FAKEKEYFAKEKEYFAKEKEYuJ0J6c1c5yT1i0uQW3k7rO0S3e8dTz6';
UPDATE organizations SET billing_email = 'billing' || id || '@example.test';
DELETE FROM users_tokens;
DELETE FROM oban_jobs WHERE state IN ('available', 'scheduled');
COMMIT;
SQL
  blue "personal data scrubbed; every user's password is now 'password'"
}

cmd_size() {
  guard dev
  psql -c "SELECT relname AS table, n_live_tup AS rows, pg_size_pretty(pg_total_relation_size(relid)) AS size
           FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 20"
}

cmd_import() {
  # load a pg_dump custom archive (e.g. from `fly pg` of staging) into dev, then anonymize
  local dump="${1:-}"
  [[ -f "$dump" ]] || { red "usage: bin/dev-db import <file.dump>"; exit 2; }
  guard dev
  MIX_ENV=dev mix ecto.drop --force-drop
  MIX_ENV=dev mix ecto.create
  pg_restore --no-owner --no-acl -d "$PGDATABASE" "$dump" || true
  MIX_ENV=dev mix ecto.migrate
  cmd_anonymize
}

cmd_check() {
  # verify migrations are reversible: migrate, roll back everything, migrate again
  guard test
  MIX_ENV=test mix ecto.migrate --quiet
  MIX_ENV=test mix ecto.rollback --all --quiet
  MIX_ENV=test mix ecto.migrate --quiet
  blue "migrations roll back and forward cleanly"
}

cmd_snapshot() {
  # quick local snapshot before trying a risky migration
  guard dev
  local dir="$APP_ROOT/tmp/db" file
  mkdir -p "$dir"
  file="$dir/$(date +%Y%m%d-%H%M%S)-$(git rev-parse --short HEAD).dump"
  pg_dump -Fc --no-owner -f "$file"
  blue "snapshot ${file#"$APP_ROOT"/} ($(du -h "$file" | cut -f1))"
  # keep the eight newest
  ls -1t "$dir"/*.dump 2>/dev/null | tail -n +9 | xargs -r rm -f --
}

cmd_rollback_to() {
  # restore the newest snapshot taken by cmd_snapshot
  guard dev
  local latest
  latest="$(ls -1t "$APP_ROOT"/tmp/db/*.dump 2>/dev/null | head -n 1 || true)"
  [[ -n "$latest" ]] || { red "no snapshots in tmp/db"; exit 1; }
  blue "restoring $(basename "$latest")"
  MIX_ENV=dev mix ecto.drop --force-drop
  MIX_ENV=dev mix ecto.create
  pg_restore --no-owner --no-acl -d "$PGDATABASE" "$latest"
}

cmd_pending() {
  MIX_ENV=dev mix ecto.migrations | awk '$1 == "down" { print }' || true
}

usage() {
  sed -n '2,12p' "$0" | cut -c3-
}

main() {
  command -v mix >/dev/null || { red "elixir/mix not found"; exit 1; }
  command -v psql >/dev/null || { red "psql not found"; exit 1; }
  local cmd="${1:-}"
  shift || true
  case "$cmd" in
    reset) cmd_reset ;;
    test-reset) cmd_test_reset ;;
    psql) cmd_psql ;;
    truncate) cmd_truncate ;;
    anonymize) cmd_anonymize ;;
    size) cmd_size ;;
    import) cmd_import "$@" ;;
    check) cmd_check ;;
    snapshot) cmd_snapshot ;;
    rollback) cmd_rollback_to ;;
    pending) cmd_pending ;;
    ""|-h|--help) usage ;;
    *) red "unknown command $cmd"; usage; exit 2 ;;
  esac
}

main "$@"
