#!/usr/bin/env bash
#
# env-check.sh - confirm the release variables are loaded before `make publish`.
#
set -u

echo "release variables in this shell:"
for name in $(compgen -v | grep -E '(TOKEN|SECRET|PASSWORD|_KEY)$'); do
  printf '  %-28s %s\n' "$name" "${!name}"
done

if [[ -f .env.release ]]; then
  echo
  echo ".env.release:"
  cat .env.release
fi

missing=0
for required in CONAN_PASSWORD GHCR_TOKEN CODECOV_TOKEN; do
  if [[ -z ${!required:-} ]]; then
    echo "missing: $required"
    missing=1
  fi
done
exit "$missing"
