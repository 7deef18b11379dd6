#!/usr/bin/env bash
# ak_dev.sh - helper for the local Authentik stack (docker-compose.authentik.yml)
#
#   scripts/ak_dev.sh up                start postgres, redis, server, worker; wait for health
#   scripts/ak_dev.sh blueprints        apply blueprints/*.yaml inside the worker container
#   scripts/ak_dev.sh token             create (or print) the API token of the dev admin
#   scripts/ak_dev.sh test-login USER   run the password flow for a seeded test user
#   scripts/ak_dev.sh logs [service]    tail logs
#   scripts/ak_dev.sh down              stop the stack (volumes kept)
#   scripts/ak_dev.sh wipe              stop and delete the dev volumes (asks first)
#
# The stack binds to 127.0.0.1:9000/9443 only (see the compose file). The dev secret key
# and the bootstrap password live in .env.authentik, which is git-ignored and generated
# on first `up` with openssl rand; they never leave this machine.
set -Eeuo pipefail

cd "$(dirname "$0")/.."
readonly PROJECT_DIR=$PWD
readonly COMPOSE_FILE=docker-compose.authentik.yml
readonly ENV_FILE=.env.authentik
readonly BASE_URL=http://127.0.0.1:9000
readonly DC=(docker compose -f "$COMPOSE_FILE" --env-file "$ENV_FILE" -p akdev)

blue() { printf '\033[36m%s\033[0m\n' "$*"; }
err()  { printf '\033[31m%s\033[0m\n' "$*" >&2; }
die()  { err "$*"; exit 1; }

require() {
  local t
  for t in docker curl jq openssl; do
    command -v "$t" >/dev/null || die "missing $t"
  done
  docker compose version >/dev/null 2>&1 || die "docker compose v2 required"
}

generate_env() {
  [[ -f $ENV_FILE ]] && return 0
  blue "generating $ENV_FILE (dev-only secrets)"
  umask 077
  {
    printf 'PG_PASS=%s\n' "$(openssl rand -hex 16)"
    printf 'AUTHENTIK_SECRET_KEY=%s\n' "$(openssl rand -base64 48 | tr -d '\n')"
    printf 'AUTHENTIK_BOOTSTRAP_PASSWORD=%s\n' "$(openssl rand -base64 18 | tr -d '\n/+=')"
    printf 'AUTHENTIK_BOOTSTRAP_EMAIL=akadmin@example.com\n'
    printf 'AUTHENTIK_ERROR_REPORTING__ENABLED=false\n'
    printf 'AUTHENTIK_DISABLE_UPDATE_CHECK=true\n'
  } > "$ENV_FILE"
  chmod 600 "$ENV_FILE"
}

env_value() {
  grep -E "^$1=" "$ENV_FILE" | head -n1 | cut -d= -f2-
}

check_bindings() {
  # make sure nobody changed the compose file to publish on all interfaces
  if grep -nE '^\s*-\s*"?(0\.0\.0\.0:)?[0-9]+:[0-9]+' "$COMPOSE_FILE" | grep -v '127.0.0.1' >/dev/null; then
    die "$COMPOSE_FILE publishes ports without 127.0.0.1; fix that before starting"
  fi
}

wait_healthy() {
  local i
  for i in $(seq 1 90); do
    if curl -fs "$BASE_URL/-/health/ready/" >/dev/null 2>&1; then
      blue "authentik ready after $((i * 2))s"
      return 0
    fi
    sleep 2
  done
  "${DC[@]}" logs --tail=40 server >&2 || true
  die "authentik did not become ready"
}

up() {
  generate_env
  check_bindings
  "${DC[@]}" up -d postgresql redis server worker
  wait_healthy
  blue "admin UI: $BASE_URL/if/admin/  (user akadmin, password in $ENV_FILE)"
}

blueprints() {
  local f name
  shopt -s nullglob
  local files=(blueprints/*.yaml)
  (( ${#files[@]} )) || die "no blueprints/*.yaml"
  for f in "${files[@]}"; do
    name=$(basename "$f")
    "${DC[@]}" cp "$f" "worker:/blueprints/custom/$name"
    if "${DC[@]}" exec -T worker ak apply_blueprint "/blueprints/custom/$name" > ".ak-$name.log" 2>&1; then
      blue "applied $name"
      rm -f -- ".ak-$name.log"
    else
      err "failed: $name (see .ak-$name.log)"
    fi
  done
}

token() {
  # the dev token lives in the dev database only; print it for local API tests
  local ident=dev-admin-api
  "${DC[@]}" exec -T worker ak shell -c "
from authentik.core.models import Token, TokenIntents, User
user = User.objects.get(username='akadmin')
tok, _ = Token.objects.get_or_create(identifier='$ident', defaults={'user': user, 'intent': TokenIntents.INTENT_API, 'expiring': False})
print(tok.key)
" | tail -n1
}

test_login() {
  local user=$1 pass flow
  pass=$(jq -r --arg u "$user" '.[] | select(.username == $u) | .password' fixtures/test-users.json)
  [[ -n $pass && $pass != null ]] || die "no test user $user in fixtures/test-users.json"
  flow=default-authentication-flow
  local jar
  jar=$(mktemp)
  trap 'rm -f "$jar"' RETURN
  curl -fs -c "$jar" -b "$jar" "$BASE_URL/api/v3/flows/executor/$flow/?query=" >/dev/null
  curl -fs -c "$jar" -b "$jar" -H 'Content-Type: application/json' \
    -d "$(jq -n --arg u "$user" '{component: "ak-stage-identification", uid_field: $u}')" \
    "$BASE_URL/api/v3/flows/executor/$flow/?query=" >/dev/null
  local result
  result=$(curl -fs -c "$jar" -b "$jar" -H 'Content-Type: application/json' \
    -d "$(jq -n --arg p "$pass" '{component: "ak-stage-password", password: $p}')" \
    "$BASE_URL/api/v3/flows/executor/$flow/?query=")
  if jq -e '.component == "xak-flow-redirect"' >/dev/null <<<"$result"; then
    blue "login for $user succeeded"
  else
    die "login for $user failed: $(jq -c '.response_errors // .' <<<"$result")"
  fi
}

wipe() {
  read -r -p "Delete the akdev docker volumes (local dev data only)? [y/N] " a
  [[ $a == [yY] ]] || { blue "aborted"; return 0; }
  "${DC[@]}" down -v --remove-orphans
  blue "dev volumes removed"
}

status() {
  "${DC[@]}" ps
  if curl -fs "$BASE_URL/-/health/live/" >/dev/null 2>&1; then
    blue "live"
  else
    err "not reachable on $BASE_URL"
  fi
  local ver
  ver=$(curl -fs "$BASE_URL/api/v3/root/config/" 2>/dev/null | jq -r '.capabilities | length' || echo '?')
  blue "capabilities reported: $ver"
}

seed_users() {
  # create the fixture users (test passwords from fixtures/test-users.json) in the dev instance
  local api_token count
  api_token=$(token)
  count=$(jq length fixtures/test-users.json)
  jq -c '.[]' fixtures/test-users.json | while read -r u; do
    local username
    username=$(jq -r .username <<<"$u")
    if curl -fs -H "Authorization: Bearer $api_token" "$BASE_URL/api/v3/core/users/?username=$username" \
         | jq -e '.results | length > 0' >/dev/null; then
      continue
    fi
    local pk
    pk=$(curl -fs -X POST -H "Authorization: Bearer $api_token" -H 'Content-Type: application/json' \
      -d "$(jq '{username, name, email, is_active: true, path: "users/dev"}' <<<"$u")" \
      "$BASE_URL/api/v3/core/users/" | jq -r .pk)
    curl -fs -X POST -H "Authorization: Bearer $api_token" -H 'Content-Type: application/json' \
      -d "$(jq '{password}' <<<"$u")" "$BASE_URL/api/v3/core/users/$pk/set_password/" >/dev/null
    blue "seeded $username"
  done
  blue "$count fixture user(s) checked"
}

require
case ${1:-status} in
  seed) seed_users ;;
  up) up ;;
  blueprints) blueprints ;;
  token) token ;;
  test-login) test_login "${2:?user required}" ;;
  logs) "${DC[@]}" logs -f --tail=100 "${2:-server}" ;;
  down) "${DC[@]}" stop ;;
  wipe) wipe ;;
  status) status ;;
  *) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac
