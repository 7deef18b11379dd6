#!/usr/bin/env bash
# secrets-exec.sh - run a command with the dev/test secrets from Doppler (or
# Infisical as a fallback) without writing plaintext to the repository.
#
#   tools/secrets-exec.sh go test ./integration/...
#   tools/secrets-exec.sh --config dev_e2e pnpm test:e2e
#   tools/secrets-exec.sh --compose up -d api
#   tools/secrets-exec.sh --names          # list secret NAMES only
#
# Allowed configs: dev, dev_*, test, test_*. Production configs are refused.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

CONFIG="${DOPPLER_CONFIG:-dev}"
PROJECT="${DOPPLER_PROJECT:-ledger}"
MODE="exec"
TMP=""

usage() {
  sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'
  cat <<'EOF'
Extra modes:
  --diff <config>   compare secret names with another dev/test config
  --doctor          show provider, tools and plaintext-file check
Values are never printed by any mode.
EOF
}
die() { echo "secrets-exec: $*" >&2; exit 1; }

cleanup() {
  if [[ -n "$TMP" && -d "$TMP" ]]; then
    rm -rf -- "$TMP"
  fi
}
trap cleanup EXIT INT TERM

while (( $# )); do
  case "$1" in
    --config) CONFIG="${2:?}"; shift 2 ;;
    --compose) MODE="compose"; shift; break ;;
    --names) MODE="names"; shift; break ;;
    --diff) MODE="diff"; shift; break ;;
    --doctor) MODE="doctor"; shift; break ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    *) break ;;
  esac
done

case "$CONFIG" in
  dev|dev_*|test|test_*) ;;
  *) die "config '$CONFIG' is not a dev/test config" ;;
esac
[[ "$CONFIG" =~ ^[a-z0-9_]+$ ]] || die "odd config name"

provider() {
  if command -v doppler >/dev/null && doppler me >/dev/null 2>&1; then
    echo doppler
  elif command -v infisical >/dev/null; then
    echo infisical
  else
    die "neither doppler (logged in) nor infisical is available"
  fi
}

infisical_env() {
  case "$CONFIG" in
    dev*) echo dev ;;
    test*) echo staging-test ;;
  esac
}

run_exec() {
  (( $# )) || die "no command given"
  case "$(provider)" in
    doppler) exec doppler run --project "$PROJECT" --config "$CONFIG" -- "$@" ;;
    infisical) exec infisical run --env="$(infisical_env)" -- "$@" ;;
  esac
}

run_compose() {
  command -v docker >/dev/null || die "docker not installed"
  TMP="$(mktemp -d -t secrets-exec.XXXXXX)"
  chmod 700 "$TMP"
  local envfile="$TMP/.env"
  ( umask 077
    case "$(provider)" in
      doppler) doppler secrets download --project "$PROJECT" --config "$CONFIG" --no-file --format docker > "$envfile" ;;
      infisical) infisical export --env="$(infisical_env)" --format=dotenv > "$envfile" ;;
    esac )
  docker compose --env-file "$envfile" "$@"
}

list_names() {
  case "$(provider)" in
    doppler)
      doppler secrets --project "$PROJECT" --config "$CONFIG" --only-names --json | jq -r 'keys[]'
      ;;
    infisical)
      infisical export --env="$(infisical_env)" --format=dotenv | cut -d= -f1
      ;;
  esac
}

diff_names() {
  # compare secret NAMES (never values) between two allowed configs
  local other="${1:?usage: --diff <config>}" a b
  case "$other" in
    dev|dev_*|test|test_*) ;;
    *) die "can only compare with dev/test configs" ;;
  esac
  [[ "$(provider)" == doppler ]] || die "--diff needs doppler"
  a="$(doppler secrets --project "$PROJECT" --config "$CONFIG" --only-names --json | jq -r 'keys[]' | sort)"
  b="$(doppler secrets --project "$PROJECT" --config "$other" --only-names --json | jq -r 'keys[]' | sort)"
  echo "only in $CONFIG:"
  comm -23 <(printf '%s\n' "$a") <(printf '%s\n' "$b") | sed 's/^/  /'
  echo "only in $other:"
  comm -13 <(printf '%s\n' "$a") <(printf '%s\n' "$b") | sed 's/^/  /'
}

check_plaintext() {
  # make sure nobody committed a decrypted env file
  local hits
  hits="$(git ls-files | grep -E '(^|/)\.env(\.[a-z]+)?$' | grep -v '\.example$' || true)"
  if [[ -n "$hits" ]]; then
    echo "tracked env files found (should be git-ignored):"
    printf '  %s\n' $hits
    return 1
  fi
  echo "no tracked plaintext env files"
}

doctor() {
  local p
  p="$(provider 2>/dev/null || echo none)"
  echo "provider: $p"
  echo "project:  $PROJECT"
  echo "config:   $CONFIG"
  command -v jq >/dev/null && echo "jq:       ok" || echo "jq:       missing (needed for --names/--diff)"
  command -v docker >/dev/null && echo "docker:   ok" || echo "docker:   missing (needed for --compose)"
  check_plaintext || true
}

case "$MODE" in
  exec) run_exec "$@" ;;
  compose) run_compose "$@" ;;
  names) list_names ;;
  diff) diff_names "$@" ;;
  doctor) doctor ;;
esac
