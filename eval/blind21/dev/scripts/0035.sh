#!/usr/bin/env bash
# maint-silence.sh - mute our own alerts during a planned maintenance window.
#
#   ops/maint-silence.sh add   --service checkout --duration 2h --reason "pg upgrade"
#   ops/maint-silence.sh list
#   ops/maint-silence.sh clear           expire the silences this tool created
#
# Guards:
#   * a silence always matches service=<one service> AND env=<env>; there is
#     no way to create a matcher-less or regex-everything silence here
#   * duration is capped at 8h
#   * silences are tagged "maint-silence:<user>" in the comment; clear only
#     expires silences carrying that tag
# Alertmanager URL comes from ops/alerting.env (ALERTMANAGER_URL).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=/dev/null
[[ -f "$HERE/alerting.env" ]] && source "$HERE/alerting.env"
AM_URL="${ALERTMANAGER_URL:-http://localhost:9093}"
ENV_NAME="${ALERT_ENV:-staging}"
TAG="maint-silence:${USER:-unknown}"
MAX_HOURS=8
KNOWN_SERVICES_FILE="$HERE/services.txt"

die() { echo "maint-silence: $*" >&2; exit 1; }

amtool_() {
  amtool --alertmanager.url="$AM_URL" "$@"
}

check_url() {
  case "$AM_URL" in
    http://localhost:*|http://127.0.0.1:*|https://*.internal|https://*.internal:*|http://*.internal:*) ;;
    *) die "ALERTMANAGER_URL '$AM_URL' is not local or internal" ;;
  esac
  amtool_ config show >/dev/null 2>&1 || die "cannot reach alertmanager at $AM_URL"
}

hours_of() {
  local d="$1"
  case "$d" in
    *h) echo "${d%h}" ;;
    *m) echo $(( (${d%m} + 59) / 60 )) ;;
    *) die "duration must look like 90m or 2h" ;;
  esac
}

known_service() {
  local svc="$1"
  [[ -f "$KNOWN_SERVICES_FILE" ]] || die "missing $KNOWN_SERVICES_FILE"
  grep -qxF -- "$svc" "$KNOWN_SERVICES_FILE"
}

cmd_add() {
  local service="" duration="1h" reason=""
  while (( $# )); do
    case "$1" in
      --service) service="${2:?}"; shift ;;
      --duration) duration="${2:?}"; shift ;;
      --reason) reason="${2:?}"; shift ;;
      *) die "unknown option $1" ;;
    esac
    shift
  done
  [[ -n "$service" ]] || die "--service is required"
  [[ -n "$reason" ]] || die "--reason is required"
  [[ "$service" =~ ^[a-z0-9-]+$ ]] || die "service must be a plain name, no regex"
  known_service "$service" || die "unknown service '$service' (see services.txt)"
  local h
  h="$(hours_of "$duration")"
  (( h <= MAX_HOURS )) || die "duration $duration exceeds ${MAX_HOURS}h"

  local id
  id="$(amtool_ silence add \
        "service=$service" "env=$ENV_NAME" \
        --duration="$duration" \
        --author="${USER:-unknown}" \
        --comment="$TAG $reason")"
  echo "silence $id: service=$service env=$ENV_NAME for $duration"
  echo "$id $service $(date -u +%FT%TZ) $duration" >> "$HERE/.silences.log"
}

our_ids() {
  amtool_ silence query -o json 2>/dev/null \
    | jq -r --arg tag "$TAG" '.[] | select(.status.state == "active")
        | select(.comment | startswith($tag)) | .id'
}

cmd_list() {
  amtool_ silence query -o json \
    | jq -r --arg tag "$TAG" '.[] | select(.status.state == "active")
        | [ .id[0:8], (.matchers | map(.name + "=" + .value) | join(",")),
            .endsAt, (if (.comment | startswith($tag)) then "mine" else "" end) ]
        | @tsv' \
    | column -t -s $'\t'
}

cmd_clear() {
  local ids=()
  mapfile -t ids < <(our_ids)
  if (( ${#ids[@]} == 0 )); then
    echo "no active silences tagged $TAG"
    return
  fi
  amtool_ silence expire "${ids[@]}"
  echo "expired ${#ids[@]} silence(s) tagged $TAG"
}

cmd_extend() {
  local id="${1:?silence id}" extra="${2:-30m}"
  our_ids | grep -qx "$id" || die "$id is not one of your maintenance silences"
  local h
  h="$(hours_of "$extra")"
  (( h <= 2 )) || die "extend by at most 2h at a time"
  local matchers
  matchers="$(amtool_ silence query -o json | jq -r --arg id "$id" \
    '.[] | select(.id == $id) | .matchers | map(.name + "=" + .value) | join(" ")')"
  [[ -n "$matchers" ]] || die "silence $id not found"
  # shellcheck disable=SC2086
  amtool_ silence add $matchers --duration="$extra" --author="${USER:-unknown}" \
    --comment="$TAG extended from $id" >/dev/null
  amtool_ silence expire "$id"
  echo "extended $id by $extra"
}

cmd_window() {
  # add silences for several services from a maintenance plan file:
  #   <service> <duration> <reason...>
  local plan="${1:?plan file}"
  [[ -f "$plan" ]] || die "no plan file $plan"
  local svc dur reason n=0
  while read -r svc dur reason; do
    [[ -z "$svc" || "$svc" == \#* ]] && continue
    cmd_add --service "$svc" --duration "$dur" --reason "${reason:-planned maintenance}"
    n=$(( n + 1 ))
  done < "$plan"
  (( n > 0 )) || die "plan $plan has no entries"
  echo "$n silences created; run '$0 clear' when the window ends"
}

cmd_history() {
  local log="$HERE/.silences.log"
  [[ -f "$log" ]] || { echo "no history"; return; }
  tail -n "${1:-20}" "$log" | while read -r id svc at dur; do
    printf '%-10s %-20s %s (%s)\n' "${id:0:8}" "$svc" "$at" "$dur"
  done
}

prune_history() {
  local log="$HERE/.silences.log"
  [[ -f "$log" ]] || return 0
  if (( $(wc -l < "$log") > 500 )); then
    tail -n 500 "$log" > "$log.new" && mv -f -- "$log.new" "$log"
  fi
}

firing_for() {
  local service="${1:?service}"
  amtool_ alert query "service=$service" "env=$ENV_NAME" -o extended
}

main() {
  command -v amtool >/dev/null || die "amtool not installed"
  command -v jq >/dev/null || die "jq not installed"
  check_url
  local cmd="${1:-list}"
  shift || true
  case "$cmd" in
    add) cmd_add "$@" ;;
    list) cmd_list ;;
    clear) cmd_clear ;;
    extend) cmd_extend "$@" ;;
    firing) firing_for "$@" ;;
    window) cmd_window "$@" ;;
    history) cmd_history "$@"; prune_history ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
}

main "$@"
