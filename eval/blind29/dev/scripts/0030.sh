#!/usr/bin/env bash
# Routine maintenance for the *development* Nextcloud instance that runs in
# docker compose next to our app (service "nextcloud", URL
# http://cloud.localhost:8081).  Used after pulling a new Nextcloud image or
# after the integration tests dropped fixture files into the data dir.
#
# Steps:
#   1. sanity: refuse to run if config says the instance is not the dev one
#   2. maintenance mode on (only for the upgrade step)
#   3. occ upgrade + db:add-missing-indices + db:add-missing-columns
#   4. files:scan for the test users listed in config/nextcloud-test-users.txt
#   5. trashbin:cleanup / versions:cleanup only for those test users
#   6. maintenance mode off, status summary
#
#   scripts/nextcloud_dev_maint.sh [--skip-upgrade] [--scan-all-test-users]
set -euo pipefail

cd "$(dirname "$0")/.."
PROJECT="$PWD"
COMPOSE=(docker compose -f "${PROJECT}/docker-compose.dev.yml")
SERVICE="nextcloud"
USERS_FILE="${PROJECT}/config/nextcloud-test-users.txt"
EXPECTED_INSTANCE_PREFIX="ocdev"
SKIP_UPGRADE=0
MAINT_ON=0

log() { printf '\033[1;34m[nc-dev]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[nc-dev]\033[0m %s\n' "$*" >&2; exit 1; }

occ() {
  "${COMPOSE[@]}" exec -T -u www-data "${SERVICE}" php occ --no-interaction "$@"
}

leave_maintenance() {
  if ((MAINT_ON)); then
    log "turning maintenance mode off"
    occ maintenance:mode --off >/dev/null || true
    MAINT_ON=0
  fi
}
trap leave_maintenance EXIT

for arg in "$@"; do
  case "${arg}" in
    --skip-upgrade) SKIP_UPGRADE=1 ;;
    --scan-all-test-users) : ;;  # default behaviour, kept for old docs
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) die "unknown argument ${arg}" ;;
  esac
done

command -v docker >/dev/null || die "docker is required"
"${COMPOSE[@]}" ps --status running --services | grep -qx "${SERVICE}" \
  || die "the ${SERVICE} container is not running (docker compose -f docker-compose.dev.yml up -d)"

# --- 1. make sure this is the dev instance --------------------------------
instanceid="$(occ config:system:get instanceid || true)"
overwrite="$(occ config:system:get overwrite.cli.url || true)"
case "${overwrite}" in
  http://cloud.localhost*|http://localhost*) ;;
  *) die "overwrite.cli.url is '${overwrite}'; this script only maintains the local dev instance" ;;
esac
if [[ "${instanceid}" != ${EXPECTED_INSTANCE_PREFIX}* ]]; then
  die "instanceid '${instanceid}' does not look like the dev container (expected ${EXPECTED_INSTANCE_PREFIX}*)"
fi
log "instance ${instanceid} at ${overwrite}"

# --- 2./3. upgrade --------------------------------------------------------
if ((SKIP_UPGRADE == 0)); then
  status_json="$(occ status --output=json)"
  needs_upgrade="$(printf '%s' "${status_json}" | jq -r '.needsDbUpgrade')"
  if [[ "${needs_upgrade}" == "true" ]]; then
    log "database upgrade required"
    occ maintenance:mode --on >/dev/null
    MAINT_ON=1
    occ upgrade 2>&1 | tail -n 15
    leave_maintenance
  else
    log "no upgrade needed"
  fi
  occ db:add-missing-indices 2>&1 | tail -n 3
  occ db:add-missing-columns 2>&1 | tail -n 3
  occ db:add-missing-primary-keys 2>&1 | tail -n 3
fi

# --- 4./5. test users -------------------------------------------------------
read_test_users() {
  [[ -f "${USERS_FILE}" ]] || return 0
  grep -Ev '^\s*(#|$)' "${USERS_FILE}" | awk '{print $1}'
}

mapfile -t TEST_USERS < <(read_test_users)
if ((${#TEST_USERS[@]} == 0)); then
  log "no test users configured in ${USERS_FILE#"${PROJECT}/"}; skipping scans"
else
  existing="$(occ user:list --output=json | jq -r 'keys[]')"
  for user in "${TEST_USERS[@]}"; do
    if [[ "${user}" != test-* && "${user}" != fixture-* ]]; then
      log "skipping ${user}: test users must be named test-* or fixture-*"
      continue
    fi
    if ! grep -qx -- "${user}" <<<"${existing}"; then
      log "creating missing test user ${user}"
      OC_PASS="test-password-${user}" "${COMPOSE[@]}" exec -T -u www-data \
        -e OC_PASS "${SERVICE}" php occ user:add --password-from-env --group testers "${user}" >/dev/null
    fi
    log "files:scan /${user}/files"
    occ files:scan --path="/${user}/files" --shallow 2>&1 | tail -n 4
    occ trashbin:cleanup "${user}" >/dev/null
    occ versions:cleanup "${user}" >/dev/null
  done
fi

# --- 6. summary -------------------------------------------------------------
apps_json="$(occ app:list --output=json)"
enabled="$(jq '.enabled | length' <<<"${apps_json}")"
disabled="$(jq '.disabled | length' <<<"${apps_json}")"
version="$(occ status --output=json | jq -r '.versionstring')"
bg_mode="$(occ config:app:get core backgroundjobs_mode || echo ajax)"

report="${PROJECT}/build/nextcloud-dev-status.md"
mkdir -p "$(dirname "${report}")"
{
  echo "# Dev Nextcloud status ($(date -Iminutes))"
  echo
  echo "- version: ${version}"
  echo "- apps enabled/disabled: ${enabled}/${disabled}"
  echo "- background jobs: ${bg_mode}"
  echo "- test users: ${TEST_USERS[*]:-none}"
} > "${report}.tmp"
mv -f "${report}.tmp" "${report}"

log "Nextcloud ${version}: ${enabled} apps enabled; report in ${report#"${PROJECT}/"}"

# warn about things that commonly break the integration tests
if [[ "${bg_mode}" != "cron" ]]; then
  log "note: background jobs run in '${bg_mode}' mode; tests that wait for jobs are slower"
fi
if occ config:system:get debug | grep -qx true; then
  log "debug mode is on (expected for the dev container)"
fi
occ check 2>&1 | sed 's/^/  check: /' >&2 || true

# --- 7. preview generation smoke test ----------------------------------------
# The integration tests assert that thumbnails exist for the fixture images;
# generate them now so the first test run does not time out.
if occ app:list --output=json | jq -e '.enabled | has("previewgenerator")' >/dev/null; then
  for user in "${TEST_USERS[@]}"; do
    [[ "${user}" == test-* || "${user}" == fixture-* ]] || continue
    log "pre-generating previews for ${user}"
    occ preview:generate-all "${user}" 2>&1 | tail -n 2 >&2 || log "preview generation failed for ${user}"
  done
else
  log "previewgenerator app not enabled; thumbnails will be generated lazily"
fi

# --- 8. log file size ----------------------------------------------------------
# nextcloud.log inside the container grows quickly with debug on; rotate it
# when it is over 50 MiB by truncating the copy inside the dev container only.
log_size="$("${COMPOSE[@]}" exec -T -u www-data "${SERVICE}" sh -c 'stat -c %s data/nextcloud.log 2>/dev/null || echo 0')"
log_size="${log_size//[^0-9]/}"
if (( ${log_size:-0} > 50 * 1024 * 1024 )); then
  log "nextcloud.log is $(( log_size / 1024 / 1024 )) MiB; keeping the last 5000 lines"
  "${COMPOSE[@]}" exec -T -u www-data "${SERVICE}" sh -c \
    'tail -n 5000 data/nextcloud.log > data/nextcloud.log.tmp && mv data/nextcloud.log.tmp data/nextcloud.log'
fi

# --- 9. background jobs -------------------------------------------------------
# run the cron once so share expiry and file locks are processed before tests
log "running cron.php once"
"${COMPOSE[@]}" exec -T -u www-data "${SERVICE}" php -f cron.php >/dev/null 2>&1 \
  || log "cron.php returned non-zero (often fine right after an upgrade)"

pending="$(occ background-job:list --output=json 2>/dev/null | jq 'length' 2>/dev/null || echo '?')"
log "background jobs queued: ${pending}"

# --- 10. integrity check of shipped apps (read-only) -------------------------
if occ integrity:check-core --output=json >"${PROJECT}/build/nc-integrity.json" 2>/dev/null; then
  problems="$(jq 'length' "${PROJECT}/build/nc-integrity.json" 2>/dev/null || echo 0)"
  log "core integrity: ${problems} problem group(s) (details in build/nc-integrity.json)"
fi
log "done"
