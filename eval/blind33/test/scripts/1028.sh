#!/usr/bin/env bash
#
# traefik-check.sh - validate the Traefik dynamic configuration of the edge stack
#
# What is checked (files under ops/traefik/dynamic/*.yml):
#   - YAML parses (yq) and only known top-level keys are used
#   - every router references an existing service and, if set, existing middlewares
#   - every service URL points at a compose service, localhost or *.internal
#   - routers on the "websecure" entrypoint have tls configured
#   - no router uses the catch-all rule PathPrefix(`/`) without a Host matcher
# Optionally (--live) compares with what the running dev Traefik reports on its
# API (http://localhost:8082/api) to spot stale file-provider state.
#
# usage: ops/traefik/traefik-check.sh [--live] [--quiet]

set -o errexit -o nounset -o pipefail
shopt -s nullglob

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
dyn_dir="$here/dynamic"
api="${TRAEFIK_API:-http://localhost:8082/api}"
live=0
quiet=0
errors=0
warnings=0

report() {
  local level="$1"; shift
  case "$level" in
    error) errors=$((errors + 1)); echo "ERROR: $*" ;;
    warn) warnings=$((warnings + 1)); (( quiet )) || echo "warn:  $*" ;;
    info) (( quiet )) || echo "       $*" ;;
  esac
}

for arg in "$@"; do
  case "$arg" in
    --live) live=1 ;;
    --quiet) quiet=1 ;;
    --help|-h)
      echo "usage: $0 [--live] [--quiet]"
      exit 0 ;;
    *) echo "unknown argument: $arg" >&2; exit 2 ;;
  esac
done

command -v yq >/dev/null || { echo "yq (mikefarah) is required" >&2; exit 2; }
command -v jq >/dev/null || { echo "jq is required" >&2; exit 2; }

files=("$dyn_dir"/*.yml "$dyn_dir"/*.yaml)
(( ${#files[@]} > 0 )) || { echo "no dynamic configuration files in ${dyn_dir#"$repo"/}" >&2; exit 2; }

# merged view of all files, like the file provider with watch + directory
merged="$(mktemp)"
trap 'rm -f "$merged"' EXIT
yq eval-all -o=json '. as $item ireduce ({}; . * $item)' "${files[@]}" > "$merged"

check_top_level() {
  local f key
  for f in "${files[@]}"; do
    if ! yq -e '.' "$f" >/dev/null 2>&1; then
      report error "${f#"$repo"/}: not valid YAML"
      continue
    fi
    while read -r key; do
      case "$key" in
        http|tcp|udp|tls) ;;
        *) report error "${f#"$repo"/}: unknown top-level key '$key'" ;;
      esac
    done < <(yq -r 'keys | .[]' "$f")
  done
}

check_router_refs() {
  local router service mw
  while IFS=$'\t' read -r router service; do
    if [[ "$(jq --arg s "$service" '.http.services | has($s)' "$merged")" != true ]]; then
      report error "router $router -> unknown service '$service'"
    fi
  done < <(jq -r '.http.routers // {} | to_entries[] | [.key, .value.service] | @tsv' "$merged")
  while IFS=$'\t' read -r router mw; do
    [[ -z "$mw" ]] && continue
    mw="${mw%@file}"
    if [[ "$mw" == *@* ]]; then
      report info "router $router uses provider middleware $mw (not checked)"
      continue
    fi
    if [[ "$(jq --arg m "$mw" '.http.middlewares // {} | has($m)' "$merged")" != true ]]; then
      report error "router $router -> unknown middleware '$mw'"
    fi
  done < <(jq -r '.http.routers // {} | to_entries[] | .key as $r | (.value.middlewares // [])[] | [$r, .] | @tsv' "$merged")
}

check_service_urls() {
  local service url host
  while IFS=$'\t' read -r service url; do
    host="$(sed -E 's#^[a-z]+://([^/:]+).*#\1#' <<< "$url")"
    if [[ "$host" == localhost || "$host" == 127.0.0.1 || "$host" == *.internal || "$host" != *.* ]]; then
      report info "service $service -> $url"
    else
      report error "service $service points at external host $host"
    fi
  done < <(jq -r '.http.services // {} | to_entries[] | .key as $s | (.value.loadBalancer.servers // [])[] | [$s, .url] | @tsv' "$merged")
}

check_tls_and_rules() {
  local router entrypoints tls rule
  while IFS=$'\t' read -r router entrypoints tls rule; do
    if [[ ",$entrypoints," == *,websecure,* && "$tls" == null ]]; then
      report error "router $router is on websecure without tls"
    fi
    if [[ "$rule" == *'PathPrefix(`/`)'* && "$rule" != *Host* ]]; then
      report warn "router $router has a catch-all rule without Host(): $rule"
    fi
  done < <(jq -r '.http.routers // {} | to_entries[] | [.key, ((.value.entryPoints // []) | join(",")), (.value.tls | tostring), .value.rule] | @tsv' "$merged")
}

compare_live() {
  local live_json file_routers live_routers
  if ! live_json="$(curl -fsS --max-time 5 "$api/http/routers")"; then
    report warn "Traefik API not reachable at $api; skipping live comparison"
    return
  fi
  file_routers="$(jq -r '.http.routers // {} | keys[] | . + "@file"' "$merged" | sort)"
  live_routers="$(jq -r '.[] | select(.provider == "file") | .name' <<< "$live_json" | sort)"
  while read -r r; do
    [[ -n "$r" ]] && report warn "router $r is in the files but not loaded by Traefik"
  done < <(comm -23 <(echo "$file_routers") <(echo "$live_routers"))
  while read -r r; do
    [[ -n "$r" ]] && report warn "Traefik still serves $r which is no longer in the files"
  done < <(comm -13 <(echo "$file_routers") <(echo "$live_routers"))
  local broken
  broken="$(jq -r '.[] | select(.status != "enabled") | "\(.name): \(.status)"' <<< "$live_json")"
  [[ -z "$broken" ]] || while read -r line; do report error "live router $line"; done <<< "$broken"
}

check_middlewares() {
  # every middleware defined must be used, and rate limits must be sane
  local mw used avg burst
  while read -r mw; do
    used="$(jq --arg m "$mw" '[.http.routers // {} | .[] | (.middlewares // [])[] | sub("@file$"; "")] | index($m) != null' "$merged")"
    [[ "$used" == true ]] || report warn "middleware $mw is defined but no router uses it"
  done < <(jq -r '.http.middlewares // {} | keys[]' "$merged")
  while IFS=$'\t' read -r mw avg burst; do
    if (( avg > 10000 )); then
      report warn "middleware $mw: rateLimit.average $avg looks like a typo"
    fi
    if (( burst < avg / 10 )); then
      report warn "middleware $mw: burst $burst is very small compared to average $avg"
    fi
  done < <(jq -r '.http.middlewares // {} | to_entries[] | select(.value.rateLimit) | [.key, (.value.rateLimit.average // 0), (.value.rateLimit.burst // 0)] | @tsv' "$merged")
}

check_duplicate_rules() {
  # identical rules on the same entrypoint make routing depend on priority only
  local dupes
  dupes="$(jq -r '[.http.routers // {} | to_entries[] | {k: ((.value.entryPoints // ["*"]) | join(",")) + " " + .value.rule, r: .key}]
                  | group_by(.k)[] | select(length > 1) | map(.r) | join(", ")' "$merged")"
  while read -r line; do
    [[ -n "$line" ]] && report error "routers with identical rule and entrypoints: $line"
  done <<< "$dupes"
}

check_top_level
check_router_refs
check_service_urls
check_tls_and_rules
check_middlewares
check_duplicate_rules
(( live )) && compare_live

if (( ! quiet )); then
  echo "routers per entrypoint:"
  jq -r '[.http.routers // {} | .[] | (.entryPoints // ["(default)"])[]] | group_by(.) | .[] | "  \(.[0]): \(length)"' "$merged"
fi
routers="$(jq '.http.routers // {} | length' "$merged")"
services="$(jq '.http.services // {} | length' "$merged")"
echo "checked ${#files[@]} file(s): $routers router(s), $services service(s); $errors error(s), $warnings warning(s)"
(( errors == 0 ))
