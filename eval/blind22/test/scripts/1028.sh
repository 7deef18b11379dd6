#!/usr/bin/env bash
#
# graph-gate.sh -- federated GraphQL schema gate for the harbor subgraphs
#
#   graph-gate.sh check   [VARIANT]   rover subgraph check for every subgraph
#   graph-gate.sh publish  VARIANT    check, then publish (dev/staging only)
#   graph-gate.sh lint                rover subgraph lint (no network writes)
#
# Subgraphs are listed in subgraphs.tsv: name<TAB>schema file<TAB>routing URL.
# APOLLO_KEY comes from the environment or .env.apollo and is exported only
# for the rover processes (rover reads it from its environment). Publishing to
# the `current` (production) variant is never done from here.
#
set -euo pipefail

root=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && cd .. && pwd)
graph=harbor-supergraph
manifest=$root/subgraphs.tsv
dotenv=$root/.env.apollo
reports=$root/reports/graph-gate
publishable=(dev staging)

note() { printf '[graph-gate] %s\n' "$*"; }
die()  { printf '[graph-gate] fatal: %s\n' "$*" >&2; exit 1; }

key_from_dotenv() {
  [[ -r $dotenv ]] || return 1
  local k v
  while IFS='=' read -r k v; do
    if [[ $k == APOLLO_KEY ]]; then
      v=${v%\"}; v=${v#\"}
      printf '%s' "$v"
      return 0
    fi
  done < "$dotenv"
  return 1
}

masked() {
  local s=$1
  (( ${#s} > 6 )) || { printf '******'; return; }
  printf '%s…%s' "${s:0:3}" "${s: -3}"
}

apollo_key=${APOLLO_KEY:-}
if [[ -z $apollo_key ]]; then
  apollo_key=$(key_from_dotenv) || die "APOLLO_KEY not set and not found in ${dotenv#"$root"/}"
fi

rover_run() {
  # APOLLO_KEY is handed to rover only, not exported to the whole script
  APOLLO_KEY=$apollo_key APOLLO_TELEMETRY_DISABLED=1 rover "$@"
}

read_manifest() {
  [[ -f $manifest ]] || die "missing ${manifest#"$root"/}"
  grep -vE '^\s*(#|$)' "$manifest"
}

is_publishable() {
  local v
  for v in "${publishable[@]}"; do
    [[ $v == "$1" ]] && return 0
  done
  return 1
}

with_retry() {
  local attempt=1 delay=3
  until "$@"; do
    (( attempt >= 4 )) && return 1
    note "attempt $attempt failed; retrying in ${delay}s"
    sleep "$delay"
    attempt=$((attempt + 1))
    delay=$((delay * 2))
  done
}

cmd_lint() {
  local name schema url failed=0
  while IFS=$'\t' read -r name schema url; do
    if rover_run subgraph lint --name "$name" --schema "$root/$schema" "$graph@dev" \
        > "$reports/$name.lint.txt" 2>&1; then
      note "lint ok     $name"
    else
      note "lint FAILED $name (see ${reports#"$root"/}/$name.lint.txt)"
      failed=1
    fi
  done < <(read_manifest)
  return "$failed"
}

cmd_check() {
  local variant=${1:-current} name schema url failed=0
  while IFS=$'\t' read -r name schema url; do
    [[ -f $root/$schema ]] || die "$name: schema file $schema missing"
    if with_retry rover_run subgraph check "$graph@$variant" --name "$name" \
        --schema "$root/$schema" --format json > "$reports/$name.check.json" 2> "$reports/$name.check.err"; then
      note "check ok     $name vs $variant"
    else
      note "check FAILED $name vs $variant"
      jq -r '.data.changes[]? | "    \(.severity) \(.code): \(.description)"' \
        "$reports/$name.check.json" 2>/dev/null | head -n 20 || :
      failed=1
    fi
  done < <(read_manifest)
  return "$failed"
}

cmd_publish() {
  local variant=${1:?publish needs a variant}
  is_publishable "$variant" || die "publishing to '$variant' is not allowed here (only: ${publishable[*]})"
  [[ -z $(git -C "$root" status --porcelain -- schemas) ]] || die "schemas/ has uncommitted changes"
  cmd_check "$variant" || die "checks failed; not publishing"
  local name schema url
  while IFS=$'\t' read -r name schema url; do
    with_retry rover_run subgraph publish "$graph@$variant" --name "$name" \
      --schema "$root/$schema" --routing-url "$url" --no-url
    note "published $name to $variant"
  done < <(read_manifest)
}

compose_local() {
  # compose the supergraph from the local files first; a composition error is
  # cheaper to find here than in the registry check
  local cfg=$reports/supergraph.local.yaml name schema url
  {
    echo "federation_version: =2.7.1"
    echo "subgraphs:"
    while IFS=$'\t' read -r name schema url; do
      printf '  %s:\n    routing_url: %s\n    schema:\n      file: %s\n' "$name" "$url" "$root/$schema"
    done < <(read_manifest)
  } > "$cfg"
  if APOLLO_TELEMETRY_DISABLED=1 rover supergraph compose --config "$cfg" --elv2-license accept \
      > "$reports/supergraph.graphql" 2> "$reports/compose.err"; then
    note "local composition ok"
  else
    note "local composition FAILED:"
    tail -n 20 "$reports/compose.err" >&2
    return 1
  fi
}

prune_reports() {
  # keep only the files from this run
  find "$reports" -maxdepth 1 -type f -mmin +120 -name '*.json' -delete 2>/dev/null || :
  find "$reports" -maxdepth 1 -type f -mmin +120 -name '*.txt' -delete 2>/dev/null || :
}

summary_md() {
  local f out=$reports/summary.md
  {
    echo "# graph gate $(date -u +%FT%TZ)"
    echo
    for f in "$reports"/*.check.json; do
      [[ -e $f ]] || continue
      printf -- '- %s: %s change(s)\n' "$(basename "$f" .check.json)" \
        "$(jq '[.data.changes[]?] | length' "$f" 2>/dev/null || echo '?')"
    done
  } > "$out"
  note "summary in ${out#"$root"/}"
}

main() {
  command -v rover >/dev/null || die "rover CLI not installed"
  command -v jq >/dev/null 2>&1 || die "jq is missing"
  mkdir -p "$reports"
  prune_reports
  note "using APOLLO_KEY $(masked "$apollo_key")"
  local sub=${1:-check}
  shift || :
  case $sub in
    lint) cmd_lint ;;
    compose) compose_local ;;
    check) compose_local; cmd_check "$@"; summary_md ;;
    publish) cmd_publish "$@"; summary_md ;;
    *) die "unknown command '$sub' (lint|check|publish)" ;;
  esac
}

main "$@"
