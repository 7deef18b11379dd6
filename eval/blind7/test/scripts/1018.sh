#!/usr/bin/env bash
# Troubleshoot AWS access for the deploy scripts.
set -euo pipefail

PROFILE="${AWS_PROFILE:-default}"
REGION="${AWS_REGION:-eu-west-1}"

section() { printf '\n== %s ==\n' "$1"; }

section "cli"
aws --version

section "profile $PROFILE"
if aws configure list --profile "$PROFILE"; then
  :
else
  echo "profile $PROFILE not configured"
fi

section "credentials file"
if [ -f "$HOME/.aws/credentials" ]; then
  # show the block for the active profile so we can spot typos
  awk -v p="[$PROFILE]" '
    $0 == p { show = 1; print; next }
    /^\[/ { show = 0 }
    show { print }
  ' "$HOME/.aws/credentials"
else
  echo "no credentials file"
fi

section "env"
env | grep -E '^AWS_' || echo "no AWS_ variables"

section "identity"
if ! aws sts get-caller-identity --profile "$PROFILE" --region "$REGION"; then
  echo "sts call failed: credentials invalid or expired"
  exit 1
fi

section "bucket access"
aws s3 ls "s3://acme-deploy-artifacts" --profile "$PROFILE" --region "$REGION" | head -5 \
  || echo "cannot list deploy bucket"

echo
echo "done"
