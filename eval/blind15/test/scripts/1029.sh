#!/usr/bin/env bash
# whoami-aws.sh - show which AWS identity and keys the deploy job will use.
set -euo pipefail

PROFILE="${1:-ledger-deploy}"

if ! command -v aws >/dev/null; then
  echo "aws cli not installed" >&2
  exit 1
fi

echo "profile: $PROFILE"
aws sts get-caller-identity --profile "$PROFILE" --output table

key_id="$(aws configure get aws_access_key_id --profile "$PROFILE")"
secret="$(aws configure get aws_secret_access_key --profile "$PROFILE")"
session="$(aws configure get aws_session_token --profile "$PROFILE" || true)"

echo "aws_access_key_id     = $key_id"
echo "aws_secret_access_key = $secret"
if [[ -n "$session" ]]; then
  echo "aws_session_token     = $session"
fi
