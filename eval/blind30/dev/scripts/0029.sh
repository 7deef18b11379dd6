#!/usr/bin/env bash
# Send a newsletter draft to the *test* list in listmonk and optionally start it.
#
#   tools/listmonk_test_send.sh -t templates/newsletter/2024-06.html -s "June update"
#   tools/listmonk_test_send.sh ... --live      # actually start the campaign
#
# The campaign is always created against the list id in config/listmonk.ini
# [lists] test_list_id, and the script refuses to continue unless that list's name
# contains "test" and it has fewer than 50 subscribers. Without --live the campaign
# is only created as a draft and a preview is saved to build/listmonk/.
# Credentials: LISTMONK_URL, LISTMONK_API_USER, LISTMONK_API_TOKEN in .env.
set -euo pipefail
IFS=$'\n\t'

PROJECT="$(cd "$(dirname "$0")/.." && pwd)"
CONFIG="$PROJECT/config/listmonk.ini"
OUT="$PROJECT/build/listmonk"
TEMPLATE=""
SUBJECT=""
LIVE=0
YES=0
MAX_TEST_SUBSCRIBERS=50
TMP="$(mktemp -d)"

log() { printf '\033[2m%s\033[0m %s\n' "$(date +%T)" "$*" >&2; }
die() { log "error: $*"; exit 1; }
trap 'rm -rf -- "$TMP"' EXIT

usage() {
  sed -n '2,12p' "$0" | cut -c3-
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    -t|--template) TEMPLATE="$2"; shift 2 ;;
    -s|--subject) SUBJECT="$2"; shift 2 ;;
    --live) LIVE=1; shift ;;
    -y|--yes) YES=1; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; die "unknown argument: $1" ;;
  esac
done
[[ -n "$TEMPLATE" && -f "$TEMPLATE" ]] || die "template file required (-t)"
[[ -n "$SUBJECT" ]] || die "subject required (-s)"

ini_get() {
  # ini_get section key -> value (tiny INI reader, no interpolation)
  awk -F' *= *' -v s="[$1]" -v k="$2" '
    $0 == s { in_s = 1; next }
    /^\[/ { in_s = 0 }
    in_s && $1 == k { print $2; exit }
  ' "$CONFIG"
}

env_get() {
  local key=$1
  if [[ -n "${!key:-}" ]]; then
    printf '%s' "${!key}"
    return
  fi
  grep -E "^${key}=" "$PROJECT/.env" 2>/dev/null | head -n1 | cut -d= -f2- | tr -d '"'
}

BASE_URL="$(env_get LISTMONK_URL)"
API_USER="$(env_get LISTMONK_API_USER)"
API_TOKEN="$(env_get LISTMONK_API_TOKEN)"
[[ -n "$BASE_URL" && -n "$API_USER" && -n "$API_TOKEN" ]] || die "LISTMONK_* missing in .env"
TEST_LIST_ID="$(ini_get lists test_list_id)"
TEMPLATE_ID="$(ini_get campaign template_id)"
FROM_EMAIL="$(ini_get campaign from_email)"
[[ "$TEST_LIST_ID" =~ ^[0-9]+$ ]] || die "test_list_id missing or not numeric in $CONFIG"

api() {
  # api METHOD PATH [JSON-FILE]
  local method=$1 path=$2 body=${3:-}
  local args=(-sS --fail-with-body -X "$method" -u "$API_USER:$API_TOKEN"
              -H 'Content-Type: application/json' "$BASE_URL/api$path")
  if [[ -n "$body" ]]; then
    args+=(--data-binary "@$body")
  fi
  local attempt
  for attempt in 1 2 3; do
    if curl "${args[@]}"; then
      return 0
    fi
    log "API $method $path failed (attempt $attempt)"
    sleep $((attempt * 2))
  done
  return 1
}

check_test_list() {
  local info name count
  info="$(api GET "/lists/$TEST_LIST_ID")" || die "cannot read list $TEST_LIST_ID"
  name="$(jq -r '.data.name' <<< "$info")"
  count="$(jq -r '.data.subscriber_count' <<< "$info")"
  log "target list #$TEST_LIST_ID \"$name\" with $count subscriber(s)"
  shopt -s nocasematch
  [[ "$name" == *test* ]] || die "list #$TEST_LIST_ID is not a test list ($name)"
  shopt -u nocasematch
  (( count <= MAX_TEST_SUBSCRIBERS )) || die "test list has $count subscribers (> $MAX_TEST_SUBSCRIBERS)"
}

render_body() {
  # Inline the project's CSS so the preview matches what subscribers see.
  local css="$PROJECT/templates/newsletter/email.css"
  if [[ -f "$css" ]]; then
    python3 "$PROJECT/tools/inline_css.py" "$TEMPLATE" "$css" > "$TMP/body.html"
  else
    cp "$TEMPLATE" "$TMP/body.html"
  fi
}

create_campaign() {
  local name="test: $SUBJECT ($(date +%F))"
  jq -n --arg name "$name" --arg subject "$SUBJECT" --arg from "$FROM_EMAIL" \
        --rawfile body "$TMP/body.html" --argjson list "$TEST_LIST_ID" \
        --argjson tpl "${TEMPLATE_ID:-1}" \
        '{name: $name, subject: $subject, from_email: $from, lists: [$list],
          content_type: "html", body: $body, template_id: $tpl, type: "regular",
          tags: ["test-send", "automation"]}' > "$TMP/campaign.json"
  api POST /campaigns "$TMP/campaign.json" > "$TMP/created.json" || die "campaign creation failed"
  jq -r '.data.id' "$TMP/created.json"
}

save_preview() {
  local id=$1
  mkdir -p "$OUT"
  api GET "/campaigns/$id/preview" > "$OUT/campaign-$id.html" || log "preview not available"
  cp "$TMP/campaign.json" "$OUT/campaign-$id.request.json"
  log "preview: ${OUT#$PROJECT/}/campaign-$id.html"
}

confirm() {
  (( YES )) && return 0
  local answer
  read -r -p "Start campaign $1 to the test list now? [y/N] " answer
  [[ "$answer" == [yY]* ]]
}

start_campaign() {
  local id=$1
  printf '{"status":"running"}' > "$TMP/status.json"
  api PUT "/campaigns/$id/status" "$TMP/status.json" > /dev/null || die "could not start campaign $id"
  log "campaign $id started"
}

wait_finished() {
  local id=$1 status i
  for i in $(seq 1 60); do
    status="$(api GET "/campaigns/$id" | jq -r '.data.status')"
    case "$status" in
      finished) log "campaign $id finished"; return 0 ;;
      cancelled|paused) die "campaign $id ended as $status" ;;
    esac
    sleep 5
  done
  log "campaign $id still $status after 5 minutes; check the listmonk UI"
}

check_template() {
  # listmonk templates use Go template syntax; catch the usual copy/paste mistakes early.
  local problems=0
  if ! grep -q '{{ *UnsubscribeURL *}}' "$TEMPLATE"; then
    log "template has no {{ UnsubscribeURL }} link"
    problems=$((problems + 1))
  fi
  if grep -nE '\{\{[^}]*$' "$TEMPLATE" | head -n 3 | grep -q .; then
    log "template has an unterminated {{ ... }} expression"
    problems=$((problems + 1))
  fi
  if grep -qiE 'lorem ipsum|TODO|FIXME' "$TEMPLATE"; then
    log "template still contains placeholder text"
    problems=$((problems + 1))
  fi
  (( problems == 0 )) || die "$problems template problem(s)"
}

check_template
check_test_list
render_body
ID="$(create_campaign)"
log "created draft campaign #$ID"
save_preview "$ID"
if (( LIVE )); then
  # re-check right before sending: somebody might have changed the config in between
  check_test_list
  if confirm "$ID"; then
    start_campaign "$ID"
    wait_finished "$ID"
  else
    log "not started; the draft stays in listmonk"
  fi
else
  log "draft only (use --live to send to the test list)"
fi
