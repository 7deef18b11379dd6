#!/usr/bin/env bash
#
# catalog-docs-sync.sh - push dataset documentation from the repo into DataHub
#
# Source of truth: catalog/docs/<platform>/<dataset>.md with a small YAML front
# matter block:
#
#   ---
#   urn: urn:li:dataset:(urn:li:dataPlatform:postgres,analytics.public.orders,PROD)
#   owners: [team-data, jdoe]
#   tags: [pii, gold]
#   ---
#   Orders placed in the web shop ...
#
# For every file the script builds the editableDatasetProperties, ownership and
# globalTags aspects and writes them with `datahub put` to the DataHub GMS the
# developer is logged in to (datahub init / ~/.datahubenv). By default it only
# prints the plan; --apply writes. --only PATTERN limits the files.
#
# Only GMS endpoints on localhost or *.internal are accepted.

set -euo pipefail
shopt -s globstar nullglob

repo_dir="$(git rev-parse --show-toplevel)"
docs_dir="$repo_dir/catalog/docs"
work_dir="$repo_dir/build/catalog-sync"
apply=0
only=""
changed=0
unchanged=0
failed=0

info() { printf '%s\n' "$*"; }
err()  { printf 'catalog-docs-sync: %s\n' "$*" >&2; }

parse_args() {
  while (( $# )); do
    case "$1" in
      --apply) apply=1 ;;
      --only) only="$2"; shift ;;
      -h|--help) info "usage: $0 [--apply] [--only PATTERN]"; exit 0 ;;
      *) err "unknown argument $1"; exit 2 ;;
    esac
    shift
  done
}

gms_server() {
  local server
  server="${DATAHUB_GMS_URL:-}"
  if [[ -z "$server" && -f "$HOME/.datahubenv" ]]; then
    server="$(yq -r '.gms.server // ""' "$HOME/.datahubenv")"
  fi
  [[ -n "$server" ]] || { err "no GMS configured; run 'datahub init'"; exit 2; }
  local host
  host="$(sed -E 's#^https?://([^/:]+).*#\1#' <<< "$server")"
  case "$host" in
    localhost|127.0.0.1|*.internal) printf '%s\n' "$server" ;;
    *) err "GMS host $host is not local/internal; refusing"; exit 2 ;;
  esac
}

front_matter() {
  # print the YAML between the first two '---' lines
  awk 'NR==1 && $0=="---" {inside=1; next} inside && $0=="---" {exit} inside {print}' "$1"
}

body_of() {
  awk 'NR==1 && $0=="---" {skip=1; next} skip && $0=="---" {skip=0; next} !skip {print}' "$1"
}

build_aspects() {
  local md="$1" out="$2" meta
  meta="$(front_matter "$md")"
  [[ -n "$meta" ]] || { err "${md#"$repo_dir"/}: missing front matter"; return 1; }
  local urn
  urn="$(yq -r '.urn // ""' <<< "$meta")"
  [[ "$urn" == urn:li:dataset:* ]] || { err "${md#"$repo_dir"/}: invalid urn '$urn'"; return 1; }
  mkdir -p "$out"
  printf '%s\n' "$urn" > "$out/urn"
  body_of "$md" | jq -Rs '{description: .}' > "$out/editableDatasetProperties.json"
  yq -o=json '{owners: [(.owners // [])[] | {owner: ("urn:li:corpuser:" + .), type: "TECHNICAL_OWNER"}]}' \
    <<< "$meta" > "$out/ownership.json"
  yq -o=json '{tags: [(.tags // [])[] | {tag: ("urn:li:tag:" + .)}]}' <<< "$meta" > "$out/globalTags.json"
}

current_aspect() {
  local urn="$1" aspect="$2"
  datahub get --urn "$urn" --aspect "$aspect" 2>/dev/null | jq -S ".$aspect // {}" 2>/dev/null || echo '{}'
}

differs() {
  local urn="$1" aspect="$2" file="$3"
  local want have
  want="$(jq -S . "$file")"
  have="$(current_aspect "$urn" "$aspect")"
  case "$aspect" in
    ownership) have="$(jq -S '{owners: [(.owners // [])[] | {owner, type}]}' <<< "$have")" ;;
    globalTags) have="$(jq -S '{tags: [(.tags // [])[] | {tag}]}' <<< "$have")" ;;
    editableDatasetProperties) have="$(jq -S '{description: (.description // "")}' <<< "$have")" ;;
  esac
  [[ "$want" != "$have" ]]
}

sync_file() {
  local md="$1" rel="${1#"$docs_dir"/}"
  local out="$work_dir/${rel%.md}"
  if ! build_aspects "$md" "$out"; then
    failed=$((failed + 1))
    return
  fi
  local urn aspect any=0
  urn="$(cat "$out/urn")"
  for aspect in editableDatasetProperties ownership globalTags; do
    if differs "$urn" "$aspect" "$out/$aspect.json"; then
      any=1
      if (( apply )); then
        if datahub put --urn "$urn" --aspect "$aspect" -d "$out/$aspect.json" >/dev/null; then
          info "  wrote $aspect for $rel"
        else
          err "datahub put failed for $rel ($aspect)"
          failed=$((failed + 1))
        fi
      else
        info "  would update $aspect for $rel"
      fi
    fi
  done
  if (( any )); then changed=$((changed + 1)); else unchanged=$((unchanged + 1)); fi
}

validate_docs() {
  # fail fast on documentation that would produce empty or broken aspects
  local md problems=0 meta words
  for md in "$docs_dir"/**/*.md; do
    meta="$(front_matter "$md")"
    if [[ -z "$meta" ]]; then
      err "${md#"$repo_dir"/}: no front matter"
      problems=$((problems + 1))
      continue
    fi
    if [[ "$(yq -r '.owners | length' <<< "$meta")" == 0 ]]; then
      err "${md#"$repo_dir"/}: no owners listed"
      problems=$((problems + 1))
    fi
    words="$(body_of "$md" | wc -w)"
    if (( words < 10 )); then
      err "${md#"$repo_dir"/}: description has only $words word(s)"
      problems=$((problems + 1))
    fi
  done
  return $(( problems > 0 ))
}

duplicate_urns() {
  local dupes
  dupes="$(for md in "$docs_dir"/**/*.md; do front_matter "$md" | yq -r '.urn // ""'; done | sort | uniq -d)"
  if [[ -n "$dupes" ]]; then
    err "the same urn is documented in several files:"
    printf '  %s\n' $dupes >&2
    return 1
  fi
}

main() {
  parse_args "$@"
  validate_docs || { err "fix the documentation problems above first"; exit 1; }
  duplicate_urns || exit 1
  command -v datahub >/dev/null || { err "datahub CLI not installed (pip install acryl-datahub)"; exit 2; }
  command -v yq >/dev/null || { err "yq is required"; exit 2; }
  local server
  server="$(gms_server)"
  info "DataHub GMS: $server"
  rm -rf -- "$work_dir"
  mkdir -p "$work_dir"
  local md
  for md in "$docs_dir"/**/*.md; do
    [[ -n "$only" && "$md" != *$only* ]] && continue
    sync_file "$md"
  done
  info "$changed dataset(s) $( (( apply )) && echo updated || echo 'would change'), $unchanged unchanged, $failed failed"
  (( apply )) || info "dry run; re-run with --apply to write to DataHub"
  (( failed == 0 ))
}

main "$@"
