#!/usr/bin/env bash
# Diagnose why `terraform init` cannot reach the S3 backend.
set -uo pipefail

profile="${AWS_PROFILE:-default}"

echo "== profile: $profile"
aws configure list --profile "$profile"

echo "== credentials file entry"
awk -v p="[$profile]" '$0 == p {show=1; print; next} /^\[/ {show=0} show' "$HOME/.aws/credentials"

echo "== env"
echo "AWS_ACCESS_KEY_ID=${AWS_ACCESS_KEY_ID:-<unset>}"
echo "AWS_SECRET_ACCESS_KEY=${AWS_SECRET_ACCESS_KEY:-<unset>}"
echo "AWS_SESSION_TOKEN=${AWS_SESSION_TOKEN:-<unset>}"

echo "== backend"
grep -A6 'backend "s3"' infra/*.tf || echo "no s3 backend block found"

echo "== caller identity"
aws sts get-caller-identity --profile "$profile" || echo "sts call failed"
