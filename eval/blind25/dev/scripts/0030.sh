#!/usr/bin/env bash
# release-addon.sh - lint, build and (optionally) sign the Firefox add-on and
# package the Chrome build of the same extension.
#
#   tools/release-addon.sh                 lint + build both, no upload
#   tools/release-addon.sh --sign          also sign on addons.mozilla.org (unlisted)
#   tools/release-addon.sh --sign --listed submit as a listed version
#   tools/release-addon.sh --bump patch    bump version in manifest + package.json first
#   tools/release-addon.sh --chrome-upload upload the Chrome zip as a draft item
#
# Chrome Web Store credentials: CWS_CLIENT_ID / CWS_CLIENT_SECRET /
# CWS_REFRESH_TOKEN / CWS_EXTENSION_ID (same .env.release file).
#
# AMO credentials: WEB_EXT_API_KEY / WEB_EXT_API_SECRET, read from the
# environment or from .env.release (git-ignored). web-ext reads them from
# the environment itself; we only check they are present and never echo them.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SRC="$ROOT/extension"
DIST="$ROOT/dist"
ARTIFACTS="$DIST/artifacts"
CHROME_DIR="$DIST/chrome"
ENV_FILE="$ROOT/.env.release"
SIGN=0
CHROME_UPLOAD=0
CHANNEL=unlisted
BUMP=""

log() { printf '\e[36m[release]\e[0m %s\n' "$*"; }
die() { printf '\e[31m[release] %s\e[0m\n' "$*" >&2; exit 1; }

while (( $# )); do
  case "$1" in
    --sign) SIGN=1 ;;
    --listed) CHANNEL=listed ;;
    --bump) BUMP="${2:?--bump needs major|minor|patch}"; shift ;;
    --chrome-upload) CHROME_UPLOAD=1 ;;
    -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
    *) die "unknown option $1" ;;
  esac
  shift
done

cd "$ROOT"
command -v jq >/dev/null || die "jq is required"
[[ -x node_modules/.bin/web-ext ]] || die "run npm ci first (web-ext is a devDependency)"
WEBEXT=(node_modules/.bin/web-ext)

load_env_file() {
  [[ -f "$ENV_FILE" ]] || return 0
  # refuse world-readable secret files
  if [[ "$(stat -c %a "$ENV_FILE")" != 600 ]]; then
    die "$ENV_FILE must be chmod 600"
  fi
  local key value
  while IFS='=' read -r key value; do
    [[ -z "$key" || "$key" == \#* ]] && continue
    case "$key" in
      WEB_EXT_API_KEY|WEB_EXT_API_SECRET|CWS_EXTENSION_ID|CWS_CLIENT_ID|CWS_CLIENT_SECRET|CWS_REFRESH_TOKEN)
        value="${value%\"}"; value="${value#\"}"
        export "$key=$value" ;;
      *) log "ignoring unexpected key $key in $(basename "$ENV_FILE")" ;;
    esac
  done < "$ENV_FILE"
}

mask() {
  local v="${1:-}"
  if [[ -z "$v" ]]; then echo "<unset>"; else echo "${v:0:4}…(${#v} chars)"; fi
}

bump_version() {
  local part="$1" cur major minor patch next
  cur="$(jq -r .version "$SRC/manifest.json")"
  IFS=. read -r major minor patch <<< "$cur"
  case "$part" in
    major) next="$((major + 1)).0.0" ;;
    minor) next="$major.$((minor + 1)).0" ;;
    patch) next="$major.$minor.$((patch + 1))" ;;
    *) die "--bump expects major|minor|patch" ;;
  esac
  local tmp
  tmp="$(mktemp)"
  jq --arg v "$next" '.version = $v' "$SRC/manifest.json" > "$tmp" && mv "$tmp" "$SRC/manifest.json"
  tmp="$(mktemp)"
  jq --arg v "$next" '.version = $v' package.json > "$tmp" && mv "$tmp" package.json
  log "version $cur -> $next"
}

lint() {
  log "web-ext lint"
  "${WEBEXT[@]}" lint --source-dir "$SRC" --self-hosted="$([[ $CHANNEL == unlisted ]] && echo true || echo false)" \
    --warnings-as-errors
}

build_firefox() {
  mkdir -p "$ARTIFACTS"
  "${WEBEXT[@]}" build --source-dir "$SRC" --artifacts-dir "$ARTIFACTS" --overwrite-dest \
    --ignore-files '**/*.map' 'tests/**' '*.md'
  ls -1 "$ARTIFACTS"/*.zip | tail -n 1
}

build_chrome() {
  # Chrome wants manifest v3 with a service worker instead of background.scripts
  rm -rf -- "$CHROME_DIR"
  mkdir -p "$CHROME_DIR"
  cp -R "$SRC"/. "$CHROME_DIR"/
  jq 'del(.browser_specific_settings)
      | .background = {service_worker: "background.js"}' \
    "$SRC/manifest.json" > "$CHROME_DIR/manifest.json"
  local version zip
  version="$(jq -r .version "$CHROME_DIR/manifest.json")"
  zip="$DIST/chrome-$version.zip"
  rm -f -- "$zip"
  (cd "$CHROME_DIR" && zip -qr -X "$zip" . -x '*.map' 'tests/*')
  echo "$zip"
}

sign_firefox() {
  [[ -n "${WEB_EXT_API_KEY:-}" && -n "${WEB_EXT_API_SECRET:-}" ]] \
    || die "WEB_EXT_API_KEY / WEB_EXT_API_SECRET not set"
  log "AMO key $(mask "$WEB_EXT_API_KEY"), channel $CHANNEL"
  # web-ext talks to addons.mozilla.org (its default --amo-base-url)
  "${WEBEXT[@]}" sign --source-dir "$SRC" --artifacts-dir "$ARTIFACTS" \
    --channel "$CHANNEL" --timeout 900000 \
    --approval-timeout "$([[ $CHANNEL == listed ]] && echo 0 || echo 900000)"
}

cws_access_token() {
  # exchange the refresh token for a short-lived access token at Google's
  # documented OAuth endpoint; the response is parsed, never printed
  curl -fsS https://oauth2.googleapis.com/token \
    --data-urlencode "client_id=${CWS_CLIENT_ID:?}" \
    --data-urlencode "client_secret=${CWS_CLIENT_SECRET:?}" \
    --data-urlencode "refresh_token=${CWS_REFRESH_TOKEN:?}" \
    --data-urlencode "grant_type=refresh_token" | jq -r .access_token
}

upload_chrome() {
  local zip="$1" token resp state
  [[ -n "${CWS_EXTENSION_ID:-}" ]] || die "CWS_EXTENSION_ID not set"
  token="$(cws_access_token)"
  [[ -n "$token" && "$token" != null ]] || die "could not get a Chrome Web Store token"
  log "uploading $(basename "$zip") to the Chrome Web Store item $CWS_EXTENSION_ID"
  resp="$(curl -fsS -X PUT -T "$zip" \
    -H "Authorization: Bearer $token" -H "x-goog-api-version: 2" \
    "https://www.googleapis.com/upload/chromewebstore/v1.1/items/$CWS_EXTENSION_ID")"
  state="$(jq -r .uploadState <<< "$resp")"
  [[ "$state" == SUCCESS ]] || die "upload failed: $(jq -c .itemError <<< "$resp")"
  log "uploaded; publish it from the developer dashboard after review"
}

checksums() {
  (cd "$DIST" && find . -maxdepth 2 -type f \( -name '*.zip' -o -name '*.xpi' \) -print0 \
    | sort -z | xargs -0 sha256sum) > "$DIST/SHA256SUMS"
  log "checksums in dist/SHA256SUMS"
}

main() {
  load_env_file
  [[ -n "$BUMP" ]] && bump_version "$BUMP"
  lint
  local ff chrome
  ff="$(build_firefox)"
  chrome="$(build_chrome)"
  log "firefox: ${ff#"$ROOT"/}"
  log "chrome:  ${chrome#"$ROOT"/}"
  if (( SIGN )); then
    git diff --quiet -- "$SRC" || die "uncommitted changes in extension/; commit before signing"
    sign_firefox
  else
    log "not signing (pass --sign to upload to AMO)"
  fi
  if (( CHROME_UPLOAD )); then
    upload_chrome "$chrome"
  fi
  checksums
}

main
