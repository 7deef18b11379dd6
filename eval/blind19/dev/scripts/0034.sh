#!/usr/bin/env bash
# scripts/with-vault.sh - run a command with dev secrets read from Vault.
#
#   scripts/with-vault.sh -- go run ./cmd/api
#   scripts/with-vault.sh --check          list which keys resolve (no values)
#   scripts/with-vault.sh --login          oidc login first
#
# Secrets are listed in config/secrets.dev (NAME=path#field). Values are
# exported into THIS process only and inherited by the command; nothing is
# written to disk. VAULT_ADDR defaults to the team's Vault on the internal
# network.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel 2>/dev/null || pwd)"
SPEC="$ROOT/config/secrets.dev"
export VAULT_ADDR="${VAULT_ADDR:-https://vault.internal:8200}"
VAULT_ROLE="${VAULT_ROLE:-dev}"
CACHE_DIR="$ROOT/.cache/with-vault"
TOKEN_TTL_MIN=15

check_only=0
do_login=0
declare -a cmd=()
declare -a resolved=()

die() { echo "with-vault: $*" >&2; exit 1; }
warn() { echo "with-vault: $*" >&2; }

usage() {
  sed -n '2,11p' "$0" | sed 's/^# //; s/^#$//'
}

parse_args() {
  while (($#)); do
    case "$1" in
      --check) check_only=1 ;;
      --login) do_login=1 ;;
      -h|--help) usage; exit 0 ;;
      --) shift; cmd=("$@"); break ;;
      *) die "unknown option $1 (put the command after --)" ;;
    esac
    shift
  done
  if (( ! check_only )) && (( ${#cmd[@]} == 0 )); then
    die "no command given"
  fi
}

require_tools() {
  command -v vault >/dev/null || die "vault CLI not installed"
  command -v jq >/dev/null || die "jq not installed"
}

token_ok() {
  local ttl
  ttl="$(vault token lookup -format=json 2>/dev/null | jq -r '.data.ttl // 0')" || return 1
  (( ttl > TOKEN_TTL_MIN * 60 ))
}

login() {
  echo "logging in to $VAULT_ADDR (oidc, role $VAULT_ROLE)"
  vault login -method=oidc -no-print role="$VAULT_ROLE" >/dev/null
}

valid_name() {
  [[ "$1" =~ ^[A-Z_][A-Z0-9_]*$ ]]
}

read_spec() {
  [[ -f "$SPEC" ]] || die "missing ${SPEC#$ROOT/}"
  local line
  while IFS= read -r line || [[ -n "$line" ]]; do
    line="${line%%#\ *}"
    [[ -z "${line// }" || "$line" == \#* ]] && continue
    printf '%s\n' "$line"
  done < "$SPEC"
}

fetch_secret() {
  local path="$1" field="$2" json
  json="$(vault kv get -format=json "$path" 2>/dev/null)" || return 1
  jq -er --arg f "$field" '.data.data[$f] // empty' <<<"$json"
}

resolve_all() {
  local entry name ref path field value failures=0
  while IFS= read -r entry; do
    name="${entry%%=*}"
    ref="${entry#*=}"
    path="${ref%%#*}"
    field="${ref#*#}"
    if ! valid_name "$name"; then
      warn "skipping bad name '$name'"
      failures=$((failures + 1))
      continue
    fi
    if [[ "$path" == "$ref" ]]; then
      warn "$name: reference '$ref' has no #field"
      failures=$((failures + 1))
      continue
    fi
    if value="$(fetch_secret "$path" "$field")"; then
      if (( check_only )); then
        printf '  %-28s ok (%d chars)\n' "$name" "${#value}"
      else
        export "$name=$value"
      fi
      resolved+=("$name")
    else
      printf '  %-28s MISSING (%s)\n' "$name" "$ref" >&2
      failures=$((failures + 1))
    fi
  done < <(read_spec)
  return "$failures"
}

note_run() {
  mkdir -p "$CACHE_DIR"
  # names only, for "which secrets did that run have" questions
  printf '%s\t%s\t%s\n' "$(date -Is)" "${cmd[0]}" "${resolved[*]}" >> "$CACHE_DIR/runs.log"
  tail -n 200 "$CACHE_DIR/runs.log" > "$CACHE_DIR/runs.log.tmp" && mv "$CACHE_DIR/runs.log.tmp" "$CACHE_DIR/runs.log"
}

scrub_parent_env() {
  # the child gets the app secrets, not our Vault session
  unset VAULT_TOKEN
  export -n VAULT_TOKEN 2>/dev/null || true
}

run_command() {
  note_run
  scrub_parent_env
  echo "with-vault: ${#resolved[@]} secret(s) loaded, running: ${cmd[*]}" >&2
  exec "${cmd[@]}"
}

print_env_names() {
  # for `--check`: the names the command would get, and which already exist
  local entry name
  echo "names in ${SPEC#$ROOT/}:"
  while IFS= read -r entry; do
    name="${entry%%=*}"
    if [[ -n "${!name:-}" ]]; then
      printf '  %-28s (already set in this shell; will be overridden)\n' "$name"
    else
      printf '  %s\n' "$name"
    fi
  done < <(read_spec)
}

renew_if_short() {
  local ttl
  ttl="$(vault token lookup -format=json 2>/dev/null | jq -r '.data.ttl // 0')" || return 0
  if (( ttl > 0 && ttl < 3600 )) && vault token lookup -format=json | jq -e '.data.renewable' >/dev/null; then
    vault token renew -increment=8h >/dev/null && echo "renewed Vault token" >&2
  fi
}

check_addr() {
  case "$VAULT_ADDR" in
    https://vault.internal:*|https://vault.internal|http://127.0.0.1:8200) ;;
    *) warn "VAULT_ADDR is $VAULT_ADDR (not the team Vault); continuing" ;;
  esac
}

main() {
  parse_args "$@"
  require_tools
  check_addr
  if (( do_login )) || ! token_ok; then
    login
  fi
  renew_if_short
  (( check_only )) && print_env_names
  local failures=0
  resolve_all || failures=$?
  if (( check_only )); then
    echo "${#resolved[@]} resolved, $failures problem(s)"
    exit $(( failures > 0 ))
  fi
  (( failures == 0 )) || die "$failures secret(s) could not be resolved; see above"
  run_command
}

main "$@"
