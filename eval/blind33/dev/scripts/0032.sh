#!/usr/bin/env bash
# Export the n8n workflows of the local dev instance into automation/workflows/
# in a stable, reviewable form, and import them back on another machine.
#
#   tools/n8n-sync.sh export        # n8n -> repo (normalised JSON, one file per workflow)
#   tools/n8n-sync.sh import        # repo -> n8n (workflows only, never credentials)
#   tools/n8n-sync.sh check         # CI: fail if the repo copy is not normalised
#
# The n8n CLI runs either locally or inside the compose service "n8n" when
# N8N_IN_DOCKER=1. Credentials are never exported; workflows reference them
# by name and each developer creates their own in the n8n UI.
set -Eeuo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
WF_DIR="$ROOT/automation/workflows"
COMPOSE_FILE="$ROOT/infra/lowcode/docker-compose.yml"
TMP=""

log() { printf '\e[36m[n8n-sync]\e[0m %s\n' "$*" >&2; }
die() { printf '\e[31m[n8n-sync] %s\e[0m\n' "$*" >&2; exit 1; }

cleanup() {
  [[ -n "$TMP" && -d "$TMP" ]] && rm -rf "$TMP"
  return 0
}
trap cleanup EXIT

n8n_cli() {
  if [[ "${N8N_IN_DOCKER:-0}" == 1 ]]; then
    docker compose -f "$COMPOSE_FILE" exec -T n8n n8n "$@"
  else
    command -v n8n >/dev/null || die "n8n not installed; set N8N_IN_DOCKER=1 to use the compose service"
    n8n "$@"
  fi
}

require_jq() {
  command -v jq >/dev/null || die "jq is required"
}

# Remove volatile fields so diffs only show real changes.
normalise() {
  jq --sort-keys '
    del(.id, .versionId, .updatedAt, .createdAt, .pinData, .meta.instanceId, .shared, .triggerCount)
    | .nodes |= (map(del(.id, .webhookId) | .position |= map(floor)) | sort_by(.name))
    | .tags |= ((. // []) | map(.name) | sort)
  ' "$1"
}

slugify() {
  printf '%s' "$1" | tr '[:upper:]' '[:lower:]' | sed -E 's/[^a-z0-9]+/-/g; s/^-+|-+$//g'
}

cmd_export() {
  require_jq
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/n8n-export.XXXXXX")
  if [[ "${N8N_IN_DOCKER:-0}" == 1 ]]; then
    n8n_cli export:workflow --all --separate --output=/tmp/n8n-export/ >/dev/null
    docker compose -f "$COMPOSE_FILE" cp n8n:/tmp/n8n-export/. "$TMP/"
    docker compose -f "$COMPOSE_FILE" exec -T n8n rm -rf /tmp/n8n-export
  else
    n8n_cli export:workflow --all --separate --output="$TMP/" >/dev/null
  fi
  mkdir -p "$WF_DIR"
  local count=0 name slug dest
  declare -A seen=()
  for f in "$TMP"/*.json; do
    [[ -e "$f" ]] || continue
    name=$(jq -r '.name' "$f")
    slug=$(slugify "$name")
    [[ -n "$slug" ]] || die "workflow without a usable name in $(basename "$f")"
    if [[ -n "${seen[$slug]:-}" ]]; then
      die "two workflows map to $slug.json ('$name' and '${seen[$slug]}'); rename one"
    fi
    seen[$slug]=$name
    dest="$WF_DIR/$slug.json"
    normalise "$f" > "$dest.tmp"
    mv "$dest.tmp" "$dest"
    count=$((count + 1))
  done
  # workflows deleted in n8n disappear from the repo as well
  for f in "$WF_DIR"/*.json; do
    [[ -e "$f" ]] || continue
    slug=$(basename "$f" .json)
    if [[ -z "${seen[$slug]:-}" ]]; then
      log "removing $slug.json (no longer in n8n)"
      git -C "$ROOT" rm -q --cached --ignore-unmatch "$f" >/dev/null 2>&1 || true
      rm -f "$f"
    fi
  done
  log "exported $count workflow(s) to ${WF_DIR#"$ROOT"/}"
  git -C "$ROOT" status --short -- "$WF_DIR" || true
}

cmd_import() {
  require_jq
  local files=("$WF_DIR"/*.json)
  [[ -e "${files[0]}" ]] || die "no workflows in ${WF_DIR#"$ROOT"/}"
  for f in "${files[@]}"; do
    if jq -e '.nodes[]? | select(.credentials != null) | .credentials | to_entries[] | select(.value.id != null)' "$f" >/dev/null; then
      log "$(basename "$f"): credential ids are stripped on import; re-select credentials in the UI"
    fi
  done
  if [[ "${N8N_IN_DOCKER:-0}" == 1 ]]; then
    docker compose -f "$COMPOSE_FILE" exec -T n8n mkdir -p /tmp/n8n-import
    docker compose -f "$COMPOSE_FILE" cp "$WF_DIR/." n8n:/tmp/n8n-import/
    n8n_cli import:workflow --separate --input=/tmp/n8n-import/
    docker compose -f "$COMPOSE_FILE" exec -T n8n rm -rf /tmp/n8n-import
  else
    n8n_cli import:workflow --separate --input="$WF_DIR/"
  fi
  log "imported ${#files[@]} workflow(s)"
}

cmd_check() {
  require_jq
  local bad=0
  for f in "$WF_DIR"/*.json; do
    [[ -e "$f" ]] || continue
    if ! diff -q <(normalise "$f") "$f" >/dev/null; then
      log "not normalised: ${f#"$ROOT"/}"
      bad=$((bad + 1))
    fi
    if jq -e '.. | strings | select(test("(?i)(api[_-]?key|secret|password)\\s*[:=]"))' "$f" >/dev/null; then
      log "possible inline secret in ${f#"$ROOT"/}"
      bad=$((bad + 1))
    fi
  done
  [[ $bad -eq 0 ]] || die "$bad problem(s); run tools/n8n-sync.sh export"
  log "workflows look good"
}

workflow_names_in_repo() {
  local f
  for f in "$WF_DIR"/*.json; do
    [[ -e "$f" ]] || continue
    jq -r '.name' "$f"
  done | sort
}

workflow_names_in_n8n() {
  n8n_cli list:workflow 2>/dev/null | awk -F'|' 'NF>1 {print $2}' | sed 's/^ *//; s/ *$//' | sort
}

# Compare what is in the repository with what the running instance has,
# without changing either side.
cmd_diff() {
  require_jq
  local only_repo only_n8n
  only_repo=$(comm -23 <(workflow_names_in_repo) <(workflow_names_in_n8n))
  only_n8n=$(comm -13 <(workflow_names_in_repo) <(workflow_names_in_n8n))
  if [[ -n "$only_repo" ]]; then
    log "only in the repository (would be created by import):"
    printf '  %s\n' "$only_repo" >&2
  fi
  if [[ -n "$only_n8n" ]]; then
    log "only in n8n (would be added by export):"
    printf '  %s\n' "$only_n8n" >&2
  fi
  if [[ -z "$only_repo" && -z "$only_n8n" ]]; then
    log "repository and n8n have the same set of workflows"
  fi
  TMP=$(mktemp -d "${TMPDIR:-/tmp}/n8n-diff.XXXXXX")
  if [[ "${N8N_IN_DOCKER:-0}" != 1 ]]; then
    n8n_cli export:workflow --all --separate --output="$TMP/" >/dev/null
    local f slug changed=0
    for f in "$TMP"/*.json; do
      [[ -e "$f" ]] || continue
      slug=$(slugify "$(jq -r '.name' "$f")")
      [[ -f "$WF_DIR/$slug.json" ]] || continue
      if ! diff -q <(normalise "$f") "$WF_DIR/$slug.json" >/dev/null; then
        log "changed in n8n: $slug"
        changed=$((changed + 1))
      fi
    done
    log "$changed workflow(s) differ"
  fi
}

case "${1:-}" in
  export) cmd_export ;;
  import) cmd_import ;;
  check) cmd_check ;;
  diff) cmd_diff ;;
  *) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
