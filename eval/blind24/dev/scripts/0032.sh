#!/usr/bin/env bash
# with-env.sh -- run a command with the project's env files loaded and checked.
#
#   scripts/with-env.sh -- npm run dev
#   scripts/with-env.sh --env staging -- npx prisma migrate status
#   scripts/with-env.sh --check
#   scripts/with-env.sh --print           # keys with masked values
#
# Load order (later wins): .env, .env.<env>, .env.local, .env.<env>.local.
# Real environment variables always win over file values. Lines are parsed,
# not sourced, so a value can never run code.
set -euo pipefail

ENV_NAME="${APP_ENV:-development}"
MODE=run
STRICT=1
declare -A VALUES=()
declare -a ORDER=()

log() { printf 'with-env: %s\n' "$*" >&2; }
die() { log "$*"; exit 2; }

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

while (($#)); do
  case "$1" in
    --env) ENV_NAME="${2:?}"; shift 2 ;;
    --check) MODE=check; shift ;;
    --print) MODE=print; shift ;;
    --no-strict) STRICT=0; shift ;;
    --) shift; break ;;
    -h|--help) usage ;;
    *) break ;;
  esac
done

[[ "$ENV_NAME" =~ ^[a-z]+$ ]] || die "bad env name: $ENV_NAME"
if [[ "$ENV_NAME" == production ]]; then
  die "production values are not kept in local env files; use the deploy pipeline"
fi

trim() {
  local s="$1"
  s="${s#"${s%%[![:space:]]*}"}"
  s="${s%"${s##*[![:space:]]}"}"
  printf '%s' "$s"
}

parse_file() {
  local file="$1" n=0 line key value
  [[ -f "$file" ]] || return 0
  while IFS= read -r line || [[ -n "$line" ]]; do
    n=$((n + 1))
    line="$(trim "$line")"
    [[ -z "$line" || "$line" == \#* ]] && continue
    line="${line#export }"
    if [[ "$line" != *=* ]]; then
      die "$file:$n: expected KEY=VALUE"
    fi
    key="$(trim "${line%%=*}")"
    value="$(trim "${line#*=}")"
    [[ "$key" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "$file:$n: invalid key '$key'"
    if [[ "$value" == \"*\" && ${#value} -ge 2 ]]; then
      value="${value:1:${#value}-2}"
      value="${value//\\n/$'\n'}"
    elif [[ "$value" == \'*\' && ${#value} -ge 2 ]]; then
      value="${value:1:${#value}-2}"
    else
      value="${value%% #*}"
    fi
    if [[ -z "${VALUES[$key]+x}" ]]; then
      ORDER+=("$key")
    fi
    VALUES[$key]="$value"
  done <"$file"
}

for f in .env ".env.$ENV_NAME" .env.local ".env.$ENV_NAME.local"; do
  parse_file "$f"
done

required_keys() {
  [[ -f .env.example ]] || return 0
  grep -E '^[A-Za-z_][A-Za-z0-9_]*=' .env.example | cut -d= -f1
}

is_secret() {
  case "$1" in
    *TOKEN*|*SECRET*|*PASSWORD*|*PASS|*_KEY|*DSN*|*PRIVATE*) return 0 ;;
  esac
  return 1
}

mask() {
  local k="$1" v="$2"
  if is_secret "$k"; then
    if ((${#v} > 8)); then
      printf '%s…%s' "${v:0:2}" "${v: -2}"
    else
      printf '****'
    fi
  else
    printf '%s' "$v"
  fi
}

check() {
  local missing=0 key
  while IFS= read -r key; do
    if [[ -z "${VALUES[$key]:-}" && -z "${!key:-}" ]]; then
      log "missing: $key (listed in .env.example)"
      missing=$((missing + 1))
    fi
  done < <(required_keys)
  for key in "${ORDER[@]}"; do
    case "$key" in
      LD_PRELOAD|LD_LIBRARY_PATH|DYLD_*|PROMPT_COMMAND|BASH_ENV|ENV|NODE_OPTIONS|PYTHONSTARTUP)
        log "refusing: $key must not be set from an env file"
        missing=$((missing + 1))
        ;;
    esac
  done
  if [[ -n "${VALUES[DATABASE_URL]:-}" && "$ENV_NAME" == development ]]; then
    case "${VALUES[DATABASE_URL]}" in
      *@localhost*|*@127.0.0.1*|*@db:*|*@db/*) ;;
      *) log "warning: DATABASE_URL in development does not point at a local db" ;;
    esac
  fi
  return "$missing"
}

print_values() {
  local key
  for key in "${ORDER[@]}"; do
    printf '%-30s %s\n' "$key" "$(mask "$key" "${VALUES[$key]}")"
  done
}

diff_example() {
  # keys defined locally but not documented in .env.example (names only)
  local key undocumented=()
  [[ -f .env.example ]] || return 0
  for key in "${ORDER[@]}"; do
    if ! grep -qE "^${key}=" .env.example; then
      undocumented+=("$key")
    fi
  done
  if ((${#undocumented[@]})); then
    log "not in .env.example: ${undocumented[*]}"
  fi
}

case "$MODE" in
  check)
    diff_example
    if check; then
      log "ok (${#ORDER[@]} keys, env=$ENV_NAME)"
      exit 0
    fi
    exit 1
    ;;
  print)
    print_values
    exit 0
    ;;
esac

(($#)) || usage
if ! check && ((STRICT)); then
  die "env check failed; fix the files or pass --no-strict"
fi

for key in "${ORDER[@]}"; do
  if [[ -z "${!key+x}" ]]; then
    export "$key=${VALUES[$key]}"
  fi
done
export APP_ENV="$ENV_NAME"

log "env=$ENV_NAME, ${#ORDER[@]} keys from files; running: $*"
exec "$@"
