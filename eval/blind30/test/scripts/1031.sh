#!/usr/bin/env bash
# card_check.sh - check the OpenPGP smart card setup used for signing release tags
#
# What it looks at (all read-only):
#   * gpg --card-status          card present, serial, which key slots are filled
#   * gpg --list-secret-keys     the signing subkey is a card stub (">"), not on disk
#   * git config user.signingkey matches the card's signature key fingerprint
#   * p11tool --list-tokens      the card is also visible to PKCS#11 (for ssh/pkcs11)
#   * gpg-connect-agent          scdaemon answers (SERIALNO)
#   * ssh-add -L                 the authentication key is offered by the agent
# It prints a checklist and exits non-zero when something blocks tag signing.
# It does not change PINs, touch policies, keys or the card in any way.
set -uo pipefail

PASS=0
FAIL=0
WARN=0
tmp=$(mktemp -d)
trap 'rm -rf -- "$tmp"' EXIT

ok()   { printf '  \033[32mok\033[0m    %s\n' "$*"; PASS=$((PASS + 1)); }
bad()  { printf '  \033[31mFAIL\033[0m  %s\n' "$*"; FAIL=$((FAIL + 1)); }
warn() { printf '  \033[33mwarn\033[0m  %s\n' "$*"; WARN=$((WARN + 1)); }
head_() { printf '\n%s\n' "$*"; }

have() { command -v "$1" >/dev/null 2>&1; }

card_field() {
  # card_field "Signature key" -> value after the dots and colon
  awk -F': *' -v k="$1" 'index($0, k) == 1 { sub(/^[^:]*: */, ""); print; exit }' "$tmp/card"
}

check_card() {
  head_ "card"
  if ! gpg --card-status > "$tmp/card" 2>"$tmp/card.err"; then
    bad "no OpenPGP card found ($(tail -n1 "$tmp/card.err"))"
    return 1
  fi
  ok "card present: $(card_field 'Manufacturer') serial $(card_field 'Serial number')"
  local sig enc aut
  sig=$(card_field 'Signature key' | tr -d ' ')
  enc=$(card_field 'Encryption key' | tr -d ' ')
  aut=$(card_field 'Authentication key' | tr -d ' ')
  [[ -n $sig && $sig != '[none]' ]] && ok "signature key slot filled" || bad "signature key slot empty"
  [[ -n $enc && $enc != '[none]' ]] && ok "encryption key slot filled" || warn "encryption key slot empty"
  [[ -n $aut && $aut != '[none]' ]] && ok "authentication key slot filled" || warn "authentication key slot empty (ssh via card not possible)"
  printf '%s\n' "$sig" > "$tmp/sigfpr"
  local tries
  tries=$(card_field 'PIN retry counter')
  if [[ $tries =~ ^([0-9]+)\ +[0-9]+\ +([0-9]+)$ ]]; then
    (( BASH_REMATCH[1] >= 2 )) && ok "user PIN retries left: ${BASH_REMATCH[1]}" \
      || bad "user PIN retries left: ${BASH_REMATCH[1]} (unblock with the reset code before signing)"
    (( BASH_REMATCH[2] >= 2 )) || warn "admin PIN retries left: ${BASH_REMATCH[2]}"
  fi
}

check_stub() {
  head_ "secret key stubs"
  local sig
  sig=$(cat "$tmp/sigfpr" 2>/dev/null || true)
  [[ -n $sig ]] || { warn "no signature fingerprint from the card"; return; }
  gpg --list-secret-keys --with-colons --with-fingerprint > "$tmp/sec" 2>/dev/null || true
  if grep -q "^fpr:.*${sig}:" "$tmp/sec"; then
    local line
    line=$(grep -B1 "^fpr:.*${sig}:" "$tmp/sec" | head -n1)
    # field 15 of sec/ssb lines holds the card serial when the key lives on a card
    if [[ $(cut -d: -f15 <<<"$line") != "" ]]; then
      ok "signing key is a card stub"
    else
      bad "signing key secret material is on disk, not only on the card"
    fi
  else
    bad "gpg has no secret key (stub) for the card's signature key; run: gpg --card-status once after importing the public key"
  fi
}

check_git() {
  head_ "git"
  local key fmt sig
  key=$(git config --get user.signingkey || true)
  fmt=$(git config --get gpg.format || echo openpgp)
  sig=$(cat "$tmp/sigfpr" 2>/dev/null || true)
  [[ $fmt == openpgp ]] && ok "gpg.format=openpgp" || warn "gpg.format=$fmt (tags will not use the card)"
  if [[ -z $key ]]; then
    bad "user.signingkey not set"
  elif [[ -n $sig && ${sig,,} == *"${key,,}" ]]; then
    ok "user.signingkey matches the card ($key)"
  else
    bad "user.signingkey $key does not match card key ${sig:-?}"
  fi
  [[ $(git config --get tag.gpgSign || echo false) == true ]] && ok "tag.gpgSign=true" || warn "tag.gpgSign not enabled"
}

check_pkcs11() {
  head_ "pkcs11"
  if ! have p11tool; then
    warn "p11tool not installed (gnutls-bin); skipping"
    return
  fi
  p11tool --list-tokens > "$tmp/tokens" 2>/dev/null || true
  if grep -qiE 'openpgp|yubikey|nitrokey' "$tmp/tokens"; then
    ok "card visible via PKCS#11: $(grep -m1 -i 'Label:' "$tmp/tokens" | sed 's/.*Label: //')"
  else
    warn "card not visible via PKCS#11 (only needed for ssh -I)"
  fi
}

check_agent() {
  head_ "agents"
  if gpg-connect-agent 'scd serialno' /bye > "$tmp/scd" 2>&1 && grep -q '^S SERIALNO' "$tmp/scd"; then
    ok "scdaemon answers"
  else
    bad "scdaemon does not answer; try: gpgconf --kill scdaemon"
  fi
  if have ssh-add && ssh-add -L > "$tmp/ssh" 2>/dev/null; then
    if grep -q 'cardno:' "$tmp/ssh"; then
      ok "ssh agent offers the card's authentication key"
    else
      warn "ssh agent does not offer a card key (enable-ssh-support in gpg-agent.conf)"
    fi
  else
    warn "no ssh agent running"
  fi
}

check_test_signature() {
  head_ "test signature (needs touch/PIN)"
  if [[ ${SKIP_SIGN_TEST:-0} == 1 ]]; then
    warn "skipped (SKIP_SIGN_TEST=1)"
    return
  fi
  printf 'card-check %s\n' "$(date -Is)" > "$tmp/msg"
  if gpg --batch --yes --local-user "$(cat "$tmp/sigfpr")" --detach-sign -o "$tmp/msg.sig" "$tmp/msg" 2>"$tmp/sign.err" \
     && gpg --verify "$tmp/msg.sig" "$tmp/msg" >/dev/null 2>&1; then
    ok "signature created and verified"
  else
    bad "signing failed: $(tail -n1 "$tmp/sign.err")"
  fi
}

check_versions() {
  head_ "versions"
  local v
  v=$(gpg --version | head -n1 | awk '{print $3}')
  if [[ $(printf '%s\n2.2.27\n' "$v" | sort -V | head -n1) == 2.2.27 ]]; then
    ok "gnupg $v"
  else
    warn "gnupg $v is old; card support improved a lot in 2.2.27+"
  fi
  if have scdaemon || [[ -x $(gpgconf --list-components 2>/dev/null | awk -F: '$1 == "scdaemon" {print $3}') ]]; then
    ok "scdaemon installed"
  else
    bad "scdaemon component missing (install the scdaemon package)"
  fi
  if have pcscd || pgrep -x pcscd >/dev/null 2>&1; then
    ok "pcscd available"
  else
    warn "pcscd not found; scdaemon's internal CCID driver will be used"
  fi
}

check_expiry() {
  head_ "key expiry"
  local sig exp now days
  sig=$(cat "$tmp/sigfpr" 2>/dev/null || true)
  [[ -n $sig ]] || return 0
  gpg --list-keys --with-colons "$sig" > "$tmp/pub" 2>/dev/null || { warn "public key for $sig not in keyring"; return; }
  # field 7 of pub/sub lines is the expiry timestamp; take the latest one
  exp=$(grep -E '^(pub|sub):' "$tmp/pub" | awk -F: '{print $7}' | sort -n | tail -n1)
  if [[ -z $exp ]]; then
    warn "key has no expiry date"
    return
  fi
  now=$(date +%s)
  days=$(( (exp - now) / 86400 ))
  if (( days < 0 )); then
    bad "key expired $(( -days )) days ago"
  elif (( days < 60 )); then
    warn "key expires in $days days; extend it (needs the offline primary key)"
  else
    ok "key valid for $days more days"
  fi
}

have gpg || { echo "gpg not installed"; exit 2; }
check_versions
check_card && check_stub
check_expiry
check_git
check_pkcs11
check_agent
[[ -s $tmp/sigfpr ]] && check_test_signature
printf '\n%d ok, %d warnings, %d failures\n' "$PASS" "$WARN" "$FAIL"
(( FAIL == 0 ))
