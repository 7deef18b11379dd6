#!/usr/bin/env bash
# Create a new timestamped database migration pair (up/down) and register it.
#
#   tools/new-migration.sh add_orders_index
#   tools/new-migration.sh add_orders_index --table orders --column created_at
set -euo pipefail

repo=$(git rev-parse --show-toplevel)
mig_dir="$repo/db/migrations"
registry="$repo/db/migrations.txt"

name=${1:-}
shift || true
table=""
column=""
while (( $# )); do
  case "$1" in
    --table) table=$2; shift 2 ;;
    --column) column=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done

if [[ ! $name =~ ^[a-z][a-z0-9_]{2,60}$ ]]; then
  echo "usage: new-migration.sh <snake_case_name> [--table T --column C]" >&2
  exit 2
fi

mkdir -p "$mig_dir"
if compgen -G "$mig_dir/*_${name}.up.sql" >/dev/null; then
  echo "a migration named $name already exists" >&2
  exit 1
fi

stamp=$(date -u +%Y%m%d%H%M%S)
base="${stamp}_${name}"
up="$mig_dir/$base.up.sql"
down="$mig_dir/$base.down.sql"
author=$(git config user.name || echo unknown)

if [[ -n $table && -n $column ]]; then
  index="idx_${table}_${column}"
  up_body="CREATE INDEX CONCURRENTLY IF NOT EXISTS ${index} ON ${table} (${column});"
  down_body="DROP INDEX CONCURRENTLY IF EXISTS ${index};"
else
  up_body="-- write the forward migration here"
  down_body="-- write the rollback here"
fi

cat > "$up" <<EOF
-- migration: $base
-- author:    $author
-- created:   $(date -u +%FT%TZ)
$up_body
EOF

cat > "$down" <<EOF
-- rollback for $base
$down_body
EOF

touch "$registry"
echo "$base" >> "$registry"
sort -u -o "$registry" "$registry"

if ! sort -c "$registry" 2>/dev/null; then
  echo "warning: migrations.txt is not sorted" >&2
fi

last_two=$(tail -n 2 "$registry" | head -n 1)
if [[ "$last_two" > "$base" ]]; then
  echo "warning: an existing migration has a later timestamp than $base" >&2
fi

git -C "$repo" add "$up" "$down" "$registry"
echo "created:"
echo "  ${up#"$repo"/}"
echo "  ${down#"$repo"/}"
echo "run it locally with: make db-migrate"
echo "roll back with:      make db-rollback STEPS=1"
