#!/usr/bin/env bash
# PBX config helper for the office Asterisk box (pbx.internal).
#
#   ops/pbx.sh check            dialplan/pjsip syntax checks + read-only status
#   ops/pbx.sh diff             compare repo config with /etc/asterisk
#   ops/pbx.sh deploy [--apply] copy repo config to /etc/asterisk and reload modules
#   ops/pbx.sh peers | channels | calls
#
# Reads are done with `sudo asterisk -rx` show commands. `deploy` only prints
# the plan unless --apply is given; it backs up the current config first and
# uses `module reload`, never `core restart` / `core stop`.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
SRC="$REPO/asterisk"
DEST="/etc/asterisk"
BACKUP_DIR="$REPO/build/pbx-backups"
MANAGED=(pjsip.conf extensions.conf voicemail.conf queues.conf musiconhold.conf)
APPLY=0
AST="sudo asterisk -rx"

log() { echo "[pbx] $*"; }
die() { echo "[pbx] error: $*" >&2; exit 1; }

for a in "$@"; do
  [[ "$a" == "--apply" ]] && APPLY=1
done

[[ -d "$SRC" ]] || die "no asterisk/ directory in repo"

ast() {
  # only 'show'/'reload' commands go through here; see allowed patterns below
  local cmd="$1"
  case "$cmd" in
    "pjsip show "*|"core show "*|"dialplan show"*|"queue show"*|"module reload "*|"voicemail show "*) ;;
    *) die "refusing asterisk command: $cmd" ;;
  esac
  $AST "$cmd"
}

cmd_check() {
  local f
  for f in "${MANAGED[@]}"; do
    [[ -f "$SRC/$f" ]] || die "missing asterisk/$f"
  done
  log "checking include targets"
  grep -hoE '^#include +"?[^" ]+' "$SRC"/*.conf | awk '{print $2}' | tr -d '"' | while read -r inc; do
    [[ -f "$SRC/$inc" ]] || log "  include not found in repo: $inc"
  done
  log "checking for plaintext secrets committed by accident"
  if grep -nE '^\s*password\s*=\s*[^$ ]' "$SRC/pjsip.conf" | grep -v 'FROM_VAULT' ; then
    die "pjsip.conf contains literal passwords; use the #exec vault include"
  fi
  log "duplicate extensions:"
  grep -hoE '^exten *=> *[0-9_XNZ.]+' "$SRC/extensions.conf" | awk -F'=>' '{print $2}' \
    | sort | uniq -d | sed 's/^/  /' || true
  log "live status:"
  ast "core show uptime"
  ast "core show channels count"
}

cmd_diff() {
  local f changed=0
  for f in "${MANAGED[@]}"; do
    if ! sudo diff -u "$DEST/$f" "$SRC/$f" > /dev/null 2>&1; then
      changed=1
      log "changed: $f"
      sudo diff -u "$DEST/$f" "$SRC/$f" | head -n 40 || true
    fi
  done
  (( changed )) || log "no differences"
  return 0
}

backup_live() {
  mkdir -p "$BACKUP_DIR"
  local tarball
  tarball="$BACKUP_DIR/etc-asterisk-$(date +%Y%m%d-%H%M%S).tar.gz"
  sudo tar -C "$DEST" -czf - "${MANAGED[@]}" > "$tarball"
  log "backup: ${tarball#$REPO/}"
  # keep the 20 newest backups made by this script
  ls -1t "$BACKUP_DIR"/etc-asterisk-*.tar.gz | tail -n +21 | xargs -r rm -f --
}

module_for() {
  case "$1" in
    pjsip.conf) echo res_pjsip.so ;;
    extensions.conf) echo pbx_config.so ;;
    voicemail.conf) echo app_voicemail.so ;;
    queues.conf) echo app_queue.so ;;
    musiconhold.conf) echo res_musiconhold.so ;;
  esac
}

cmd_deploy() {
  cmd_check
  local f changed=()
  for f in "${MANAGED[@]}"; do
    sudo cmp -s "$DEST/$f" "$SRC/$f" || changed+=("$f")
  done
  if (( ${#changed[@]} == 0 )); then
    log "nothing to deploy"
    return 0
  fi
  log "files to deploy: ${changed[*]}"
  if (( ! APPLY )); then
    log "plan only; re-run with --apply"
    return 0
  fi
  local active
  active="$($AST 'core show channels count' | awk '/active call/ {print $1}')"
  if [[ "${active:-0}" -gt 0 ]]; then
    log "warning: $active active call(s); module reloads do not drop calls but queues may re-sort"
  fi
  backup_live
  for f in "${changed[@]}"; do
    sudo install -m 0640 -o asterisk -g asterisk "$SRC/$f" "$DEST/$f"
    local mod
    mod="$(module_for "$f")"
    [[ -n "$mod" ]] && ast "module reload $mod"
  done
  log "deployed ${#changed[@]} file(s)"
  ast "pjsip show endpoints" | tail -n 5
}

cmd_peers() {
  ast "pjsip show endpoints" | awk '/Endpoint:/ {printf "%-28s %s\n", $2, $3}'
}

cmd_channels() {
  ast "core show channels concise" | awk -F'!' '{printf "%-40s %-10s %s\n", $1, $5, $7}'
}

cmd_calls() {
  ast "core show calls"
  ast "queue show" | grep -E '^[a-z]|Callers' || true
}

cmd_voicemail() {
  ast "voicemail show users" | awk 'NR > 1 {printf "%-10s %-24s %s new\n", $2, $3, $NF}'
}

cmd_restore() {
  # restore the newest backup made by this script (with --apply)
  local newest
  newest="$(ls -1t "$BACKUP_DIR"/etc-asterisk-*.tar.gz 2>/dev/null | head -n 1)"
  [[ -n "$newest" ]] || die "no backups in ${BACKUP_DIR#$REPO/}"
  log "would restore ${newest#$REPO/}"
  (( APPLY )) || { log "plan only; re-run with --apply"; return 0; }
  sudo tar -C "$DEST" -xzf "$newest"
  local f
  for f in "${MANAGED[@]}"; do
    ast "module reload $(module_for "$f")"
  done
  log "restored and reloaded"
}

cmd_registrations() {
  # which trunks are registered with the SIP provider
  ast "pjsip show registrations" | awk '/Registered|Rejected|Unregistered/ {print "  " $0}'
}

cmd_history() {
  log "backups made by this script:"
  ls -1t "$BACKUP_DIR"/etc-asterisk-*.tar.gz 2>/dev/null | head -n 10 | sed "s#^$REPO/#  #" \
    || log "  none"
  log "recent repo changes to asterisk/:"
  git -C "$REPO" log --oneline -n 10 -- asterisk/ | sed 's/^/  /'
}

case "${1:-}" in
  check) cmd_check ;;
  registrations) cmd_registrations ;;
  history) cmd_history ;;
  diff) cmd_diff ;;
  deploy) cmd_deploy ;;
  restore) cmd_restore ;;
  peers) cmd_peers ;;
  channels) cmd_channels ;;
  calls) cmd_calls ;;
  voicemail) cmd_voicemail ;;
  *) sed -n '2,11p' "$0"; exit 1 ;;
esac
