#!/usr/bin/env bash
# Start the local Keycloak from docker-compose.dev.yml and import our realms into it.
#
#   tools/keycloak_dev.sh up        # start, wait, import config/keycloak/realms/*.json
#   tools/keycloak_dev.sh import    # re-import into an already running dev server
#   tools/keycloak_dev.sh export    # export the dev realm back into config/ (secrets masked)
#   tools/keycloak_dev.sh down      # stop the container (volumes kept)
#   tools/keycloak_dev.sh reset     # stop and delete the dev volume (asks first)
#
# kcadm.sh runs inside the container against http://localhost:8080 only; the script
# refuses any other server so it can never touch the shared or production Keycloak.
# Admin credentials for the dev container come from .env (KEYCLOAK_ADMIN/_PASSWORD).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
COMPOSE=(docker compose -f "$ROOT/docker-compose.dev.yml")
SERVICE="keycloak"
SERVER="http://localhost:8080"
REALMS_DIR="$ROOT/config/keycloak/realms"
EXPORT_DIR="$ROOT/build/keycloak-export"
KCADM="/opt/keycloak/bin/kcadm.sh"
KC_CONFIG="/tmp/kcadm.config"
WAIT_SECONDS="${KEYCLOAK_WAIT:-120}"

log() { printf '\033[36m[kc-dev]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[31m[kc-dev]\033[0m %s\n' "$*" >&2; exit 1; }

read_env() {
  local key=$1 line
  if [[ -n "${!key:-}" ]]; then
    printf '%s' "${!key}"
    return
  fi
  line="$(grep -E "^${key}=" "$ROOT/.env" 2>/dev/null | tail -n1 || true)"
  line="${line#*=}"
  line="${line%\"}"; line="${line#\"}"
  printf '%s' "$line"
}

ADMIN_USER="$(read_env KEYCLOAK_ADMIN)"
ADMIN_PASS="$(read_env KEYCLOAK_ADMIN_PASSWORD)"

guard_server() {
  case "$SERVER" in
    http://localhost:*|http://127.0.0.1:*) ;;
    *) die "refusing to use $SERVER; this script only manages the local dev Keycloak" ;;
  esac
}

kc() {
  # kcadm inside the container, always against the local dev server
  "${COMPOSE[@]}" exec -T "$SERVICE" "$KCADM" "$@" --config "$KC_CONFIG"
}

wait_ready() {
  log "waiting for Keycloak on $SERVER (up to ${WAIT_SECONDS}s)"
  local start=$SECONDS
  until curl -fs "$SERVER/realms/master/.well-known/openid-configuration" >/dev/null 2>&1; do
    if (( SECONDS - start > WAIT_SECONDS )); then
      "${COMPOSE[@]}" logs --tail=40 "$SERVICE" >&2 || true
      die "Keycloak did not become ready"
    fi
    sleep 3
  done
  log "ready after $(( SECONDS - start ))s"
}

login() {
  [[ -n "$ADMIN_USER" && -n "$ADMIN_PASS" ]] || die "KEYCLOAK_ADMIN / KEYCLOAK_ADMIN_PASSWORD missing in .env"
  guard_server
  "${COMPOSE[@]}" exec -T "$SERVICE" "$KCADM" config credentials --config "$KC_CONFIG" \
    --server "http://localhost:8080" --realm master --user "$ADMIN_USER" --password "$ADMIN_PASS" \
    >/dev/null
  log "logged in to the dev server as $ADMIN_USER"
}

realm_exists() {
  kc get "realms/$1" --fields realm >/dev/null 2>&1
}

import_realms() {
  shopt -s nullglob
  local files=("$REALMS_DIR"/*.json)
  (( ${#files[@]} )) || die "no realm files in ${REALMS_DIR#$ROOT/}"
  local f realm
  for f in "${files[@]}"; do
    realm="$(jq -r '.realm' "$f")"
    [[ -n "$realm" && "$realm" != null ]] || die "$(basename "$f") has no .realm"
    [[ "$realm" != master ]] || die "refusing to import over the master realm"
    "${COMPOSE[@]}" cp "$f" "$SERVICE:/tmp/$(basename "$f")"
    if realm_exists "$realm"; then
      log "realm $realm exists; applying partial import (overwrite)"
      kc create "realms/$realm/partialImport" -s ifResourceExists=OVERWRITE \
        -f "/tmp/$(basename "$f")" >/dev/null
    else
      log "creating realm $realm"
      kc create realms -f "/tmp/$(basename "$f")"
    fi
  done
  seed_users
}

seed_users() {
  # Test users for the dev realm; passwords are the documented dev defaults.
  local seed="$ROOT/config/keycloak/dev-users.tsv" user email role
  [[ -f "$seed" ]] || return 0
  while IFS=$'\t' read -r user email role; do
    [[ -z "$user" || "$user" == \#* ]] && continue
    if kc get users -r dev -q "username=$user" --fields id | grep -q '"id"'; then
      continue
    fi
    kc create users -r dev -s "username=$user" -s "email=$email" -s enabled=true -s emailVerified=true
    kc set-password -r dev --username "$user" --new-password "dev-$user"
    [[ -n "$role" ]] && kc add-roles -r dev --uusername "$user" --rolename "$role"
    log "created dev user $user ($role)"
  done < "$seed"
}

export_realm() {
  local realm="${1:-dev}"
  mkdir -p "$EXPORT_DIR"
  kc create "realms/$realm/partial-export" -s exportClients=true -s exportGroupsAndRoles=true \
    -o > "$EXPORT_DIR/$realm.raw.json"
  # mask client secrets before the file goes anywhere near git
  jq '(.clients[]? | select(.secret) | .secret) = "**********"
      | del(.id) | del(.clients[]?.id)' "$EXPORT_DIR/$realm.raw.json" > "$EXPORT_DIR/$realm.json"
  rm -f "$EXPORT_DIR/$realm.raw.json"
  if ! diff -q "$EXPORT_DIR/$realm.json" "$REALMS_DIR/$realm.json" >/dev/null 2>&1; then
    cp "$EXPORT_DIR/$realm.json" "$REALMS_DIR/$realm.json"
    log "updated config/keycloak/realms/$realm.json; review with git diff"
  else
    log "realm $realm unchanged"
  fi
}

up() {
  "${COMPOSE[@]}" up -d "$SERVICE"
  wait_ready
  login
  import_realms
  log "admin console: $SERVER/admin/ (user $ADMIN_USER)"
}

reset() {
  local answer
  read -r -p "Delete the local dev Keycloak volume (dev data only)? [y/N] " answer
  [[ "$answer" == [yY] ]] || { log "aborted"; return; }
  "${COMPOSE[@]}" down -v --remove-orphans
  log "dev volume removed; run '$0 up' to start fresh"
}

list_clients() {
  # Quick overview of the dev realm's clients and redirect URIs (secrets never printed).
  local realm="${1:-dev}"
  kc get clients -r "$realm" --fields clientId,publicClient,redirectUris \
    | jq -r '.[] | [.clientId, (if .publicClient then "public" else "confidential" end),
                    ((.redirectUris // []) | join(" "))] | @tsv' \
    | column -t -s $'\t'
}

logs() {
  "${COMPOSE[@]}" logs --tail="${1:-100}" "$SERVICE"
}

status() {
  "${COMPOSE[@]}" ps "$SERVICE"
  if curl -fs "$SERVER/health/ready" >/dev/null 2>&1; then
    log "health: ready"
  else
    log "health: not ready"
  fi
}

cmd="${1:-up}"
command -v docker >/dev/null || die "docker is required"
command -v jq >/dev/null || die "jq is required"
case "$cmd" in
  up) up ;;
  import) wait_ready; login; import_realms ;;
  export) wait_ready; login; export_realm "${2:-dev}" ;;
  down) "${COMPOSE[@]}" stop "$SERVICE" ;;
  reset) reset ;;
  status) status ;;
  clients) wait_ready; login; list_clients "${2:-dev}" ;;
  logs) logs "${2:-100}" ;;
  *) die "unknown command $cmd (up|import|export|down|reset|status|clients|logs)" ;;
esac
