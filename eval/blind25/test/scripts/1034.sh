#!/usr/bin/env bash
# unleash-env.sh - export/import Unleash feature toggles between the team's
# self-hosted instances (unleash.internal for dev/staging, unleash-qa.internal).
#
#   tools/unleash-env.sh export  [--from HOST]                  -> flags/export-<date>.json
#   tools/unleash-env.sh diff    FILE [--to HOST]               what an import would change
#   tools/unleash-env.sh import  FILE [--to HOST] --env ENV --apply
#   tools/unleash-env.sh stale   [--from HOST]                  toggles flagged stale by Unleash
#
# Tokens: UNLEASH_TOKEN_<HOSTTAG> in the environment or .env (e.g.
# UNLEASH_TOKEN_UNLEASH for unleash.internal). Each token is only sent to its
# own host, in the Authorization header. Imports never target the production
# environment: --env production is refused here by design.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
default_host=unleash.internal
out_dir="$root/flags"

log() { echo "[unleash] $*" >&2; }
abort() { echo "[unleash] ERROR: $*" >&2; exit 1; }

host_tag() {
  local h=${1%%.*}
  h=${h//-/_}
  echo "${h^^}"
}

token_for() {
  local host=$1 var val
  var="UNLEASH_TOKEN_$(host_tag "$host")"
  val=${!var:-}
  if [[ -z $val && -f "$root/.env" ]]; then
    val=$(awk -F= -v k="$var" '$1 == k {sub(/^[^=]*=/, ""); print; exit}' "$root/.env")
  fi
  [[ -n $val ]] || abort "$var not set (env or .env)"
  printf '%s' "$val"
}

check_host() {
  case $1 in
    *.internal|localhost) ;;
    *) abort "refusing host '$1': only the team's *.internal Unleash instances" ;;
  esac
}

api() {
  # api METHOD HOST PATH [BODY_FILE]
  local method=$1 host=$2 path=$3 body=${4:-}
  local -a args=(-fsS --retry 3 --retry-delay 2 -X "$method"
    -H "Authorization: $(token_for "$host")"
    -H 'Content-Type: application/json')
  [[ -n $body ]] && args+=(--data-binary "@$body")
  curl "${args[@]}" "https://$host/api/admin$path"
}

parse_opts() {
  host=$default_host
  env_name=""
  apply=false
  positional=()
  while (( $# )); do
    case $1 in
      --from|--to) host=$2; shift 2 ;;
      --env) env_name=$2; shift 2 ;;
      --apply) apply=true; shift ;;
      -*) abort "unknown option $1" ;;
      *) positional+=("$1"); shift ;;
    esac
  done
  check_host "$host"
}

cmd_export() {
  parse_opts "$@"
  mkdir -p "$out_dir"
  local file="$out_dir/export-$(date +%Y%m%d-%H%M).json"
  api GET "$host" "/features-batch/export" > "$file.tmp" 2>/dev/null \
    || api POST "$host" "/features-batch/export" <(echo '{"tag":null,"environment":"development"}') > "$file.tmp"
  jq -e '.features | length >= 0' "$file.tmp" >/dev/null || abort "export is not valid JSON"
  mv -- "$file.tmp" "$file"
  log "exported $(jq '.features | length' "$file") toggle(s) from $host -> ${file#"$root"/}"
}

toggle_names() {
  jq -r '.features[].name' "$1" | sort
}

cmd_diff() {
  parse_opts "$@"
  local file=${positional[0]:-}
  [[ -f $file ]] || abort "usage: unleash-env.sh diff FILE [--to HOST]"
  local current
  current=$(mktemp)
  trap 'rm -f -- "$current"' RETURN
  api GET "$host" "/projects/default/features" | jq '{features: .features}' > "$current"
  log "toggles only in $(basename "$file"):"
  comm -23 <(toggle_names "$file") <(toggle_names "$current") | sed 's/^/    + /' >&2
  log "toggles only on $host:"
  comm -13 <(toggle_names "$file") <(toggle_names "$current") | sed 's/^/    - /' >&2
}

cmd_import() {
  parse_opts "$@"
  local file=${positional[0]:-}
  [[ -f $file ]] || abort "usage: unleash-env.sh import FILE --env ENV [--to HOST] --apply"
  [[ -n $env_name ]] || abort "--env is required"
  [[ $env_name != production ]] || abort "imports into production are done through the release process"
  local body
  body=$(mktemp)
  trap 'rm -f -- "$body"' RETURN
  jq --arg env "$env_name" '{data: ., project: "default", environment: $env}' "$file" > "$body"
  if ! $apply; then
    log "dry run: would import $(jq '.data.features | length' "$body") toggle(s) into $host/$env_name"
    log "validate result:"
    api POST "$host" "/features-batch/validate" "$body" | jq '{errors, warnings}' >&2
    return 0
  fi
  api POST "$host" "/features-batch/import" "$body" >/dev/null
  log "imported into $host/$env_name"
}

cmd_stale() {
  parse_opts "$@"
  api GET "$host" "/projects/default/features" \
    | jq -r '.features[] | select(.stale == true) | "\(.name)\t\(.createdAt[0:10])\t\(.type)"' \
    | column -t -s $'\t'
}

cmd_health() {
  parse_opts "$@"
  # /health is unauthenticated on Unleash; still only our hosts are allowed
  if curl -fsS --max-time 5 "https://$host/health" | jq -e '.health == "GOOD"' >/dev/null; then
    log "$host healthy"
  else
    abort "$host not healthy"
  fi
}

cmd_prune_exports() {
  # keep the 10 newest export files in flags/
  local old
  mapfile -t old < <(ls -1t "$out_dir"/export-*.json 2>/dev/null | tail -n +11)
  (( ${#old[@]} )) || { log "nothing to prune"; return 0; }
  rm -f -- "${old[@]}"
  log "removed ${#old[@]} old export file(s)"
}

cmd_list() {
  # toggles with their per-environment state, read-only
  parse_opts "$@"
  api GET "$host" "/projects/default/features" \
    | jq -r '.features[]
        | [.name, .type, ([.environments[]? | "\(.name)=\(if .enabled then "on" else "off" end)"] | join(" "))]
        | @tsv' \
    | column -t -s $'\t'
}

cmd_owners() {
  # which toggles have no owner tag; owners are kept as tags "owner:<team>"
  parse_opts "$@"
  local missing
  missing=$(api GET "$host" "/projects/default/features" \
    | jq -r '.features[] | select(([.tags[]?.type] | index("owner")) | not) | .name')
  if [[ -n $missing ]]; then
    log "toggles without an owner tag:"
    printf '    %s\n' $missing >&2
  else
    log "every toggle has an owner"
  fi
}

case ${1:-} in
  list) shift; cmd_list "$@" ;;
  owners) shift; cmd_owners "$@" ;;
  export) shift; cmd_export "$@" ;;
  diff) shift; cmd_diff "$@" ;;
  import) shift; cmd_import "$@" ;;
  stale) shift; cmd_stale "$@" ;;
  health) shift; cmd_health "$@" ;;
  prune-exports) cmd_prune_exports ;;
  *) sed -n '2,13p' "$0"; exit 2 ;;
esac
