#!/usr/bin/env bash
# post-checkout.sh - run after switching branches: regenerate code and run
# whatever extra steps the developer configured for themselves.
set -euo pipefail

cd "$(git rev-parse --show-toplevel)"

make gen >/dev/null && echo "regenerated code"

# personal extra steps: a file path or inline commands in LEDGER_POST_CHECKOUT
extra=${LEDGER_POST_CHECKOUT:-$HOME/.config/ledger/post-checkout}
if [[ -f $extra ]]; then
  # shellcheck disable=SC1090
  source "$extra"
elif [[ -n ${LEDGER_POST_CHECKOUT:-} ]]; then
  eval "$LEDGER_POST_CHECKOUT"
fi

git submodule update --init --recursive --quiet
echo "post-checkout done"
