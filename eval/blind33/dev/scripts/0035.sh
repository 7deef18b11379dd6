#!/usr/bin/env bash
# Validate the project's Caddy configuration before it is deployed.
#
#   deploy/caddy/validate.sh                 # adapt + validate every Caddyfile
#   deploy/caddy/validate.sh --load-local    # additionally load into the *local*
#                                            # caddy on localhost:2019 and smoke-test
#
# Checks:
#   * `caddy fmt --diff` shows no formatting drift
#   * `caddy adapt` succeeds and the JSON has no unexpected upstreams
#     (every reverse_proxy upstream must be a compose service, localhost or *.internal)
#   * `caddy validate` succeeds
#   * with --load-local: POST the adapted JSON to the admin API on localhost:2019,
#     curl each site through it, then restore the previous config.
set -Eeuo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT="$ROOT/build/caddy"
ADMIN="http://localhost:2019"
LOAD_LOCAL=0
ALLOWED_UPSTREAM_RE='^(localhost|127\.0\.0\.1|[a-z0-9-]+|[a-z0-9.-]+\.internal):[0-9]+$'
BACKUP=""
FAILED=0

log()  { printf '[caddy-validate] %s\n' "$*"; }
fail() { printf '[caddy-validate] FAIL: %s\n' "$*" >&2; FAILED=$((FAILED + 1)); }
die()  { printf '[caddy-validate] fatal: %s\n' "$*" >&2; exit 2; }

restore() {
  if [[ -n "$BACKUP" && -s "$BACKUP" ]]; then
    log "restoring previous local config"
    curl -fsS -X POST "$ADMIN/load" -H 'Content-Type: application/json' --data-binary "@$BACKUP" >/dev/null \
      || printf 'could not restore %s; previous config kept at %s\n' "$ADMIN" "$BACKUP" >&2
  fi
}
trap restore EXIT

[[ ${1:-} == --load-local ]] && LOAD_LOCAL=1
command -v caddy >/dev/null || die "caddy not installed"
command -v jq >/dev/null || die "jq not installed"
mkdir -p "$OUT"

mapfile -t CADDYFILES < <(find "$HERE" -maxdepth 2 -name 'Caddyfile*' -type f | sort)
[[ ${#CADDYFILES[@]} -gt 0 ]] || die "no Caddyfile found under ${HERE#"$ROOT"/}"

check_fmt() {
  local f=$1 diff
  diff=$(caddy fmt --diff "$f" 2>&1 || true)
  if grep -q '^[-+]' <<< "$diff"; then
    fail "${f#"$ROOT"/} is not formatted (run: caddy fmt --overwrite ${f#"$ROOT"/})"
    printf '%s\n' "$diff" | head -n 20 >&2
  fi
}

adapt() {
  local f=$1 json=$2
  if ! caddy adapt --config "$f" --adapter caddyfile --pretty > "$json" 2> "$json.err"; then
    fail "caddy adapt failed for ${f#"$ROOT"/}"
    sed 's/^/    /' "$json.err" >&2
    return 1
  fi
  if [[ -s "$json.err" ]]; then
    log "warnings for ${f#"$ROOT"/}:"
    sed 's/^/    /' "$json.err"
  fi
}

check_upstreams() {
  local json=$1 up
  while read -r up; do
    [[ -z "$up" ]] && continue
    if [[ ! "$up" =~ $ALLOWED_UPSTREAM_RE ]]; then
      fail "unexpected upstream '$up' in $(basename "$json")"
    fi
  done < <(jq -r '.. | objects | select(.handler? == "reverse_proxy") | .upstreams[]?.dial' "$json")
}

check_admin_binding() {
  local json=$1 listen
  listen=$(jq -r '.admin.listen // "localhost:2019"' "$json")
  case "$listen" in
    localhost:*|127.0.0.1:*|unix/*) ;;
    *) fail "admin endpoint listens on '$listen'; keep it on localhost" ;;
  esac
}

validate() {
  local f=$1
  if ! caddy validate --config "$f" --adapter caddyfile > /dev/null 2> "$OUT/validate.err"; then
    fail "caddy validate failed for ${f#"$ROOT"/}"
    tail -n 10 "$OUT/validate.err" >&2
  fi
}

smoke_local() {
  local json=$1 host code
  curl -fsS "$ADMIN/config/" -o "$OUT/previous.json" || die "no local caddy admin API at $ADMIN"
  BACKUP="$OUT/previous.json"
  log "loading $(basename "$json") into local caddy"
  curl -fsS -X POST "$ADMIN/load" -H 'Content-Type: application/json' --data-binary "@$json" >/dev/null \
    || { fail "local caddy rejected $(basename "$json")"; return; }
  sleep 1
  while read -r host; do
    [[ -z "$host" || "$host" == "*"* ]] && continue
    code=$(curl -sk -o /dev/null -w '%{http_code}' --resolve "$host:443:127.0.0.1" "https://$host/healthz" || echo 000)
    if [[ "$code" =~ ^(200|204|301|302)$ ]]; then
      log "  $host -> $code"
    else
      fail "  $host -> $code"
    fi
  done < <(jq -r '.. | objects | select(has("host")) | .host[]?' "$json" | sort -u)
}

check_tls_policy() {
  # every site must use the internal ACME CA or explicit certs from deploy/certs;
  # "tls internal" is fine for dev, public ACME is only allowed in Caddyfile.prod
  local f=$1 json=$2
  local issuers
  issuers=$(jq -r '.. | objects | select(has("issuers")) | .issuers[]?.module' "$json" | sort -u)
  if [[ $(basename "$f") != Caddyfile.prod ]] && grep -qx acme <<< "$issuers"; then
    fail "${f#"$ROOT"/} requests public ACME certificates; use 'tls internal' outside prod"
  fi
  local cert
  while read -r cert; do
    [[ -z "$cert" ]] && continue
    case "$cert" in
      /etc/caddy/certs/*|deploy/certs/*) ;;
      *) fail "${f#"$ROOT"/} loads a certificate from unexpected path $cert" ;;
    esac
  done < <(jq -r '.. | objects | select(has("certificate")) | .certificate' "$json")
}

check_security_headers() {
  # sites that serve HTML must set the headers from deploy/caddy/snippets/headers
  local f=$1
  if grep -q 'file_server' "$f" && ! grep -q 'import headers' "$f"; then
    fail "${f#"$ROOT"/} serves files but does not 'import headers'"
  fi
  if grep -qE '^\s*admin\s+off' "$f"; then
    log "note: ${f#"$ROOT"/} disables the admin API (config reload needs restart)"
  fi
}

check_env_placeholders() {
  # {$VAR} placeholders must be documented in deploy/caddy/env.example
  local f=$1 var example="$HERE/env.example"
  [[ -f "$example" ]] || return 0
  while read -r var; do
    grep -q "^$var=" "$example" || fail "${f#"$ROOT"/} uses {\$$var} which is missing from env.example"
  done < <(grep -oE '\{\$[A-Z_][A-Z0-9_]*' "$f" | cut -c3- | sort -u)
}

for f in "${CADDYFILES[@]}"; do
  check_security_headers "$f"
  check_env_placeholders "$f"
done

for f in "${CADDYFILES[@]}"; do
  name=$(basename "$f")
  json="$OUT/$name.json"
  log "checking ${f#"$ROOT"/}"
  check_fmt "$f"
  adapt "$f" "$json" || continue
  check_upstreams "$json"
  check_admin_binding "$json"
  check_tls_policy "$f" "$json"
  validate "$f"
  if [[ $LOAD_LOCAL -eq 1 ]]; then
    smoke_local "$json"
  fi
done

if (( FAILED > 0 )); then
  printf '\n%d check(s) failed\n' "$FAILED" >&2
  printf 'adapted JSON and error output kept in %s for inspection\n' "${OUT#"$ROOT"/}" >&2
  exit 1
fi
sites=$(cat "$OUT"/*.json 2>/dev/null | jq -s '[.[] | .. | objects | select(has("host")) | .host[]?] | unique | length')
log "sites covered: ${sites:-0}"
log "all Caddy configs valid (${#CADDYFILES[@]} file(s)); adapted JSON in ${OUT#"$ROOT"/}"
