#!/usr/bin/env bash
# host-audit.sh - run the hardening checks we document for developer workstations
# and collect the results into reports/host-audit/<hostname>-<date>/.
#
# Tools (each optional, skipped when missing):
#   lynis        `lynis audit system --quick` (needs root for full results -> sudo)
#   oscap        XCCDF evaluation with the SSG datastream in compliance/ssg/
#   auditd       `ausearch`/`aureport` summaries of the last 7 days (sudo, read-only)
#   aide         `aide --check` against the existing database (sudo, read-only)
#   rkhunter     `rkhunter --check --sk --rwo` (report warnings only)
#
# Nothing is changed on the host: no remediation, no database updates.  Every
# sudo call is a read/report command; the outputs are chowned back to the user
# so the report directory stays removable without root.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
HOST="$(hostname -s)"
STAMP="$(date +%Y%m%d-%H%M)"
OUT="$ROOT/reports/host-audit/$HOST-$STAMP"
SSG_DIR="$ROOT/compliance/ssg"
PROFILE="${OSCAP_PROFILE:-xccdf_org.ssgproject.content_profile_standard}"
ME="$(id -un)"
SKIPPED=()
WARNINGS=0

log() { printf '\033[1m[audit]\033[0m %s\n' "$*"; }
die() { printf '[audit] error: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }

finish() {
  local rc=$?
  if [[ -d "$OUT" ]]; then
    sudo -n chown -R "$ME" "$OUT" 2>/dev/null || true
  fi
  exit "$rc"
}
trap finish EXIT

sudo_ok() {
  # ask once up front so the individual steps do not prompt in the middle
  if sudo -n true 2>/dev/null; then
    return 0
  fi
  log "some checks need sudo for read access; you may be asked for your password"
  sudo -v
}

run_lynis() {
  if ! have lynis; then SKIPPED+=(lynis); return; fi
  log "lynis quick audit"
  sudo lynis audit system --quick --no-colors \
    --logfile "$OUT/lynis.log" --report-file "$OUT/lynis-report.dat" > "$OUT/lynis.txt" 2>&1 || true
  local w
  w="$(sudo grep -c '^warning\[\]=' "$OUT/lynis-report.dat" 2>/dev/null || echo 0)"
  WARNINGS=$(( WARNINGS + w ))
  sudo grep '^hardening_index=' "$OUT/lynis-report.dat" | sed 's/^/  /' || true
}

pick_datastream() {
  local id ds
  id="$(. /etc/os-release && echo "${ID}${VERSION_ID%%.*}")"
  for ds in "$SSG_DIR/ssg-$id-ds.xml" "$SSG_DIR"/ssg-"${id%%[0-9]*}"*-ds.xml; do
    [[ -f "$ds" ]] && { echo "$ds"; return; }
  done
}

run_oscap() {
  if ! have oscap; then SKIPPED+=(oscap); return; fi
  local ds
  ds="$(pick_datastream)"
  if [[ -z "$ds" ]]; then
    log "no SSG datastream for this distribution in compliance/ssg/; skipping oscap"
    SKIPPED+=(oscap)
    return
  fi
  log "oscap xccdf eval ($PROFILE)"
  sudo oscap xccdf eval --profile "$PROFILE" \
    --results "$OUT/oscap-results.xml" --report "$OUT/oscap-report.html" \
    "$ds" > "$OUT/oscap.txt" 2>&1 || true
  local fails
  fails="$(grep -c '^Result.*fail' "$OUT/oscap.txt" || true)"
  WARNINGS=$(( WARNINGS + fails ))
  log "oscap: $fails failed rule(s)"
}

run_auditd() {
  if ! have ausearch; then SKIPPED+=(auditd); return; fi
  log "audit log summaries (last 7 days)"
  sudo aureport --summary -ts week-ago > "$OUT/aureport-summary.txt" 2>&1 || true
  sudo aureport --auth --failed -ts week-ago > "$OUT/aureport-auth-failed.txt" 2>&1 || true
  sudo ausearch -m AVC,USER_AVC -ts week-ago -i > "$OUT/ausearch-avc.txt" 2>&1 || true
  sudo auditctl -s > "$OUT/auditctl-status.txt" 2>&1 || true
  if grep -q '^enabled 0' "$OUT/auditctl-status.txt"; then
    log "note: auditd is loaded but disabled (enabled 0)"
    WARNINGS=$(( WARNINGS + 1 ))
  fi
}

run_aide() {
  if ! have aide; then SKIPPED+=(aide); return; fi
  local conf=/etc/aide/aide.conf
  [[ -f "$conf" ]] || conf=/etc/aide.conf
  if ! sudo test -f /var/lib/aide/aide.db; then
    log "aide has no baseline database; skipping (initialising it is an admin task)"
    SKIPPED+=(aide)
    return
  fi
  log "aide --check"
  local rc=0
  sudo aide --config="$conf" --check > "$OUT/aide.txt" 2>&1 || rc=$?
  if (( rc > 0 && rc < 8 )); then
    log "aide reported changes (exit $rc)"
    WARNINGS=$(( WARNINGS + 1 ))
  fi
}

run_rkhunter() {
  if ! have rkhunter; then SKIPPED+=(rkhunter); return; fi
  log "rkhunter check (warnings only)"
  sudo rkhunter --check --sk --rwo --nocolors > "$OUT/rkhunter.txt" 2>&1 || true
  local w
  w="$(grep -c '^Warning:' "$OUT/rkhunter.txt" || true)"
  WARNINGS=$(( WARNINGS + w ))
}

system_facts() {
  {
    echo "host: $HOST"
    echo "kernel: $(uname -r)"
    echo "os: $(. /etc/os-release && echo "$PRETTY_NAME")"
    echo "uptime: $(uptime -p)"
    echo "listening sockets:"
    ss -tulnH | awk '{print "  " $1 " " $5}' | sort -u
    echo "unattended-upgrades: $(systemctl is-enabled unattended-upgrades 2>/dev/null || echo n/a)"
    echo "firewall: $(systemctl is-active ufw 2>/dev/null || systemctl is-active firewalld 2>/dev/null || echo unknown)"
  } > "$OUT/facts.txt"
}

compare_previous() {
  # show how the lynis hardening index moved since the last report of this host
  local prev prev_idx cur_idx
  prev="$(ls -1d "$ROOT/reports/host-audit/$HOST"-* 2>/dev/null | grep -v "$STAMP" | sort | tail -n 1 || true)"
  [[ -n "$prev" && -f "$prev/lynis-report.dat" && -f "$OUT/lynis-report.dat" ]] || return 0
  prev_idx="$(sed -n 's/^hardening_index=//p' "$prev/lynis-report.dat")"
  cur_idx="$(sudo sed -n 's/^hardening_index=//p' "$OUT/lynis-report.dat")"
  if [[ -n "$prev_idx" && -n "$cur_idx" ]]; then
    log "lynis hardening index: $prev_idx -> $cur_idx (previous run ${prev##*-})"
    if (( cur_idx < prev_idx )); then
      log "hardening index dropped; compare $OUT/lynis.log with the previous report"
    fi
  fi
}

write_index() {
  {
    echo "# Host audit $HOST ($STAMP)"
    echo
    echo "- warnings/failures counted: $WARNINGS"
    echo "- skipped tools: ${SKIPPED[*]:-none}"
    echo
    echo "Files:"
    ls -1 "$OUT" | grep -v '^README.md$' | sed 's/^/- /'
  } > "$OUT/README.md"
}

main() {
  mkdir -p "$OUT"
  sudo_ok
  system_facts
  run_lynis
  run_oscap
  run_auditd
  run_aide
  run_rkhunter
  compare_previous
  write_index
  log "done: $WARNINGS finding(s); report in ${OUT#"$ROOT"/}"
  ln -sfn "$(basename "$OUT")" "$ROOT/reports/host-audit/latest"
}

main "$@"
