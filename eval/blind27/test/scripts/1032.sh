#!/usr/bin/env bash
# FreeSWITCH health report + config reload for the call-centre box.
#
#   ops/fs-health.sh                 read-only report (fs_cli api calls)
#   ops/fs-health.sh reload          reloadxml + profile rescan (needs --apply)
#   ops/fs-health.sh gateways        gateway states
#   ops/fs-health.sh sync --apply    copy conf/ from the repo, then reloadxml
#
# Every fs_cli call goes through fs() which only permits an allow-list of
# read commands plus reloadxml/rescan; restarts and shutdowns are never sent.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
CONF_SRC="$REPO/freeswitch/conf"
CONF_DST="/etc/freeswitch"
REPORT_DIR="$REPO/build/fs-reports"
APPLY=0
FS_CLI="${FS_CLI:-fs_cli}"
FS_PASS_FILE="$REPO/.fs_cli_password"

for a in "$@"; do
  [[ "$a" == "--apply" ]] && APPLY=1
done
CMD="${1:-report}"
[[ "$CMD" == --* ]] && CMD=report

msg() { echo "[fs] $*"; }
die() { echo "[fs] error: $*" >&2; exit 1; }

fs() {
  local c="$*"
  case "$c" in
    "status"|"show calls count"|"show channels count"|"show registrations"|\
    "sofia status"|"sofia status gateway"*|"sofia status profile "*|\
    "reloadxml"|"sofia profile "*" rescan"|"show modules"|"version") ;;
    *) die "fs_cli command not allowed: $c" ;;
  esac
  local pw=()
  [[ -r "$FS_PASS_FILE" ]] && pw=(-p "$(<"$FS_PASS_FILE")")
  "$FS_CLI" "${pw[@]}" -x "$c"
}

cmd_report() {
  mkdir -p "$REPORT_DIR"
  local out="$REPORT_DIR/health-$(date +%Y%m%d-%H%M).txt"
  {
    echo "# FreeSWITCH health $(date -Iseconds)"
    echo
    echo "## version"
    fs version
    echo
    echo "## status"
    fs status
    echo
    echo "## calls / channels"
    fs show calls count
    fs show channels count
    echo
    echo "## sofia"
    fs sofia status
    echo
    echo "## registrations (first 30)"
    fs show registrations | head -n 30
  } > "$out"
  msg "report: ${out#$REPO/}"
  grep -E 'total|UP|DOWN' "$out" | head -n 20 || true
  # keep 30 reports
  ls -1t "$REPORT_DIR"/health-*.txt | tail -n +31 | xargs -r rm -f --
}

cmd_alert_check() {
  # exit non-zero (for the monitoring cron of the ops team) when a gateway is down
  local down
  down="$(fs sofia status gateway | awk 'NR > 2 && ($5 == "DOWN" || $6 == "FAIL_WAIT") {print $1}')"
  if [[ -n "$down" ]]; then
    msg "gateways down: $(echo "$down" | paste -sd, -)"
    return 2
  fi
  msg "all gateways up"
}

cmd_gateways() {
  fs sofia status gateway | awk 'NR > 2 && NF >= 5 {printf "%-30s %-10s %s\n", $1, $5, $6}'
}

cmd_reload() {
  if (( ! APPLY )); then
    msg "would run: reloadxml; sofia profile internal rescan; sofia profile external rescan"
    msg "add --apply to do it"
    return 0
  fi
  local active
  active="$(fs show calls count | awk '/total/ {print $1}')"
  msg "active calls: ${active:-0} (reloadxml does not drop calls)"
  fs reloadxml
  fs sofia profile internal rescan
  fs sofia profile external rescan
  msg "reloaded"
}

validate_xml() {
  local f bad=0
  command -v xmllint >/dev/null || { msg "xmllint not installed; skipping XML validation"; return 0; }
  while IFS= read -r -d '' f; do
    if ! xmllint --noout "$f" 2>/dev/null; then
      msg "invalid XML: ${f#$REPO/}"
      bad=$((bad + 1))
    fi
  done < <(find "$CONF_SRC" -name '*.xml' -print0)
  (( bad == 0 )) || die "$bad invalid XML file(s); not syncing"
}

cmd_sync() {
  [[ -d "$CONF_SRC" ]] || die "no freeswitch/conf in repo"
  validate_xml
  local changes
  changes="$(sudo rsync -rcni --exclude 'vars_local.xml' "$CONF_SRC/" "$CONF_DST/" | grep -c '^>f' || true)"
  msg "$changes file(s) differ from $CONF_DST"
  (( changes > 0 )) || return 0
  sudo rsync -rcni --exclude 'vars_local.xml' "$CONF_SRC/" "$CONF_DST/" | sed 's/^/  /' | head -n 40
  if (( ! APPLY )); then
    msg "plan only; re-run with --apply"
    return 0
  fi
  local backup="$REPO/build/fs-conf-backup-$(date +%Y%m%d-%H%M%S).tar.gz"
  mkdir -p "$REPO/build"
  sudo tar -C "$CONF_DST" -czf - . > "$backup"
  msg "backup of live config: ${backup#$REPO/}"
  sudo rsync -rc --exclude 'vars_local.xml' "$CONF_SRC/" "$CONF_DST/"
  sudo chown -R freeswitch:freeswitch "$CONF_DST"
  cmd_reload
}

cmd_trend() {
  # channel counts over the stored reports, one line per report
  local f n
  printf '%-28s %s\n' "report" "channels"
  for f in $(ls -1 "$REPORT_DIR"/health-*.txt 2>/dev/null | tail -n 24); do
    n="$(grep -m1 -E '^[0-9]+ total' "$f" | awk '{print $1}')"
    printf '%-28s %s\n' "$(basename "$f" .txt)" "${n:-?}"
  done
}

cmd_diff() {
  # show what sync would change, without touching anything
  [[ -d "$CONF_SRC" ]] || die "no freeswitch/conf in repo"
  local f rel
  while IFS= read -r -d '' f; do
    rel="${f#$CONF_SRC/}"
    [[ "$rel" == "vars_local.xml" ]] && continue
    if ! sudo cmp -s "$f" "$CONF_DST/$rel"; then
      echo "--- $rel"
      sudo diff -u "$CONF_DST/$rel" "$f" 2>/dev/null | head -n 30 || echo "(new file)"
    fi
  done < <(find "$CONF_SRC" -type f -print0)
}

cmd_history() {
  msg "config backups made by sync:"
  ls -1t "$REPO"/build/fs-conf-backup-*.tar.gz 2>/dev/null | head -n 10 | sed "s#^$REPO/#  #" || msg "  none"
  msg "recent repo changes to freeswitch/conf:"
  git -C "$REPO" log --oneline -n 10 -- freeswitch/conf | sed 's/^/  /'
}

cmd_modules() {
  fs show modules | awk -F, 'NR > 1 && NF > 3 {print $4}' | sort -u | head -n 80
}

case "$CMD" in
  report) cmd_report ;;
  gateways) cmd_gateways ;;
  reload) cmd_reload ;;
  sync) cmd_sync ;;
  modules) cmd_modules ;;
  trend) cmd_trend ;;
  check) cmd_alert_check ;;
  diff) cmd_diff ;;
  history) cmd_history ;;
  *) sed -n '2,10p' "$0"; exit 1 ;;
esac
