#!/usr/bin/env bash
# platform-check.sh - print TPM / Secure Boot / disk-unlock facts for the
# enrolment runbook, and test our clevis+tang flow on a throwaway image.
#
#   scripts/platform-check.sh            # status only (read-only)
#   scripts/platform-check.sh --image    # also run the LUKS image test
#   scripts/platform-check.sh --json     # machine-readable output
#
# All status commands are read-only.  Those that need root are run with
# `sudo -n` so the script never prompts; missing permissions are reported
# as "n/a".  The image test only ever touches build/luks-test.img, a file
# this script creates, attaches with a loop device and detaches again.

set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BUILD="$ROOT/build"
IMAGE="$BUILD/luks-test.img"
KEYFILE="$ROOT/tests/fixtures/luks-test.key"
TANG_URL="${TANG_URL:-http://tang.lab.internal}"
JSON=0
IMAGE_TEST=0

declare -A FACT

log() { printf '%s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

for arg in "$@"; do
  case "$arg" in
    --json) JSON=1 ;;
    --image) IMAGE_TEST=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown argument $arg" ;;
  esac
done

have() { command -v "$1" >/dev/null 2>&1; }

# run_ro NAME CMD...: run a read-only command, store trimmed first line
run_ro() {
  local name="$1"; shift
  local out
  if ! have "$1" && [[ "$1" != sudo ]]; then
    FACT[$name]="not installed"
    return
  fi
  if out="$("$@" 2>/dev/null)"; then
    FACT[$name]="$(printf '%s' "$out" | head -n1 | tr -s ' ')"
  else
    FACT[$name]="n/a"
  fi
}

# --- firmware / secure boot -------------------------------------------------------
if [[ -d /sys/firmware/efi ]]; then
  FACT[firmware]="UEFI"
else
  FACT[firmware]="BIOS/legacy"
fi
run_ro secure_boot mokutil --sb-state
if have sbctl; then
  if out="$(sudo -n sbctl status --json 2>/dev/null)"; then
    FACT[sbctl_installed]="$(jq -r '.installed' <<<"$out")"
    FACT[sbctl_setup_mode]="$(jq -r '.setup_mode' <<<"$out")"
    FACT[sbctl_vendors]="$(jq -r '.vendors | join(",")' <<<"$out")"
  else
    FACT[sbctl_installed]="n/a (needs sudo)"
  fi
fi
if have bootctl; then
  FACT[measured_uki]="$(bootctl status --no-pager 2>/dev/null | awk -F': ' '/Measured UKI/ {print $2}')"
fi

# --- TPM ------------------------------------------------------------------------------
if [[ -e /dev/tpmrm0 ]]; then
  FACT[tpm_device]="/dev/tpmrm0"
  FACT[tpm_version]="$(cat /sys/class/tpm/tpm0/tpm_version_major 2>/dev/null || echo '?')"
  if have tpm2_getcap; then
    FACT[tpm_manufacturer]="$(tpm2_getcap properties-fixed 2>/dev/null \
      | awk '/TPM2_PT_MANUFACTURER/ {getline; gsub(/"/, "", $2); print $2}')"
    FACT[tpm_pcr_banks]="$(tpm2_getcap pcrs 2>/dev/null | awk -F: '/sha/ {gsub(/ /, "", $1); printf "%s ", $1}')"
  fi
  run_ro tpm_enroll_list systemd-cryptenroll --tpm2-device=list
else
  FACT[tpm_device]="none"
fi

# --- disks -----------------------------------------------------------------------------
FACT[luks_devices]="$(lsblk -rno NAME,FSTYPE 2>/dev/null | awk '$2=="crypto_LUKS" {printf "%s ", $1}')"
FACT[clevis]="$(have clevis && echo installed || echo 'not installed')"
FACT[kernel_lockdown]="$(sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/security/lockdown 2>/dev/null || echo n/a)"

# --- optional LUKS image test ---------------------------------------------------------
LOOP=""
MAPPER="luks-test-$$"

image_cleanup() {
  if [[ -e "/dev/mapper/$MAPPER" ]]; then
    sudo -n cryptsetup close "$MAPPER" || log "could not close $MAPPER"
  fi
  if [[ -n "$LOOP" ]]; then
    sudo -n losetup -d "$LOOP" || log "could not detach $LOOP"
  fi
  rm -f -- "$IMAGE"
}

image_test() {
  have cryptsetup || { FACT[image_test]="skipped (no cryptsetup)"; return; }
  [[ -f "$KEYFILE" ]] || { FACT[image_test]="skipped (no key fixture)"; return; }
  mkdir -p "$BUILD"
  trap image_cleanup EXIT
  truncate -s 32M "$IMAGE"
  # luksFormat on a file we just created under build/, never a block device.
  cryptsetup luksFormat --batch-mode --type luks2 --pbkdf pbkdf2 --pbkdf-force-iterations 1000 \
    "$IMAGE" "$KEYFILE" || { FACT[image_test]="luksFormat failed"; return; }
  LOOP="$(sudo -n losetup --find --show "$IMAGE" 2>/dev/null)" \
    || { FACT[image_test]="skipped (sudo losetup not allowed)"; return; }
  if have clevis && curl -fsS --max-time 3 "$TANG_URL/adv" >/dev/null; then
    sudo -n clevis luks bind -y -k "$KEYFILE" -d "$LOOP" tang "{\"url\":\"$TANG_URL\"}" \
      && FACT[image_test]="tang bind ok" || FACT[image_test]="tang bind failed"
    sudo -n clevis luks unlock -d "$LOOP" -n "$MAPPER" \
      && FACT[image_test]+=", unlock ok" || FACT[image_test]+=", unlock failed"
  else
    sudo -n cryptsetup open --key-file "$KEYFILE" "$LOOP" "$MAPPER" \
      && FACT[image_test]="keyfile unlock ok (tang unreachable)" || FACT[image_test]="unlock failed"
  fi
}

(( IMAGE_TEST )) && image_test

# --- PCR drift against the runbook ----------------------------------------------------
# docs/enrolment/expected-pcrs.txt lists "pcr<TAB>sha256" for the reference
# laptop.  On a developer machine we only report which PCRs differ; nothing
# is sealed or changed.
pcr_drift() {
  local expected="$ROOT/docs/enrolment/expected-pcrs.txt" current
  [[ -f "$expected" ]] || { FACT[pcr_drift]="no reference file"; return; }
  have tpm2_pcrread || { FACT[pcr_drift]="tpm2_pcrread missing"; return; }
  current="$(tpm2_pcrread sha256:0,2,4,7 2>/dev/null \
    | awk '/^ +[0-9]+ *:/ {gsub(/[ :]/, "", $1); print $1 "\t" tolower($2)}' \
    | sed 's/0x//')"
  if [[ -z "$current" ]]; then
    FACT[pcr_drift]="n/a (cannot read PCRs)"
    return
  fi
  local differing=()
  while IFS=$'\t' read -r pcr value; do
    [[ -z "$pcr" || "$pcr" == "#"* ]] && continue
    got="$(awk -v p="$pcr" -F'\t' '$1 == p {print $2}' <<<"$current")"
    [[ "$got" == "$value" ]] || differing+=("$pcr")
  done < "$expected"
  if ((${#differing[@]})); then
    FACT[pcr_drift]="differs: ${differing[*]}"
  else
    FACT[pcr_drift]="matches reference"
  fi
}
pcr_drift

# Markdown output for pasting into the runbook's hardware table.
markdown() {
  printf '| fact | value |\n|---|---|\n'
  for key in $(printf '%s\n' "${!FACT[@]}" | sort); do
    printf '| %s | %s |\n' "$key" "${FACT[$key]//|/\\|}"
  done
}

# --- output ----------------------------------------------------------------------------
if [[ "${FORMAT:-}" == "md" ]]; then
  markdown
elif (( JSON )); then
  args=()
  for key in "${!FACT[@]}"; do
    args+=(--arg "$key" "${FACT[$key]}")
  done
  jq -n "${args[@]}" '$ARGS.named'
else
  printf '%-20s %s\n' "check" "value"
  printf '%-20s %s\n' "-----" "-----"
  for key in $(printf '%s\n' "${!FACT[@]}" | sort); do
    printf '%-20s %s\n' "$key" "${FACT[$key]}"
  done
fi
