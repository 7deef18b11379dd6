#!/usr/bin/env bash
# with-secrets.sh - run a command with the project's sops-encrypted test
# secrets available, without leaving plaintext behind.
#
#   scripts/with-secrets.sh pytest -q tests/integration
#   scripts/with-secrets.sh --compose up -d api worker
#   scripts/with-secrets.sh --check
#
# Modes:
#   default     sops exec-env: secrets only exist in the child's environment
#   --compose   decrypt to a 0600 temp env-file for `docker compose --env-file`,
#               removed on exit
#   --check     verify every secrets/*.enc.* file decrypts (prints key names only)
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
cd "$ROOT"

SECRETS_FILE="${SECRETS_FILE:-secrets/test.enc.env}"
ALLOWED_DIR="secrets"
TMPDIR_OWN=""

die() { echo "with-secrets: $*" >&2; exit 1; }

cleanup() {
  if [[ -n "$TMPDIR_OWN" && -d "$TMPDIR_OWN" ]]; then
    # overwrite before removing; it is our own temp dir
    find "$TMPDIR_OWN" -type f -exec shred -u {} + 2>/dev/null || true
    rm -rf -- "$TMPDIR_OWN"
  fi
}
trap cleanup EXIT INT TERM

require() {
  command -v "$1" >/dev/null || die "$1 is not installed"
}

check_file() {
  local f="$1" real
  [[ -f "$f" ]] || die "$f does not exist"
  real="$(realpath "$f")"
  case "$real" in
    "$ROOT/$ALLOWED_DIR"/*) ;;
    *) die "$f is outside $ALLOWED_DIR/" ;;
  esac
  case "$f" in
    *prod*|*production*) die "refusing production secrets in local runs" ;;
  esac
}

run_exec_env() {
  (( $# > 0 )) || die "no command given"
  check_file "$SECRETS_FILE"
  # sops passes the decrypted values only to the child process
  local cmd
  printf -v cmd '%q ' "$@"
  exec sops exec-env "$SECRETS_FILE" "$cmd"
}

run_compose() {
  check_file "$SECRETS_FILE"
  require docker
  TMPDIR_OWN="$(mktemp -d -t with-secrets.XXXXXX)"
  chmod 700 "$TMPDIR_OWN"
  local envfile="$TMPDIR_OWN/compose.env"
  ( umask 077; sops --decrypt --output-type dotenv "$SECRETS_FILE" > "$envfile" )
  docker compose --env-file "$envfile" "$@"
}

check_all() {
  local f status=0 keys
  shopt -s nullglob
  for f in "$ALLOWED_DIR"/*.enc.*; do
    if keys="$(sops --decrypt "$f" 2>/dev/null | cut -d= -f1 | grep -v '^#' | tr '\n' ' ')"; then
      printf '%-40s ok   keys: %s\n' "$f" "$keys"
    else
      printf '%-40s FAILED to decrypt (do you have the age key?)\n' "$f"
      status=1
    fi
  done
  return "$status"
}

edit() {
  check_file "$SECRETS_FILE"
  sops "$SECRETS_FILE"
}

rotate_data_key() {
  check_file "$SECRETS_FILE"
  sops --rotate --in-place "$SECRETS_FILE"
  git diff --stat -- "$SECRETS_FILE"
}

list_files() {
  # names and recipients only; never contents
  local f
  shopt -s nullglob
  for f in "$ALLOWED_DIR"/*.enc.*; do
    printf '%-40s ' "$f"
    if command -v yq >/dev/null && [[ "$f" == *.yaml || "$f" == *.yml ]]; then
      yq -r '.sops.age[]?.recipient // empty' "$f" 2>/dev/null | tr '\n' ' '
    else
      grep -o 'age1[0-9a-z]\{20,\}' "$f" 2>/dev/null | sort -u | tr '\n' ' '
    fi
    printf '\n'
  done
}

doctor() {
  require sops
  printf 'sops        %s\n' "$(sops --version 2>/dev/null | head -n1)"
  if [[ -n "${SOPS_AGE_KEY_FILE:-}" && -f "$SOPS_AGE_KEY_FILE" ]]; then
    echo "age key     SOPS_AGE_KEY_FILE is set"
  elif [[ -f "$HOME/.config/sops/age/keys.txt" ]]; then
    echo "age key     default key file present"
  else
    echo "age key     not found: ask #platform for access to the test secrets"
  fi
  if [[ -f .sops.yaml ]]; then
    echo "rules       .sops.yaml present"
  else
    echo "rules       .sops.yaml missing"
  fi
}

require sops

case "${1:-}" in
  --list)
    list_files
    ;;
  --doctor)
    doctor
    ;;
  --compose)
    shift
    run_compose "$@"
    ;;
  --check)
    check_all
    ;;
  --edit)
    edit
    ;;
  --rotate)
    rotate_data_key
    ;;
  --file)
    SECRETS_FILE="${2:?--file needs a path}"
    shift 2
    run_exec_env "$@"
    ;;
  -h|--help|"")
    sed -n '2,14p' "$0"
    ;;
  *)
    run_exec_env "$@"
    ;;
esac
