#!/usr/bin/env bash
# umami-dev: manage the local Umami analytics stack used by the frontend
# team to test tracking.
#
#   scripts/umami-dev.sh up         # postgres + umami containers, migrations
#   scripts/umami-dev.sh seed       # create test websites and a few fake events
#   scripts/umami-dev.sh reset      # wipe the *dev* database volume (asks first)
#   scripts/umami-dev.sh psql       # interactive shell in the dev database
#   scripts/umami-dev.sh logs [n]
#
# Everything lives in compose project "umami-dev" (analytics/umami.compose.yml).
# Umami listens on 127.0.0.1:3300 only.  Seeding uses Umami's own API with
# the admin account of the dev stack; fake events are sent to the local
# /api/send endpoint with a test user agent so they are easy to filter.
set -Eeuo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
compose=(docker compose -p umami-dev -f "$repo/analytics/umami.compose.yml")
base_url="http://127.0.0.1:3300"
seed_file="$repo/analytics/seed-websites.json"
cookie_jar=""

say() { printf '\033[1m[umami-dev]\033[0m %s\n' "$*"; }
die() { printf '\033[31m[umami-dev]\033[0m %s\n' "$*" >&2; exit 1; }

cleanup() { [[ -n $cookie_jar ]] && rm -f -- "$cookie_jar"; }
trap cleanup EXIT

env_value() {
  local key=$1 default=${2:-}
  local v
  v=$(grep -E "^${key}=" "$repo/.env" 2>/dev/null | tail -n 1 | cut -d= -f2- | tr -d '"')
  printf '%s' "${v:-$default}"
}

wait_ready() {
  local i
  for i in $(seq 1 90); do
    if curl -fsS "$base_url/api/heartbeat" >/dev/null 2>&1; then
      say "umami answers after ${i}s"
      return 0
    fi
    sleep 1
  done
  die "umami did not become ready on $base_url"
}

cmd_up() {
  command -v docker >/dev/null || die "docker required"
  "${compose[@]}" up -d --wait umami-db
  "${compose[@]}" up -d umami
  wait_ready
  # umami runs its prisma migrations on start; show the state for the record
  "${compose[@]}" exec -T umami npx --no-install prisma migrate status 2>/dev/null | tail -n 3 || true
}

login() {
  local user pass body
  user=$(env_value UMAMI_DEV_ADMIN admin)
  pass=$(env_value UMAMI_DEV_PASSWORD umami)
  body=$(jq -nc --arg u "$user" --arg p "$pass" '{username: $u, password: $p}')
  TOKEN=$(curl -fsS -X POST "$base_url/api/auth/login" -H 'Content-Type: application/json' \
    --data "$body" | jq -r '.token')
  [[ -n $TOKEN && $TOKEN != null ]] || die "login failed for $user"
}

api() {
  local method=$1 path=$2 data=${3:-}
  if [[ -n $data ]]; then
    curl -fsS -X "$method" "$base_url$path" -H "Authorization: Bearer $TOKEN" \
      -H 'Content-Type: application/json' --data "$data"
  else
    curl -fsS -X "$method" "$base_url$path" -H "Authorization: Bearer $TOKEN"
  fi
}

send_event() {
  local website=$1 url=$2 name=${3:-}
  local payload
  payload=$(jq -nc --arg w "$website" --arg u "$url" --arg n "$name" \
    '{type: "event", payload: ({website: $w, url: $u, hostname: "shop.localhost", language: "de-DE", screen: "1920x1080"} + (if $n == "" then {} else {name: $n} end))}')
  curl -fsS -X POST "$base_url/api/send" -H 'Content-Type: application/json' \
    -A 'Mozilla/5.0 (X11; Linux x86_64) umami-dev-seed' --data "$payload" >/dev/null
}

cmd_seed() {
  [[ -f $seed_file ]] || die "missing ${seed_file#"$repo"/}"
  wait_ready
  login
  local existing name domain id
  existing=$(api GET "/api/websites?pageSize=200" | jq -r '.data[].domain')
  while IFS=$'\t' read -r name domain; do
    if grep -qx -- "$domain" <<< "$existing"; then
      say "website $domain exists"
      continue
    fi
    id=$(api POST /api/websites "$(jq -nc --arg n "$name" --arg d "$domain" '{name: $n, domain: $d}')" | jq -r '.id')
    say "created $domain ($id)"
  done < <(jq -r '.[] | [.name, .domain] | @tsv' "$seed_file")

  # a handful of page views and events per website for the dashboard tests
  api GET "/api/websites?pageSize=200" | jq -r '.data[] | [.id, .domain] | @tsv' | while IFS=$'\t' read -r id domain; do
    for path in / /pricing /docs /docs/install /blog/hello; do
      send_event "$id" "$path"
    done
    send_event "$id" /pricing signup-click
    send_event "$id" /docs/install copy-command
    say "seeded events for $domain"
  done
}

cmd_reset() {
  local vols
  vols=$(docker volume ls -q --filter label=com.docker.compose.project=umami-dev)
  [[ -n $vols ]] || { say "no umami-dev volumes"; return 0; }
  say "this removes the dev analytics database volume(s):"
  printf '    %s\n' $vols
  if [[ ${1:-} != --yes ]]; then
    read -r -p "continue? [y/N] " ok
    [[ $ok == [yY] ]] || { say "aborted"; return 1; }
  fi
  "${compose[@]}" down --volumes --remove-orphans
  say "reset done; run '$0 up' again"
}

cmd_psql() {
  "${compose[@]}" exec umami-db psql -U "$(env_value UMAMI_DEV_DB_USER umami)" -d umami
}

cmd_logs() {
  "${compose[@]}" logs --tail="${1:-100}" umami
}

cmd_stats() {
  wait_ready
  login
  local start end
  end=$(( $(date +%s) * 1000 ))
  start=$(( end - 7 * 86400 * 1000 ))
  api GET "/api/websites?pageSize=200" | jq -r '.data[] | [.id, .domain] | @tsv' | while IFS=$'\t' read -r id domain; do
    api GET "/api/websites/$id/stats?startAt=$start&endAt=$end" \
      | jq -r --arg d "$domain" '"\($d): \(.pageviews.value) pageviews, \(.visitors.value) visitors"'
  done
}

cmd_tracker_test() {
  # render the tracker snippet for the local test page and check that the
  # script endpoint answers; used by the Playwright tracking tests
  wait_ready
  login
  local page="$repo/frontend/public/tracking-test.html"
  local first_id
  first_id=$(api GET "/api/websites?pageSize=1" | jq -r '.data[0].id // empty')
  [[ -n $first_id ]] || die "no website yet; run '$0 seed' first"
  curl -fsS -o /dev/null "$base_url/script.js" || die "tracker script not served"
  mkdir -p -- "$(dirname "$page")"
  cat > "$page.tmp" <<HTML
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>tracking test</title>
  <script defer src="$base_url/script.js" data-website-id="$first_id"></script>
</head>
<body>
  <h1>tracking test page</h1>
  <button data-umami-event="signup-click">Sign up</button>
</body>
</html>
HTML
  mv -f -- "$page.tmp" "$page"
  say "test page ${page#"$repo"/} uses website $first_id"
}

case ${1:-} in
  tracker-test) cmd_tracker_test ;;
  up) cmd_up ;;
  seed) cmd_seed ;;
  reset) shift; cmd_reset "${1:-}" ;;
  psql) cmd_psql ;;
  logs) shift; cmd_logs "${1:-100}" ;;
  stats) cmd_stats ;;
  *) sed -n '2,15p' "$0"; exit 1 ;;
esac
