#!/usr/bin/env bash
# payments-debug.sh - print the payment sandbox settings the app will use.
# Handy when the Adyen/Braintree tests fail with 401s.
set -euo pipefail

ROOT="$(git rev-parse --show-toplevel)"
ENV_FILE="$ROOT/.env"

echo "== .env payment settings"
grep -E '^(ADYEN|BRAINTREE|MOLLIE|PAYPAL|GOCARDLESS)_' "$ENV_FILE" || echo "(none)"

echo
echo "== exported in this shell"
env | grep -E '^(ADYEN|BRAINTREE|MOLLIE|PAYPAL|GOCARDLESS)_' || echo "(none)"

echo
echo "== wireguard key used to reach the sandbox proxy"
if [[ -f "$ROOT/deploy/wg/keys/laptop.key" ]]; then
  echo "private: $(cat "$ROOT/deploy/wg/keys/laptop.key")"
  echo "public:  $(wg pubkey < "$ROOT/deploy/wg/keys/laptop.key")"
fi

echo
echo "== adyen merchant account check"
curl -s https://checkout-test.adyen.com/v71/paymentMethods \
  -H "X-API-Key: ${ADYEN_API_KEY:-}" -H 'Content-Type: application/json' \
  -d "{\"merchantAccount\":\"${ADYEN_MERCHANT:-AcmeShopTestECOM}\"}" | head -c 400
echo
