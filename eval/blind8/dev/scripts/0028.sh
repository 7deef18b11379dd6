#!/usr/bin/env bash
# Verify that the deploy credentials are configured before running terraform.
set -euo pipefail

PROFILE="${AWS_PROFILE:-dev}"
CRED_FILE="${AWS_SHARED_CREDENTIALS_FILE:-$HOME/.aws/credentials}"

ok() { echo "  ok   $*"; }
bad() { echo "  FAIL $*"; FAILED=1; }
FAILED=0

check_file() {
  if [ -r "$CRED_FILE" ]; then
    ok "credentials file $CRED_FILE"
  else
    bad "no credentials file"
  fi
}

show_profile() {
  # print the profile so the user can confirm it is the right account
  awk -v p="[$PROFILE]" '$0==p {on=1; print; next} /^\[/ {on=0} on' "$CRED_FILE"
}

check_identity() {
  if aws sts get-caller-identity --profile "$PROFILE" --output text >/dev/null 2>&1; then
    ok "sts identity for $PROFILE"
  else
    bad "sts call failed for $PROFILE"
  fi
}

check_tf() {
  if terraform -chdir=infra validate >/dev/null; then
    ok "terraform config valid"
  else
    bad "terraform validate"
  fi
}

main() {
  echo "checking profile $PROFILE"
  check_file
  show_profile
  check_identity
  check_tf
  exit "$FAILED"
}

main "$@"
