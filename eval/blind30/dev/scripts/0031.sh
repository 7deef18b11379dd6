#!/usr/bin/env bash
# Read-only inventory of security keys for the access review (PIV / OpenPGP / FIDO2).
#
#   tools/keys_inventory.sh            # table on stdout + reports/keys/<host>-<date>.json
#   tools/keys_inventory.sh --no-gpg   # skip gpg --card-status (it starts scdaemon)
#
# Only information commands are used: ykman list/info, ykman piv info, ykman openpgp
# info, ykman fido info, pkcs11-tool --list-slots, opensc-tool --list-readers,
# fido2-token -L and gpg --card-status. No PINs are asked for, nothing is reset.
# The ykman wrapper below refuses every sub-command that is not on the read-only list.
set -uo pipefail

repo="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
out_dir="$repo/reports/keys"
host="$(hostname -s)"
today="$(date +%F)"
use_gpg=1
tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT

log() { printf '%s\n' "$*" >&2; }
die() { log "keys_inventory: $*"; exit 1; }

advisories="$repo/config/yubikey-advisories.tsv"
write_md=1

usage() {
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
}

for arg in "$@"; do
  case "$arg" in
    --no-gpg) use_gpg=0 ;;
    --no-markdown) write_md=0 ;;
    -h|--help) usage; exit 0 ;;
    *) usage; die "unknown argument $arg" ;;
  esac
done

check_advisories() {
  # config/yubikey-advisories.tsv: <min-firmware>\t<max-firmware>\t<advisory id>\t<summary>
  local serial=$1 fw=$2 lo hi id text
  [[ -f "$advisories" && -n "$fw" ]] || return 0
  while IFS=$'\t' read -r lo hi id text; do
    [[ -z "$lo" || "$lo" == \#* ]] && continue
    if [[ "$(printf '%s\n%s\n' "$lo" "$fw" | sort -V | head -n1)" == "$lo" && \
          "$(printf '%s\n%s\n' "$fw" "$hi" | sort -V | head -n1)" == "$fw" ]]; then
      log "key $serial firmware $fw is affected by $id: $text"
    fi
  done < "$advisories"
}

write_markdown() {
  # Human-readable copy for the access-review ticket.
  local json=$1 md="${1%.json}.md"
  {
    printf '# Security keys on %s (%s)\n\n' "$host" "$today"
    printf '| Serial | Type | Firmware | PIV certs | OpenPGP | FIDO PIN |\n'
    printf '|---|---|---|---:|---|---|\n'
    jq -r '.yubikeys[] | "| \(.serial) | \(.type) | \(.firmware) | \(.piv_certificates) | \(.openpgp_version) | \(.fido_pin) |"' "$json"
    printf '\nOther readers: %s\n' "$(jq -r '.readers | join(", ")' "$json")"
  } > "$md"
  log "wrote ${md#$repo/}"
}

declare -A READ_ONLY=(
  [list]=1 [info]=1
  ["piv info"]=1 ["openpgp info"]=1 ["fido info"]=1 ["oath info"]=1 ["otp info"]=1
)

ykman_ro() {
  # ykman_ro SERIAL SUBCOMMAND... (only read-only sub-commands pass)
  local serial=$1; shift
  local sub="$*"
  local key="${sub%% --*}"
  if [[ -z "${READ_ONLY[$key]:-}" ]]; then
    die "refusing non read-only ykman command: $sub"
  fi
  if [[ -n "$serial" ]]; then
    timeout 20 ykman --device "$serial" "$@" 2>/dev/null
  else
    timeout 20 ykman "$@" 2>/dev/null
  fi
}

field() {
  # field "Label" <<< text  -> value after "Label:"
  awk -F': *' -v k="$1" '$1 == k { sub(/^[^:]*: */, ""); print; exit }'
}

ensure_pcscd() {
  if ! pgrep -x pcscd >/dev/null 2>&1; then
    log "pcscd is not running; smart-card readers will not show up."
    log "Status (read-only):"
    sudo -n systemctl status pcscd --no-pager --lines=3 2>/dev/null || \
      log "  (cannot read status without sudo; ask IT to start pcscd.socket)"
  fi
}

json_escape() {
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  printf '%s' "${s//$'\n'/ }"
}

command -v ykman >/dev/null || die "ykman missing (pipx install yubikey-manager)"
ensure_pcscd

mapfile -t serials < <(ykman_ro "" list --serials | grep -E '^[0-9]+$')
log "found ${#serials[@]} YubiKey(s)"

entries=()
printf '%-10s %-26s %-9s %-5s %-8s %-6s\n' SERIAL TYPE FIRMWARE PIV OPENPGP FIDO2
for s in "${serials[@]}"; do
  info="$(ykman_ro "$s" info)"
  piv="$(ykman_ro "$s" piv info)"
  pgp="$(ykman_ro "$s" openpgp info)"
  fido="$(ykman_ro "$s" fido info)"
  type="$(field 'Device type' <<< "$info")"
  fw="$(field 'Firmware version' <<< "$info")"
  piv_ver="$(field 'PIV version' <<< "$piv")"
  piv_tries="$(field 'PIN tries remaining' <<< "$piv")"
  slots="$(grep -cE '^Slot [0-9A-F]{2}' <<< "$piv" || true)"
  pgp_ver="$(field 'OpenPGP version' <<< "$pgp")"
  pgp_sig="$(grep -A3 '^Signature key' <<< "$pgp" | field 'Fingerprint' || true)"
  fido_pin="$(field 'PIN' <<< "$fido")"
  printf '%-10s %-26s %-9s %-5s %-8s %-6s\n' "$s" "${type:-?}" "${fw:-?}" \
    "${piv_ver:--}" "${pgp_ver:--}" "${fido_pin:+yes}"
  check_advisories "$s" "$fw"
  entries+=("$(printf '{"serial":"%s","type":"%s","firmware":"%s","piv_version":"%s","piv_pin_tries":"%s","piv_certificates":%d,"openpgp_version":"%s","openpgp_sig_fpr":"%s","fido_pin":"%s"}' \
    "$s" "$(json_escape "$type")" "$fw" "$piv_ver" "$piv_tries" "${slots:-0}" "$pgp_ver" \
    "$(json_escape "$pgp_sig")" "$(json_escape "$fido_pin")")")
done

# Other PKCS#11 tokens (smart cards, Nitrokeys) through OpenSC.
readers="[]"
if command -v opensc-tool >/dev/null; then
  opensc-tool --list-readers 2>/dev/null | awk 'NR > 2 && NF { $1=""; $2=""; sub(/^ +/, ""); print }' \
    > "$tmp/readers"
  readers="$(jq -R . < "$tmp/readers" | jq -s .)"
fi
slots_json="[]"
if command -v pkcs11-tool >/dev/null; then
  pkcs11-tool --list-slots 2>/dev/null > "$tmp/slots" || true
  slots_json="$(grep -E 'token label|serial num' "$tmp/slots" | sed 's/^ *//' | jq -R . | jq -s .)"
fi
fido_devs="[]"
if command -v fido2-token >/dev/null; then
  fido_devs="$(fido2-token -L 2>/dev/null | cut -d: -f1 | jq -R . | jq -s .)"
fi

card="null"
if (( use_gpg )) && command -v gpg >/dev/null; then
  if gpg --card-status > "$tmp/card" 2>/dev/null; then
    card="$(jq -n \
      --arg serial "$(field 'Serial number ....' < "$tmp/card" || true)" \
      --arg version "$(field 'Version ..........' < "$tmp/card" || true)" \
      --arg sig "$(field 'Signature key ....' < "$tmp/card" || true)" \
      '{serial: $serial, version: $version, signature_key: $sig}')"
  fi
fi

mkdir -p "$out_dir"
report="$out_dir/${host}-${today}.json"
{
  printf '{"host":"%s","owner":"%s","date":"%s","yubikeys":[' "$host" "${USER:-unknown}" "$today"
  (IFS=,; printf '%s' "${entries[*]:-}")
  printf '],"readers":%s,"pkcs11":%s,"fido2":%s,"gpg_card":%s}\n' \
    "$readers" "$slots_json" "$fido_devs" "$card"
} | jq . > "$tmp/report.json"
mv -f "$tmp/report.json" "$report"
log "wrote ${report#$repo/}"
(( write_md )) && write_markdown "$report"

previous="$(ls -1 "$out_dir/${host}-"*.json 2>/dev/null | grep -v "$today" | sort | tail -n1 || true)"
if [[ -n "$previous" ]]; then
  before="$(jq -r '.yubikeys[].serial' "$previous" | sort)"
  now="$(jq -r '.yubikeys[].serial' "$report" | sort)"
  gone="$(comm -23 <(printf '%s\n' "$before") <(printf '%s\n' "$now") | grep . || true)"
  [[ -n "$gone" ]] && log "keys seen on $(basename "$previous" .json) but not now: $gone"
fi
