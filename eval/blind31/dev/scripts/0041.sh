#!/usr/bin/env bash
# debug-shipping-env.sh — show which shipping credentials the label tests will use.
set -uo pipefail

[[ -f .env ]] && set -a && . ./.env && set +a

show() {
  local name="$1"
  local value="${!name:-}"
  if [[ -z "${value}" ]]; then
    printf '%-28s <unset>\n' "${name}"
  else
    printf '%-28s %s\n' "${name}" "${value}"
  fi
}

echo "shipping provider settings:"
for var in EASYPOST_API_KEY EASYPOST_TEST_API_KEY SHIPPO_API_TOKEN SHIPPO_TEST_TOKEN \
           SENDCLOUD_PUBLIC_KEY SENDCLOUD_SECRET_KEY LABEL_WEBHOOK_SECRET; do
  show "${var}"
done

echo
echo "mode: $([[ -n "${EASYPOST_API_KEY:-}" ]] && echo LIVE || echo test)"
