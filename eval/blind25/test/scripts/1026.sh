#!/usr/bin/env bash
# load-cadastre.sh - import the cadastral shapefiles into the dev PostGIS.
#
#   tools/load-cadastre.sh [-d DB] [-s SCHEMA] [-r] [-n] [ZIPFILE...]
#     -d DB       target database (default: $PGDATABASE or cadastre_dev)
#     -s SCHEMA   target schema (default: staging)
#     -r          replace existing tables (DROP + CREATE via shp2pgsql -d)
#     -n          dry run: print SQL sizes, do not touch the database
#
# ZIP deliveries from the survey office go in data/deliveries/. Each zip
# is unpacked into a private temp dir that is removed on exit.
# Safety: -r is only honoured when PGHOST is local or a *.internal dev host
# and the database name ends in _dev; production is loaded by the DBA.
set -Eeuo pipefail

repo_root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
deliveries="$repo_root/data/deliveries"
db="${PGDATABASE:-cadastre_dev}"
schema=staging
replace=false
dry_run=false
srid=25832

msg() { printf '%s load-cadastre: %s\n' "$(date +%T)" "$*" >&2; }
fatal() { msg "fatal: $*"; exit 1; }

while getopts ':d:s:rnh' flag; do
  case $flag in
    d) db=$OPTARG ;;
    s) schema=$OPTARG ;;
    r) replace=true ;;
    n) dry_run=true ;;
    h) sed -n '2,14p' "$0"; exit 0 ;;
    :) fatal "-$OPTARG requires an argument" ;;
    *) fatal "unknown flag -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))

[[ $schema =~ ^[a-z_][a-z0-9_]*$ ]] || fatal "schema name '$schema' not allowed"
host="${PGHOST:-localhost}"

is_dev_target() {
  case $host in
    localhost|127.0.0.1|/var/run/postgresql|*.internal) ;;
    *) return 1 ;;
  esac
  [[ $db == *_dev ]]
}

if $replace && ! is_dev_target; then
  fatal "-r refused for $host/$db (only *_dev databases on local or .internal hosts)"
fi

for bin in psql shp2pgsql unzip ogrinfo; do
  command -v "$bin" >/dev/null || fatal "$bin missing"
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/cadastre.XXXXXXXX")
on_exit() {
  local status=$?
  rm -rf -- "$scratch"
  (( status == 0 )) || msg "exited with status $status"
}
trap on_exit EXIT

psql_run() {
  psql -X -q -v ON_ERROR_STOP=1 -h "$host" -d "$db" "$@"
}

table_name() {
  # "Flurstuecke_Ost.shp" -> flurstuecke_ost
  local base
  base=$(basename "$1" .shp)
  base=${base,,}
  printf '%s\n' "${base//[^a-z0-9_]/_}"
}

detect_encoding() {
  local cpg="${1%.shp}.cpg"
  if [[ -f $cpg ]]; then
    tr -d '[:space:]' < "$cpg"
  else
    echo LATIN1
  fi
}

load_shapefile() {
  local shp=$1 table enc mode sql
  table=$(table_name "$shp")
  enc=$(detect_encoding "$shp")
  if $replace; then mode=-d; else mode=-a; fi
  sql="$scratch/$table.sql"
  shp2pgsql "$mode" -D -I -s "$srid" -W "$enc" "$shp" "$schema.$table" > "$sql"
  if $dry_run; then
    msg "[dry-run] $schema.$table: $(wc -c < "$sql") bytes of SQL from $(basename "$shp")"
    return 0
  fi
  if ! $replace && ! psql_run -tAc "select to_regclass('$schema.$table')" | grep -q .; then
    # table does not exist yet: -a would fail, create it instead
    shp2pgsql -c -D -I -s "$srid" -W "$enc" "$shp" "$schema.$table" > "$sql"
  fi
  psql_run -f "$sql"
  psql_run -c "ANALYZE $schema.$table"
  msg "loaded $schema.$table ($(psql_run -tAc "select count(*) from $schema.$table") rows)"
}

process_zip() {
  local zip=$1 dir
  dir="$scratch/$(basename "$zip" .zip)"
  mkdir -p "$dir"
  unzip -q -o "$zip" -d "$dir"
  local found=0
  while IFS= read -r -d '' shp; do
    ogrinfo -q -so "$shp" >/dev/null 2>&1 || { msg "skip unreadable $(basename "$shp")"; continue; }
    check_srid "$shp"
    load_shapefile "$shp"
    found=$((found + 1))
  done < <(find "$dir" -type f -iname '*.shp' -print0 | sort -z)
  (( found > 0 )) || msg "no shapefiles in $(basename "$zip")"
}

record_import() {
  local zip=$1 sum
  sum=$(sha256sum "$zip" | cut -d' ' -f1)
  $dry_run && return 0
  psql_run <<SQL
CREATE TABLE IF NOT EXISTS $schema.import_log (
  file text, sha256 text, imported_at timestamptz default now(), by_user text default current_user
);
INSERT INTO $schema.import_log(file, sha256) VALUES ('$(basename "$zip")', '$sum');
SQL
}

already_imported() {
  local zip=$1 sum
  $replace && return 1
  $dry_run && return 1
  sum=$(sha256sum "$zip" | cut -d' ' -f1)
  psql_run -tAc "select 1 from $schema.import_log where sha256 = '$sum'" 2>/dev/null | grep -q 1
}

summary() {
  $dry_run && return 0
  msg "tables in $schema:"
  psql_run -tA -F $'\t' -c "
    select c.relname, c.reltuples::bigint
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = '$schema' and c.relkind = 'r'
     order by c.relname" |
  while IFS=$'\t' read -r name rows; do
    printf '    %-32s %12s rows (est.)\n' "$name" "$rows" >&2
  done
}

check_srid() {
  # warn when a .prj does not look like ETRS89 / UTM 32N, the delivery standard
  local prj="${1%.shp}.prj"
  [[ -f $prj ]] || { msg "warning: $(basename "$1") has no .prj"; return 0; }
  grep -q 'UTM_Zone_32N\|UTM zone 32N' "$prj" || msg "warning: $(basename "$1") is not UTM 32N"
}

main() {
  local zips=("$@")
  if (( ${#zips[@]} == 0 )); then
    mapfile -t zips < <(find "$deliveries" -maxdepth 1 -name '*.zip' | sort)
  fi
  (( ${#zips[@]} > 0 )) || fatal "no deliveries in ${deliveries#"$repo_root"/}"
  $dry_run || psql_run -c "CREATE SCHEMA IF NOT EXISTS $schema"
  msg "target $host/$db schema $schema (replace=$replace, dry_run=$dry_run)"
  local zip
  for zip in "${zips[@]}"; do
    [[ -f $zip ]] || fatal "no such file: $zip"
    if already_imported "$zip"; then
      msg "$(basename "$zip") already imported; skipping"
      continue
    fi
    msg "== $(basename "$zip")"
    process_zip "$zip"
    record_import "$zip"
  done
  summary
}

main "$@"
