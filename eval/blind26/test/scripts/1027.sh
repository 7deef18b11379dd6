#!/usr/bin/env bash
# db-snapshot.sh - anonymised dump of the local Magento database (docker
# compose service "db") for sharing with other developers.
#
#   tools/db-snapshot.sh create          # dump + anonymise + gzip
#   tools/db-snapshot.sh list
#   tools/db-snapshot.sh prune [N]       # keep newest N (default 10)
#
# Credentials are read from app/etc/env.php and handed to mysqldump through
# MYSQL_PWD inside the container, never on the command line. Hosts other than
# the compose service / localhost are refused: this is not a production tool.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"
OUT_DIR="$ROOT/backups/db"
COMPOSE="docker compose"
SERVICE="db"
ANON_SQL="$ROOT/tools/anonymise.sql"
STAMP="$(date +%Y%m%d-%H%M)"
TMP_SQL=""

say() { echo "db-snapshot: $*"; }
die() { echo "db-snapshot: error: $*" >&2; exit 1; }

cleanup() {
  if [[ -n "$TMP_SQL" && -f "$TMP_SQL" ]]; then
    rm -f -- "$TMP_SQL"
  fi
}
trap cleanup EXIT

env_php_value() {
  local key="$1"
  php -r '
    $env = include "app/etc/env.php";
    $db = $env["db"]["connection"]["default"];
    echo $db[$argv[1]] ?? "";
  ' "$key"
}

check_host() {
  local host="$1"
  case "$host" in
    db|mysql|localhost|127.0.0.1) ;;
    *) die "env.php points at '$host'; snapshots are only taken from the local compose database" ;;
  esac
}

service_running() {
  $COMPOSE ps --status running --services 2>/dev/null | grep -qx "$SERVICE"
}

table_sizes() {
  local db="$1" user="$2" pass="$3"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" \
    mysql -u "$user" -N -e "
      SELECT table_name, ROUND((data_length + index_length) / 1048576, 1)
      FROM information_schema.tables WHERE table_schema = '$db'
      ORDER BY (data_length + index_length) DESC LIMIT 10;"
}

create() {
  [[ -f app/etc/env.php ]] || die "app/etc/env.php not found"
  [[ -f "$ANON_SQL" ]] || die "tools/anonymise.sql missing"
  service_running || die "compose service '$SERVICE' is not running (docker compose up -d $SERVICE)"

  local host db user pass
  host="$(env_php_value host)"
  db="$(env_php_value dbname)"
  user="$(env_php_value username)"
  pass="$(env_php_value password)"
  check_host "$host"
  [[ -n "$db" && -n "$user" ]] || die "could not read db credentials from env.php"

  say "largest tables in $db:"
  table_sizes "$db" "$user" "$pass" | awk '{ printf "  %-40s %8s MB\n", $1, $2 }'

  mkdir -p "$OUT_DIR"
  local scratch="${db}_snapshot"
  TMP_SQL="$(mktemp)"

  say "copying $db into scratch schema $scratch"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" mysql -u "$user" \
    -e "DROP DATABASE IF EXISTS \`$scratch\`; CREATE DATABASE \`$scratch\`;"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" \
    mysqldump -u "$user" --single-transaction --routines --no-tablespaces "$db" >"$TMP_SQL"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" mysql -u "$user" "$scratch" <"$TMP_SQL"

  say "anonymising customer data in $scratch"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" mysql -u "$user" "$scratch" <"$ANON_SQL"

  local final="$OUT_DIR/magento-anon-$STAMP.sql.gz"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" \
    mysqldump -u "$user" --single-transaction --no-tablespaces \
      --ignore-table="$scratch.admin_user_session" \
      --ignore-table="$scratch.oauth_token" \
      "$scratch" | gzip -9 >"$final.part"
  mv "$final.part" "$final"

  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" mysql -u "$user" \
    -e "DROP DATABASE \`$scratch\`;"

  sha256sum "$final" | sed "s#$OUT_DIR/##" >"$final.sha256"
  say "snapshot ready: ${final#$ROOT/} ($(du -h "$final" | cut -f1))"
  verify_anonymised "$final"
}

verify_anonymised() {
  # spot check: no real-looking customer e-mail domains should remain
  local file="$1" leaks
  leaks="$(zcat "$file" | grep -oE "[A-Za-z0-9._%+-]+@(gmail|yahoo|outlook|hotmail)\.[a-z]+" | head -n 5 || true)"
  if [[ -n "$leaks" ]]; then
    rm -f -- "$file" "$file.sha256"
    die "anonymisation incomplete (found customer e-mails); snapshot deleted, fix tools/anonymise.sql"
  fi
  say "anonymisation spot check passed"
}

list() {
  local f
  for f in "$OUT_DIR"/magento-anon-*.sql.gz; do
    [[ -e "$f" ]] || { say "no snapshots yet"; return 0; }
    printf '%-40s %8s\n' "$(basename "$f")" "$(du -h "$f" | cut -f1)"
  done
}

prune() {
  local keep="${1:-10}"
  [[ "$keep" =~ ^[0-9]+$ ]] && (( keep >= 1 )) || die "keep must be >= 1"
  local -a files
  mapfile -t files < <(ls -1t "$OUT_DIR"/magento-anon-*.sql.gz 2>/dev/null || true)
  local f
  for f in "${files[@]:keep}"; do
    [[ "$(basename "$f")" =~ ^magento-anon-[0-9]{8}-[0-9]{4}\.sql\.gz$ ]] || continue
    rm -f -- "$f" "$f.sha256"
    say "pruned $(basename "$f")"
  done
}

verify_all() {
  # re-check every snapshot against its recorded checksum
  local f ok=0 bad=0
  for f in "$OUT_DIR"/magento-anon-*.sql.gz; do
    [[ -e "$f" ]] || continue
    if [[ ! -f "$f.sha256" ]]; then
      say "no checksum for $(basename "$f")"
      bad=$((bad + 1))
      continue
    fi
    if (cd "$OUT_DIR" && sha256sum -c --quiet "$(basename "$f").sha256" 2>/dev/null); then
      ok=$((ok + 1))
    else
      say "checksum mismatch: $(basename "$f")"
      bad=$((bad + 1))
    fi
  done
  say "$ok verified, $bad problem(s)"
  (( bad == 0 ))
}

schema_version() {
  # record which module versions the dump belongs to, for setup:upgrade later
  local db user pass
  db="$(env_php_value dbname)"
  user="$(env_php_value username)"
  pass="$(env_php_value password)"
  $COMPOSE exec -T -e MYSQL_PWD="$pass" "$SERVICE" mysql -u "$user" -N \
    -e "SELECT module, schema_version FROM \`$db\`.setup_module ORDER BY module;" \
    >"$OUT_DIR/modules-$STAMP.tsv"
  say "module versions saved to ${OUT_DIR#$ROOT/}/modules-$STAMP.tsv"
}

restore_hint() {
  cat <<'EOF'
To load a snapshot into your local database:
  gunzip -c backups/db/<file>.sql.gz | docker compose exec -T db mysql -u magento magento
  bin/magento setup:upgrade && bin/magento cache:flush
EOF
}

main() {
  command -v docker >/dev/null || die "docker is required"
  case "${1:-create}" in
    create) create; schema_version; prune 10; restore_hint ;;
    list) list ;;
    verify) verify_all ;;
    prune) prune "${2:-10}" ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
}

main "$@"
