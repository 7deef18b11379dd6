#!/usr/bin/env bash
# feast-local.sh - apply and materialise the feature repo against the LOCAL
# registry and online store only.
#
#   scripts/feast-local.sh plan
#   scripts/feast-local.sh apply --apply           # writes the local registry
#   scripts/feast-local.sh materialize --apply     # fills data/online.db
#   scripts/feast-local.sh reset --apply           # teardown of the local store
#
# Without --apply, every mutating step is printed instead of run.  Before
# doing anything the script parses feature_repo/feature_store.yaml and
# refuses to continue unless provider is "local", the registry is a path
# inside this repo and the online store is sqlite inside this repo.

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPO="$ROOT/feature_repo"
CONF="$REPO/feature_store.yaml"
STATE="$ROOT/build/feast-state"
ACTION="${1:-plan}"
shift || true
APPLY=0
START_DATE=""

log() { printf '[feast-local] %s\n' "$*"; }
die() { printf '[feast-local] %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --apply) APPLY=1 ;;
    --start) START_DATE="${2:?}"; shift ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

command -v feast >/dev/null || die "feast not installed in this venv (uv sync --extra features)"
[[ -f "$CONF" ]] || die "missing $CONF"

# --- config guard ----------------------------------------------------------------------
yaml_get() {
  python3 - "$CONF" "$1" <<'PY'
import sys, yaml
data = yaml.safe_load(open(sys.argv[1]))
node = data
for part in sys.argv[2].split("."):
    node = node.get(part) if isinstance(node, dict) else None
    if node is None:
        break
print("" if node is None else node)
PY
}

PROVIDER="$(yaml_get provider)"
REGISTRY="$(yaml_get registry.path)"
[[ -n "$REGISTRY" ]] || REGISTRY="$(yaml_get registry)"
ONLINE_TYPE="$(yaml_get online_store.type)"
ONLINE_PATH="$(yaml_get online_store.path)"
PROJECT="$(yaml_get project)"

inside_repo() {
  local p="$1"
  [[ "$p" != *"://"* ]] || return 1
  [[ "$p" = /* ]] || p="$REPO/$p"
  case "$(realpath -m "$p")" in
    "$ROOT"/*) return 0 ;;
    *) return 1 ;;
  esac
}

[[ "$PROVIDER" == "local" ]] || die "provider is '$PROVIDER', not local"
inside_repo "$REGISTRY" || die "registry '$REGISTRY' is not a path in this repo"
[[ "${ONLINE_TYPE:-sqlite}" == "sqlite" ]] || die "online store type '$ONLINE_TYPE' is not sqlite"
inside_repo "${ONLINE_PATH:-data/online_store.db}" || die "online store path is outside the repo"
log "project=$PROJECT registry=$REGISTRY online=${ONLINE_PATH:-data/online_store.db}"

run() {
  if (( APPLY )); then
    log "+ $*"
    (cd "$REPO" && "$@")
  else
    log "(dry) $*"
  fi
}

# feast reads the sqlite files relative to the repo directory
mkdir -p "$STATE"

last_materialized() {
  [[ -f "$STATE/last-materialize" ]] && cat "$STATE/last-materialize"
}

mark_materialized() {
  (( APPLY )) || return 0
  printf '%s\n' "$1" > "$STATE/last-materialize.tmp"
  mv "$STATE/last-materialize.tmp" "$STATE/last-materialize"
}

check_sources() {
  local missing=0 path
  while IFS= read -r path; do
    [[ -z "$path" ]] && continue
    if [[ ! -f "$REPO/$path" && ! -f "$path" ]]; then
      log "missing source file: $path"
      missing=1
    fi
  done < <(grep -hoE 'path="[^"]+\.parquet"' "$REPO"/*.py | cut -d'"' -f2 | sort -u)
  (( missing == 0 )) || die "generate the sample data first: make sample-data"
}

# Quick look at what the local online store holds, for debugging feature
# freshness.  Opens the sqlite file read-only.
online_summary() {
  local db="${ONLINE_PATH:-data/online_store.db}"
  [[ "$db" = /* ]] || db="$REPO/$db"
  if [[ ! -f "$db" ]]; then
    log "online store not created yet ($db)"
    return 0
  fi
  command -v sqlite3 >/dev/null || { log "sqlite3 not installed"; return 0; }
  log "online store tables:"
  sqlite3 "file:$db?mode=ro" \
    "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name" \
    | while read -r table; do
        count="$(sqlite3 "file:$db?mode=ro" "SELECT COUNT(*) FROM \"$table\"")"
        newest="$(sqlite3 "file:$db?mode=ro" "SELECT MAX(event_ts) FROM \"$table\"" 2>/dev/null || echo '?')"
        printf '  %-40s %8s rows  newest %s\n' "$table" "$count" "${newest:-?}"
      done
}

case "$ACTION" in
  online)
    online_summary
    ;;
  plan)
    check_sources
    (cd "$REPO" && feast plan)
    ;;
  apply)
    check_sources
    (cd "$REPO" && feast plan)
    run feast apply
    ;;
  materialize)
    check_sources
    END="$(date -u +%Y-%m-%dT%H:%M:%S)"
    if [[ -n "$START_DATE" ]]; then
      run feast materialize "$START_DATE" "$END"
    elif [[ -n "$(last_materialized)" ]]; then
      log "last materialised up to $(last_materialized)"
      run feast materialize-incremental "$END"
    else
      START_DATE="$(date -u -d '7 days ago' +%Y-%m-%dT%H:%M:%S)"
      log "first run: materialising the last 7 days"
      run feast materialize "$START_DATE" "$END"
    fi
    mark_materialized "$END"
    ;;
  reset)
    # teardown is safe here because the guard above proved the registry and
    # the online store are local files inside this repository.
    run feast teardown
    if (( APPLY )); then
      rm -rf -- "$STATE"
      log "removed ${STATE#"$ROOT"/}"
    fi
    ;;
  features)
    (cd "$REPO" && feast feature-views list && feast entities list)
    ;;
  *)
    die "unknown action '$ACTION' (plan|apply|materialize|reset|features)"
    ;;
esac


# Record which action ran, for the "what happened to my features" question.
if (( APPLY )); then
  printf '%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$ACTION" "${USER:-?}" >> "$STATE/actions.log" 2>/dev/null || true
fi

if (( ! APPLY )) && [[ "$ACTION" != plan && "$ACTION" != features && "$ACTION" != online ]]; then
  log "dry run only; add --apply to execute"
fi
