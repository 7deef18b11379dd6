#!/usr/bin/env bash
# Run Matomo's report archiving for the local analytics stack and keep
# an eye on how long it takes.
#
#   scripts/matomo_archive.sh                      # all sites, default concurrency
#   scripts/matomo_archive.sh --sites 1,3 --force-date-range 2024-05-01,2024-05-31
#   scripts/matomo_archive.sh --invalidate 2024-05-20 --sites 2
#
# Matomo runs from docker compose (service "matomo", php-fpm image).  The
# archiver talks to the instance through --url=http://localhost:8080, the
# only URL it is ever pointed at.  Progress and timings are appended to
# build/archive-history.csv so the slow-archiving investigation in
# docs/perf.md has data to work with.
set -Eeuo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE=(docker compose -f "${PROJECT}/analytics/docker-compose.yml")
SERVICE=matomo
URL="http://localhost:8080"
HISTORY="${PROJECT}/build/archive-history.csv"
LOCKFILE="${PROJECT}/build/.matomo-archive.lock"
SITES=""
DATE_RANGE=""
INVALIDATE=""
CONCURRENT=3
VERBOSE=0

log() { printf '%s [archive] %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

console() {
  "${COMPOSE[@]}" exec -T -u www-data "${SERVICE}" php /var/www/html/console "$@"
}

# --history [N]: print the last N archiving runs from build/archive-history.csv
show_history() {
  local n="${1:-10}"
  [[ -f "${HISTORY}" ]] || { log "no history yet"; return 0; }
  printf '%-26s %8s %5s %6s %9s %7s\n' started seconds exit sites requests errors
  tail -n +2 "${HISTORY}" | tail -n "${n}" | while IFS=, read -r started seconds rc sites reqs errs _rest; do
    printf '%-26s %8s %5s %6s %9s %7s\n' "${started}" "${seconds}" "${rc}" "${sites}" "${reqs}" "${errs}"
  done
  awk -F, 'NR > 1 { s += $2; n++ } END { if (n) printf "average: %.0fs over %d runs\n", s / n, n }' "${HISTORY}"
}

# --tables: size of the biggest matomo tables (read-only query against the dev DB)
show_tables() {
  "${COMPOSE[@]}" exec -T db mariadb -umatomo -p"${MATOMO_DB_PASSWORD:-matomo}" matomo -e "
    SELECT table_name,
           ROUND((data_length + index_length) / 1024 / 1024, 1) AS size_mb,
           table_rows
      FROM information_schema.tables
     WHERE table_schema = 'matomo'
     ORDER BY (data_length + index_length) DESC
     LIMIT 15;"
}

# --settings: archiving-related settings of the instance (read-only)
show_settings() {
  local key
  for key in browser_archiving_disabled_enforce enable_browser_archiving_triggering \
             time_before_today_archive_considered_outdated archiving_range_force_on_browser_request; do
    printf '%-48s %s\n' "${key}" "$(console config:get --section=General --key="${key}" 2>/dev/null || echo '-')"
  done
}

case "${1:-}" in
  --history) show_history "${2:-10}"; exit 0 ;;
  --tables) show_tables; exit 0 ;;
  --settings) show_settings; exit 0 ;;
esac

while (($#)); do
  case "$1" in
    --sites) SITES="$2"; shift 2 ;;
    --force-date-range) DATE_RANGE="$2"; shift 2 ;;
    --invalidate) INVALIDATE="$2"; shift 2 ;;
    --concurrent) CONCURRENT="$2"; shift 2 ;;
    -v|--verbose) VERBOSE=1; shift ;;
    -h|--help) usage 0 ;;
    *) log "unknown argument $1"; usage 1 ;;
  esac
done

[[ -z "${SITES}" || "${SITES}" =~ ^[0-9]+(,[0-9]+)*$ ]] || die "--sites must be a comma separated list of ids"
[[ -z "${DATE_RANGE}" || "${DATE_RANGE}" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2},[0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] \
  || die "--force-date-range wants YYYY-MM-DD,YYYY-MM-DD"
[[ -z "${INVALIDATE}" || "${INVALIDATE}" =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}(,[0-9]{4}-[0-9]{2}-[0-9]{2})?$ ]] \
  || die "--invalidate wants a date or date range"
[[ "${CONCURRENT}" =~ ^[1-9][0-9]?$ ]] || die "--concurrent must be 1-99"

mkdir -p "${PROJECT}/build"
exec 9> "${LOCKFILE}"
flock -n 9 || die "another archiving run holds ${LOCKFILE#"${PROJECT}/"}"

"${COMPOSE[@]}" ps --status running --services | grep -qx "${SERVICE}" \
  || die "matomo container is not running; start it with docker compose -f analytics/docker-compose.yml up -d"

# make sure the console answers and the instance is installed
version="$(console --version 2>/dev/null | grep -o '[0-9][0-9.]*' | head -n 1 || true)"
[[ -n "${version}" ]] || die "matomo console did not answer"
log "Matomo ${version}"

if [[ -n "${INVALIDATE}" ]]; then
  log "invalidating archived reports for ${INVALIDATE} (sites: ${SITES:-all})"
  args=(core:invalidate-report-data --dates="${INVALIDATE}")
  if [[ -n "${SITES}" ]]; then
    args+=(--sites="${SITES}")
  else
    args+=(--sites=all)
  fi
  console "${args[@]}" | tail -n 5 >&2
fi

archive_args=(core:archive --url="${URL}" --concurrent-requests-per-website="${CONCURRENT}" --no-interaction)
[[ -n "${SITES}" ]] && archive_args+=(--force-idsites="${SITES}")
[[ -n "${DATE_RANGE}" ]] && archive_args+=(--force-date-range="${DATE_RANGE}")
((VERBOSE)) && archive_args+=(-vvv)

RAW_LOG="$(mktemp)"
trap 'rm -f -- "${RAW_LOG}"' EXIT

start="$(date +%s)"
log "core:archive ${archive_args[*]:1}"
set +e
console "${archive_args[@]}" 2>&1 | tee "${RAW_LOG}" | grep -E 'Archived website id|ERROR|WARNING|done:' >&2
rc="${PIPESTATUS[0]}"
set -e
end="$(date +%s)"
elapsed=$((end - start))

# pull a few numbers out of the archiver summary
requests="$(grep -oE 'Total API requests: [0-9]+' "${RAW_LOG}" | grep -oE '[0-9]+' | tail -n 1 || true)"
sites_done="$(grep -c 'Archived website id' "${RAW_LOG}" || true)"
errors="$(grep -c 'ERROR' "${RAW_LOG}" || true)"

if [[ ! -f "${HISTORY}" ]]; then
  echo "started,seconds,exit,sites,requests,errors,concurrency,sites_filter,date_range" > "${HISTORY}"
fi
printf '%s,%d,%d,%d,%s,%d,%d,"%s","%s"\n' \
  "$(date -d "@${start}" -Iseconds)" "${elapsed}" "${rc}" "${sites_done}" "${requests:-0}" \
  "${errors}" "${CONCURRENT}" "${SITES}" "${DATE_RANGE}" >> "${HISTORY}"

log "archiving finished in ${elapsed}s (exit ${rc}, ${sites_done} site(s), ${errors} error line(s))"

# compare with the median of the previous runs to spot regressions
if (( $(wc -l < "${HISTORY}") > 5 )); then
  median="$(tail -n +2 "${HISTORY}" | head -n -1 | cut -d, -f2 | sort -n \
            | awk '{a[NR]=$1} END {if (NR) print a[int((NR+1)/2)]; else print 0}')"
  if (( median > 0 && elapsed > 2 * median )); then
    log "this run took more than twice the median (${median}s); see docs/perf.md"
  fi
fi

if ((errors)); then
  log "first errors:"
  grep -m 5 'ERROR' "${RAW_LOG}" | sed 's/^/    /' >&2
fi

# failed archiving leaves the lock row in matomo_option; report it instead of
# deleting anything so the investigation can look at it
stuck="$(console config:get --section=General --key=archiving_range_force_on_browser_request 2>/dev/null || true)"
[[ -n "${stuck}" ]] && log "browser-triggered archiving setting: ${stuck}"

# summary of queue state (read-only)
queue="$(console core:archive --url="${URL}" --help >/dev/null 2>&1 && \
         "${COMPOSE[@]}" exec -T db mariadb -N -umatomo -p"${MATOMO_DB_PASSWORD:-matomo}" matomo \
         -e 'SELECT COUNT(*) FROM matomo_archive_invalidations' 2>/dev/null || echo '?')"
log "pending invalidations: ${queue}"

# keep the history file from growing forever: last 500 runs + header
if (( $(wc -l < "${HISTORY}") > 501 )); then
  {
    head -n 1 "${HISTORY}"
    tail -n 500 "${HISTORY}"
  } > "${HISTORY}.tmp"
  mv -f -- "${HISTORY}.tmp" "${HISTORY}"
  log "trimmed archive history to 500 runs"
fi

exit "${rc}"
