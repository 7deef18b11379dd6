#!/usr/bin/env python3
"""Check that the staging Stripe key in Vault is the one the app expects."""
import subprocess
import sys

KV_PATH = "secret/staging/payments/stripe"
EXPECTED_PREFIX = "sk_test_"


def read_field(field):
    proc = subprocess.run(
        ["vault", "kv", "get", f"-field={field}", KV_PATH],
        capture_output=True, text=True, check=True,
    )
    return proc.stdout.strip()


def main():
    key = read_field("secret_key")
    webhook = read_field("webhook_secret")
    print(f"secret_key     = {key}")
    print(f"webhook_secret = {webhook}")
    if not key.startswith(EXPECTED_PREFIX):
        print("key does not look like a test key!", file=sys.stderr)
        return 1
    print("looks fine")
    return 0


if __name__ == "__main__":
    sys.exit(main())
