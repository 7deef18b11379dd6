#!/usr/bin/env bash
# Status checks for the project's internal services, in the style of Gatus.
#
# Reads monitoring/endpoints.tsv (name, url, expected status, max ms), checks
# each endpoint, writes build/status/status.json for the static status page
# and, when run with --ping, reports to the project's healthchecks.io check:
#   https://hc-ping.com/<uuid>          all good
#   https://hc-ping.com/<uuid>/fail     something is down (body = failures)
#
# Additionally validates monitoring/gatus/config.yaml with `gatus --validate`
# when the gatus binary is available (CI image has it).
#
#   monitoring/status.sh
#   monitoring/status.sh --ping          # from the systemd timer on mon.internal
#   monitoring/status.sh --validate-only
set -Eeuo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
ENDPOINTS="$ROOT/monitoring/endpoints.tsv"
GATUS_CONFIG="$ROOT/monitoring/gatus/config.yaml"
OUT_DIR="$ROOT/build/status"
PING=0
VALIDATE_ONLY=0
CURL_OPTS=(--silent --show-error --max-time 10 --output /dev/null --write-out '%{http_code} %{time_total}')

log() { printf '%s %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "error: $*"; exit 2; }

for arg in "$@"; do
  case "$arg" in
    --ping) PING=1 ;;
    --validate-only) VALIDATE_ONLY=1 ;;
    -h|--help) sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

load_env() {
  # HC_CHECK_UUID and optional CA bundle path live in monitoring/.env (not committed)
  local env="$ROOT/monitoring/.env"
  if [[ -f "$env" ]]; then
    set -a
    # shellcheck source=/dev/null
    . "$env"
    set +a
  fi
}

host_allowed() {
  local url=$1 host
  host=$(sed -E 's#^[a-z]+://([^/:]+).*#\1#' <<< "$url")
  [[ "$host" == localhost || "$host" == 127.0.0.1 || "$host" == *.internal ]]
}

validate_gatus() {
  if ! command -v gatus >/dev/null; then
    log "gatus binary not found; skipping config validation"
    return 0
  fi
  if GATUS_CONFIG_PATH="$GATUS_CONFIG" gatus --validate >/dev/null 2>"$OUT_DIR/gatus-validate.err"; then
    log "gatus config valid"
  else
    log "gatus config invalid:"
    sed 's/^/    /' "$OUT_DIR/gatus-validate.err" >&2
    return 1
  fi
}

check_endpoint() {
  local name=$1 url=$2 want=$3 max_ms=$4
  local extra=()
  [[ -n "${STATUS_CA_BUNDLE:-}" ]] && extra+=(--cacert "$ROOT/$STATUS_CA_BUNDLE")
  local out code secs ms
  out=$(curl "${CURL_OPTS[@]}" "${extra[@]}" "$url" 2>/dev/null || echo "000 0")
  code=${out%% *}
  secs=${out##* }
  ms=$(awk -v s="$secs" 'BEGIN {printf "%d", s * 1000}')
  local ok=true reason="HTTP $code"
  if [[ "$code" != "$want" ]]; then
    ok=false
    reason="HTTP $code (want $want)"
  elif (( ms > max_ms )); then
    ok=false
    reason="slow: ${ms}ms > ${max_ms}ms"
  fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$ok" "$ms" "$reason"
}

json_escape() {
  local s=$1
  s=${s//\\/\\\\}
  s=${s//\"/\\\"}
  printf '%s' "$s"
}

write_status_json() {
  local results=$1 first=1
  local tmp="$OUT_DIR/status.json.tmp"
  {
    printf '{"generated":"%s","endpoints":[' "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
    while IFS=$'\t' read -r name ok ms reason; do
      [[ $first -eq 1 ]] || printf ','
      first=0
      printf '{"name":"%s","ok":%s,"ms":%s,"detail":"%s"}' \
        "$(json_escape "$name")" "$ok" "$ms" "$(json_escape "$reason")"
    done <<< "$results"
    printf ']}\n'
  } > "$tmp"
  mv "$tmp" "$OUT_DIR/status.json"
}

ping_hc() {
  local failures=$1
  local uuid=${HC_CHECK_UUID:-}
  [[ -n "$uuid" ]] || die "--ping needs HC_CHECK_UUID in monitoring/.env"
  local url="https://hc-ping.com/$uuid"
  [[ -n "$failures" ]] && url="$url/fail"
  local attempt
  for attempt in 1 2 3; do
    if curl -fsS -m 10 --data-raw "${failures:-ok}" "$url" >/dev/null; then
      log "reported to healthchecks.io (${failures:+fail}${failures:-ok})"
      return 0
    fi
    sleep $((attempt * 2))
  done
  log "could not reach hc-ping.com"
}

append_history() {
  # keep a rolling 7-day history for the uptime percentages on the status page
  local results=$1 hist="$OUT_DIR/history.tsv" now
  now=$(date -u +%s)
  while IFS=$'\t' read -r name ok ms _reason; do
    printf '%s\t%s\t%s\t%s\n' "$now" "$name" "$ok" "$ms"
  done <<< "$results" >> "$hist"
  local cutoff=$((now - 7 * 86400))
  awk -F'\t' -v c="$cutoff" '$1 >= c' "$hist" > "$hist.tmp" && mv "$hist.tmp" "$hist"
}

uptime_report() {
  local hist="$OUT_DIR/history.tsv"
  [[ -f "$hist" ]] || return 0
  log "7-day availability:"
  awk -F'\t' '
    { total[$2]++; if ($3 == "true") up[$2]++ }
    END { for (n in total) printf "  %-30s %6.2f%% (%d checks)\n", n, 100 * up[n] / total[n], total[n] }
  ' "$hist" | sort >&2
}

main() {
  mkdir -p "$OUT_DIR"
  load_env
  validate_gatus || { [[ $VALIDATE_ONLY -eq 1 ]] && exit 1; }
  [[ $VALIDATE_ONLY -eq 1 ]] && exit 0
  [[ -f "$ENDPOINTS" ]] || die "missing monitoring/endpoints.tsv"

  local results="" line name url want max
  while IFS=$'\t' read -r name url want max; do
    [[ -z "$name" || "$name" == \#* ]] && continue
    if ! host_allowed "$url"; then
      log "skipping $name: $url is not an internal host"
      continue
    fi
    line=$(check_endpoint "$name" "$url" "${want:-200}" "${max:-2000}")
    results+="$line"$'\n'
  done < "$ENDPOINTS"
  results=${results%$'\n'}

  local failures
  failures=$(awk -F'\t' '$2 == "false" {print $1 ": " $4}' <<< "$results")
  column -t -s $'\t' <<< "$results" >&2
  write_status_json "$results"
  append_history "$results"
  uptime_report
  log "wrote ${OUT_DIR#"$ROOT"/}/status.json"

  if [[ $PING -eq 1 ]]; then
    ping_hc "$failures"
  fi
  [[ -z "$failures" ]]
}

main
