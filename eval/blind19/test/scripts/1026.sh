#!/usr/bin/env bash
# ops/liquibase.sh -- Liquibase helper for the inventory service (MySQL in compose).
#
#   ops/liquibase.sh status
#   ops/liquibase.sh update [--tag NAME]
#   ops/liquibase.sh rollback-to TAG          local only
#   ops/liquibase.sh drop-all                 local only, asks for the schema name
#   ops/liquibase.sh diff-changelog           write the drift as a new changelog
#
# The JDBC URL comes from ops/liquibase.local.properties (url=...) or LB_URL.
# The destructive commands compare the host against LOCAL_HOSTS first.

set -o errexit
set -o nounset
set -o pipefail

readonly OPS_DIR="$(cd -- "$(dirname -- "$0")" && pwd)"
readonly REPO_ROOT="$(dirname "$OPS_DIR")"
readonly PROPS="$OPS_DIR/liquibase.local.properties"
readonly CHANGELOG="db/changelog/main.xml"
readonly OUT_DIR="$REPO_ROOT/build/liquibase"
readonly LOCAL_HOSTS=" localhost 127.0.0.1 mysql inventory-db "

fail() { printf 'liquibase.sh: %s\n' "$*" >&2; exit 2; }
note() { printf '\033[2m# %s\033[0m\n' "$*"; }

prop() {
  local key="$1"
  [[ -f "$PROPS" ]] || return 0
  sed -n "s/^${key}[[:space:]]*[=:][[:space:]]*//p" "$PROPS" | tail -n 1
}

jdbc_url() {
  local url="${LB_URL:-$(prop url)}"
  [[ -n "$url" ]] || fail "no url in ${PROPS#$REPO_ROOT/} and LB_URL unset"
  printf '%s' "$url"
}

host_of() {
  # jdbc:mysql://host:3306/db?useSSL=false -> host
  local rest="${1#*://}"
  rest="${rest%%[/?]*}"
  printf '%s' "${rest%%:*}"
}

schema_of() {
  local rest="${1#*://*/}"
  printf '%s' "${rest%%\?*}"
}

only_local() {
  local action="$1" host
  host="$(host_of "$(jdbc_url)")"
  if [[ "$LOCAL_HOSTS" != *" $host "* ]]; then
    fail "'$action' refused for host '$host' (allowed:$LOCAL_HOSTS)"
  fi
}

lb() {
  mkdir -p "$OUT_DIR"
  local log="$OUT_DIR/$(date +%Y%m%d-%H%M%S)-$1.log"
  note "liquibase $*"
  liquibase \
    --changelog-file="$CHANGELOG" \
    --url="$(jdbc_url)" \
    --username="${LB_USER:-$(prop username)}" \
    --password="${LB_PASSWORD:-$(prop password)}" \
    --log-level=warning \
    "$@" 2>&1 | tee "$log"
  return "${PIPESTATUS[0]}"
}

await_mysql() {
  local host port tries=40
  host="$(host_of "$(jdbc_url)")"
  port="$(jdbc_url | sed -n 's/.*:\([0-9][0-9]*\)\/.*/\1/p')"
  port="${port:-3306}"
  until (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; do
    (( --tries > 0 )) || fail "MySQL at $host:$port not reachable (docker compose up -d inventory-db)"
    sleep 1
  done
}

# Kept short on purpose: the full history lives in the DATABASECHANGELOG table.
prune_logs() {
  find "$OUT_DIR" -maxdepth 1 -name '*.log' -mtime +14 -delete 2>/dev/null || true
}

cmd_status() {
  lb status --verbose
}

cmd_update() {
  local tag=""
  while (($#)); do
    case "$1" in
      --tag) tag="$2"; shift 2 ;;
      *) fail "update: unknown option $1" ;;
    esac
  done
  lb update
  if [[ -n "$tag" ]]; then
    lb tag --tag="$tag"
  fi
  lb history | tail -n 8
}

cmd_rollback_to() {
  local tag="${1:-}"
  [[ -n "$tag" ]] || fail "rollback-to needs a tag"
  only_local rollback
  lb rollback --tag="$tag"
}

cmd_drop_all() {
  only_local drop-all
  local schema answer
  schema="$(schema_of "$(jdbc_url)")"
  read -r -p "Type the schema name ($schema) to drop every object in it: " answer
  [[ "$answer" == "$schema" ]] || fail "not confirmed"
  lb drop-all
  note "schema $schema is empty now; run 'ops/liquibase.sh update' to rebuild it"
}

cmd_diff_changelog() {
  only_local diff-changelog
  local target="db/changelog/drift-$(date +%Y%m%d%H%M).xml"
  lb diff-changelog --changelog-file="$target" \
    --reference-url="$(jdbc_url)" \
    --reference-username="${LB_USER:-$(prop username)}" \
    --reference-password="${LB_PASSWORD:-$(prop password)}"
  note "wrote $target - review it before committing"
}

cmd_validate() {
  # catches duplicate ids and missing rollback blocks before CI does
  lb validate
  local missing
  missing="$(grep -L '<rollback' "$REPO_ROOT"/db/changelog/changes/*.xml 2>/dev/null || true)"
  if [[ -n "$missing" ]]; then
    note "changesets without an explicit <rollback>:"
    printf '  %s\n' $missing
  fi
}

cmd_snapshot() {
  # schema-only snapshot for code review of big migrations
  only_local snapshot
  mkdir -p "$OUT_DIR"
  local out="$OUT_DIR/snapshot-$(date +%Y%m%d-%H%M).json"
  lb snapshot --snapshot-format=json > "$out"
  note "snapshot written to ${out#$REPO_ROOT/}"
  ls -1t "$OUT_DIR"/snapshot-*.json 2>/dev/null | tail -n +6 | xargs -r rm -f --
}

usage() {
  sed -n '2,11p' "$0" | sed 's/^#[ ]\{0,1\}//'
}

main() {
  command -v liquibase >/dev/null || fail "liquibase CLI not on PATH"
  local sub="${1:-}"
  [[ -n "$sub" ]] || { usage; exit 1; }
  shift
  await_mysql
  case "$sub" in
    status) cmd_status ;;
    update) cmd_update "$@" ;;
    rollback-to) cmd_rollback_to "$@" ;;
    drop-all) cmd_drop_all ;;
    diff-changelog) cmd_diff_changelog ;;
    validate) cmd_validate ;;
    snapshot) cmd_snapshot ;;
    help|-h|--help) usage ;;
    *) usage; fail "unknown command $sub" ;;
  esac
  prune_logs
}

main "$@"
