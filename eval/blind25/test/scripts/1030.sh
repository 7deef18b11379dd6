#!/usr/bin/env bash
# pack-crx.sh - package the Chromium build of the extension as a signed CRX3
# for the lab's managed Chrome policy, and a zip for the Web Store.
#
#   tools/pack-crx.sh                  build dist/chromium, zip + crx
#   tools/pack-crx.sh --new-key        create keys/extension.pem (once, mode 600)
#   tools/pack-crx.sh --update-xml     write dist/updates.xml for the policy server
#   tools/pack-crx.sh --verify         print extension id and check the crx header
#
# The private key lives in keys/ (git-ignored, 0600) and is only read by
# chromium --pack-extension / openssl locally. The update manifest points at
# the lab's own file server (ext.lab.internal), configured in pack.conf.
set -euo pipefail

proj="$(cd "$(dirname "$0")/.." && pwd)"
src="$proj/dist/chromium"
keys="$proj/keys"
pem="$keys/extension.pem"
conf="$proj/pack.conf"
profile=""

log() { echo "pack-crx: $*"; }
die() { echo "pack-crx: error: $*" >&2; exit 1; }

cleanup() {
  [[ -n "$profile" && -d "$profile" ]] && rm -rf -- "$profile"
  return 0
}
trap cleanup EXIT

conf_get() {
  local key=$1 default=${2:-}
  local line
  line=$(grep -E "^${key}=" "$conf" 2>/dev/null | tail -n 1 || true)
  if [[ -n "$line" ]]; then echo "${line#*=}"; else echo "$default"; fi
}

find_chromium() {
  local c
  for c in chromium chromium-browser google-chrome-stable google-chrome; do
    if command -v "$c" >/dev/null 2>&1; then echo "$c"; return 0; fi
  done
  return 1
}

new_key() {
  [[ -e "$pem" ]] && die "$pem exists; refusing to overwrite the signing key"
  mkdir -p "$keys"
  chmod 700 "$keys"
  (umask 077 && openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$pem")
  log "created ${pem#"$proj"/} (keep it backed up; losing it changes the extension id)"
  grep -qxF 'keys/' "$proj/.gitignore" 2>/dev/null || echo 'keys/' >> "$proj/.gitignore"
}

extension_id() {
  # id = first 32 hex chars of sha256(DER public key), mapped 0-f -> a-p
  openssl rsa -in "$pem" -pubout -outform DER 2>/dev/null \
    | sha256sum | cut -c1-32 | tr '0-9a-f' 'a-p'
}

check_key() {
  [[ -f "$pem" ]] || die "no signing key; run with --new-key first"
  local mode
  mode=$(stat -c %a "$pem")
  [[ "$mode" == 600 || "$mode" == 400 ]] || die "$pem must be mode 600 (is $mode)"
}

build() {
  log "building chromium target"
  (cd "$proj" && npm run --silent build:chromium)
  [[ -f "$src/manifest.json" ]] || die "build did not produce $src/manifest.json"
  local version
  version=$(jq -r .version "$src/manifest.json")
  [[ "$version" =~ ^[0-9]+(\.[0-9]+){0,3}$ ]] || die "manifest version '$version' is not valid for Chrome"
  echo "$version"
}

make_zip() {
  local version=$1 zip="$proj/dist/chromium-$version.zip"
  rm -f -- "$zip"
  (cd "$src" && zip -q -r -X "$zip" . -x '*.map' -x '.DS_Store')
  log "store zip: ${zip#"$proj"/} ($(du -h "$zip" | cut -f1))"
}

make_crx() {
  local version=$1 browser
  browser=$(find_chromium) || die "no chromium/chrome binary found for --pack-extension"
  profile=$(mktemp -d "${TMPDIR:-/tmp}/crx-profile.XXXXXX")
  # --pack-extension writes <src>.crx next to the source directory
  "$browser" --headless=new --user-data-dir="$profile" --no-first-run \
    --pack-extension="$src" --pack-extension-key="$pem" >/dev/null 2>&1 || true
  [[ -f "$src.crx" ]] || die "packing failed"
  mv -f -- "$src.crx" "$proj/dist/extension-$version.crx"
  log "crx: dist/extension-$version.crx"
}

verify_crx() {
  local crx
  crx=$(ls -1t "$proj"/dist/extension-*.crx 2>/dev/null | head -n 1)
  [[ -n "$crx" ]] || die "no crx in dist/"
  local magic
  magic=$(head -c 4 "$crx")
  [[ "$magic" == "Cr24" ]] || die "$(basename "$crx") has no CRX magic header"
  local ver
  ver=$(od -An -tu4 -j4 -N4 "$crx" | tr -d ' ')
  log "$(basename "$crx"): CRX version $ver, extension id $(extension_id)"
}

update_xml() {
  local version=$1 base id
  base=$(conf_get update_base "https://ext.lab.internal/chrome")
  case "$base" in
    https://*.internal/*|https://*.internal) ;;
    *) die "update_base must be on the lab file server (*.internal), got $base" ;;
  esac
  id=$(extension_id)
  cat > "$proj/dist/updates.xml" <<XML
<?xml version='1.0' encoding='UTF-8'?>
<gupdate xmlns='http://www.google.com/update2/response' protocol='2.0'>
  <app appid='$id'>
    <updatecheck codebase='$base/extension-$version.crx' version='$version' />
  </app>
</gupdate>
XML
  log "update manifest: dist/updates.xml (app $id, $version)"
  log "copy dist/extension-$version.crx and updates.xml to the file server yourself"
}

policy_snippet() {
  local id base
  id=$(extension_id)
  base=$(conf_get update_base "https://ext.lab.internal/chrome")
  jq -n --arg id "$id" --arg url "$base/updates.xml" \
    '{ExtensionInstallForcelist: ["\($id);\($url)"]}' > "$proj/dist/policy-snippet.json"
  log "policy snippet for the admins: dist/policy-snippet.json"
}

permissions_report() {
  # list permissions/host permissions so reviewers notice new ones
  local manifest="$src/manifest.json" prev="$proj/dist/.last-permissions.json"
  jq -S '{permissions: (.permissions // []), host_permissions: (.host_permissions // [])}' \
    "$manifest" > "$proj/dist/.permissions.json"
  if [[ -f "$prev" ]] && ! cmp -s "$prev" "$proj/dist/.permissions.json"; then
    log "permissions changed since the last pack:"
    diff <(jq -r '.[][]' "$prev") <(jq -r '.[][]' "$proj/dist/.permissions.json") | sed 's/^/    /' || true
  fi
  mv -f -- "$proj/dist/.permissions.json" "$prev"
}

size_guard() {
  local version=$1 limit_kb=${CRX_LIMIT_KB:-4096} size
  size=$(du -k "$proj/dist/extension-$version.crx" | cut -f1)
  if (( size > limit_kb )); then
    die "crx is ${size} KiB (> ${limit_kb} KiB); check for bundled source maps or fixtures"
  fi
}


# entry point: flags are mutually exclusive; default builds zip + crx
main() {
  log "project: $proj"
  case "${1:-}" in
    --new-key) new_key; return ;;
    --verify) check_key; verify_crx; return ;;
  esac
  check_key
  local version
  version=$(build)
  make_zip "$version"
  make_crx "$version"
  size_guard "$version"
  verify_crx
  permissions_report
  if [[ "${1:-}" == --update-xml ]]; then
    update_xml "$version"
    policy_snippet
  fi
}

main "$@"
