#!/usr/bin/env bash
# bin/with-sops - run a command with variables from an encrypted env file.
#
#   bin/with-sops dev -- ./manage.py runserver 127.0.0.1:8000
#   bin/with-sops test -- pytest -x tests/integration
#   bin/with-sops --keys dev         show variable names only
#
# Uses `sops exec-env`, which decrypts into the child's environment without
# writing plaintext to disk. Environments other than dev/test/e2e are refused;
# the age key comes from SOPS_AGE_KEY_FILE (the developer's own key file, read
# by sops itself - this script never opens it).
#
# File layout:
#   secrets/dev.env.enc      dotenv format, encrypted with sops (age recipients in .sops.yaml)
#   secrets/test.env.enc     used by CI and `make test-integration`
#   secrets/e2e.env.enc      only for the Playwright suite
#
# Adding a value:
#   sops secrets/dev.env.enc            (opens $EDITOR on the decrypted content)
#   git add secrets/dev.env.enc         (the file stays encrypted in git)
#
# Getting access: ask in #dev-env to be added as an age recipient; after that
# somebody runs `sops updatekeys secrets/*.env.enc` and pushes.
#
# Why exec-env and not `set -a; source <(sops -d ...)`: sourcing would put the
# secrets into this shell (and its history of subprocesses); exec-env scopes
# them to the one command that needs them.
set -euo pipefail

REPO="$(cd "$(dirname "$0")/.." && pwd)"
SECRETS_DIR="${REPO}/secrets"
ALLOWED=(dev test e2e)

# Exit codes:
#   2    usage error, missing sops/age key, refused environment, invalid file
#   127  the command after -- was not found (from the shell run by exec-env)
#   *    otherwise the exit code of the wrapped command
#
# Examples of wrapped commands that work well:
#   bin/with-sops dev -- docker compose up api
#   bin/with-sops test -- make test-integration
#   bin/with-sops e2e -- npx playwright test
#
# Anything that needs the values in a file (e.g. a service account JSON) should
# read them from the environment and write a temp file itself, with 0600 mode,
# inside the project's tmp/ directory.
#
# Rotating a value: edit with `sops secrets/dev.env.enc`, commit, and tell the
# team in #dev-env; everybody gets it on the next pull.
die() { echo "with-sops: $*" >&2; exit 2; }

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# Allowed environments are fixed in ALLOWED. Staging and production values
# are deployed by the pipeline from a different set of files that developers
# cannot decrypt; even so, the name check makes the intent explicit and gives
# a clear error instead of a sops "no key could decrypt" message.
#
# If you need a new local environment (e.g. "perf"), add it to ALLOWED, create
# secrets/perf.env.enc with `sops`, and list it in docs/secrets.md.
is_allowed() {
  local env="$1" a
  for a in "${ALLOWED[@]}"; do
    [[ "$a" == "$env" ]] && return 0
  done
  return 1
}

secrets_file() {
  local env="$1" f
  for f in "${SECRETS_DIR}/${env}.env.enc" "${SECRETS_DIR}/${env}.enc.env"; do
    [[ -f "$f" ]] && { printf '%s' "$f"; return 0; }
  done
  die "no encrypted env file for '${env}' in secrets/"
}

check_sops() {
  command -v sops >/dev/null 2>&1 || die "sops is not installed"
  local v
  v="$(sops --version 2>/dev/null | awk '{print $2}')"
  case "$v" in
    3.[0-7].*) die "sops ${v} is too old; need >= 3.8 for exec-env with dotenv files" ;;
  esac
  if [[ -z "${SOPS_AGE_KEY_FILE:-}" && ! -f "${HOME}/.config/sops/age/keys.txt" ]]; then
    die "no age key configured (SOPS_AGE_KEY_FILE); ask in #dev-env for access"
  fi
}

validate_names() {
  # names must be UPPER_SNAKE and must not shadow process-critical variables
  local file="$1" bad=0 name
  while IFS= read -r name; do
    [[ -z "$name" ]] && continue
    if [[ ! "$name" =~ ^[A-Z][A-Z0-9_]*$ ]]; then
      echo "with-sops: invalid name ${name}" >&2
      bad=1
    fi
    case "$name" in
      PATH|HOME|SHELL|LD_PRELOAD|LD_LIBRARY_PATH|BASH_ENV|ENV|PROMPT_COMMAND|PYTHONPATH)
        echo "with-sops: ${name} may not come from a secrets file" >&2
        bad=1
        ;;
    esac
  done < <(sops -d --output-type dotenv "$file" | cut -d= -f1)
  return "$bad"
}

check_local_services() {
  local file="$1" line host
  while IFS= read -r line; do
    case "$line" in
      DATABASE_URL=*|REDIS_URL=*|AMQP_URL=*)
        host="${line#*@}"
        host="${host%%[:/]*}"
        case "$host" in
          localhost|127.0.0.1|db|redis|rabbitmq) ;;
          *) die "${line%%=*} points at ${host}; only local services are allowed" ;;
        esac
        ;;
    esac
  done < <(sops -d --output-type dotenv "$file")
}

check_recipients() {
  # warn when the file is encrypted for fewer recipients than .sops.yaml lists
  local file="$1" want have
  [[ -f "${REPO}/.sops.yaml" ]] || return 0
  want="$(grep -oE 'age1[0-9a-z]{58}' "${REPO}/.sops.yaml" | sort -u | wc -l | tr -d ' ')"
  have="$(grep -oE 'age1[0-9a-z]{58}' "$file" | sort -u | wc -l | tr -d ' ')"
  if (( have < want )); then
    echo "with-sops: $(basename "$file") has ${have}/${want} recipients; run: sops updatekeys $(basename "$file")" >&2
  fi
}

last_modified() {
  local file="$1" stamp
  stamp="$(grep -oE 'sops_lastmodified=[^ ]+' "$file" | head -n1 | cut -d= -f2)"
  [[ -n "$stamp" ]] && echo "with-sops: $(basename "$file") last changed ${stamp}" >&2
  return 0
}

list_keys() {
  local file="$1"
  sops -d --output-type dotenv "$file" | cut -d= -f1 | sort
}

main() {
  (( $# )) || usage
  local list=0
  if [[ "$1" == "--keys" ]]; then
    list=1
    shift
  fi
  local env="${1:-}"
  [[ -n "$env" ]] || usage
  shift
  is_allowed "$env" || die "environment '${env}' is not available locally (allowed: ${ALLOWED[*]})"
  check_sops
  local file
  file="$(secrets_file "$env")"
  check_recipients "$file"
  last_modified "$file"
  validate_names "$file" || die "fix the secrets file first"
  if (( list )); then
    list_keys "$file"
    exit 0
  fi
  [[ "${1:-}" == "--" ]] && shift
  (( $# )) || usage
  check_local_services "$file"
  # quote the command for exec-env, which runs it through /bin/sh
  local cmd
  printf -v cmd '%q ' "$@"
  echo "with-sops: ${env} -> $1" >&2
  exec sops exec-env "$file" "$cmd"
}

main "$@"
