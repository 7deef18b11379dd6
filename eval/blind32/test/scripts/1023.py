#!/usr/bin/env python3
"""Show which credentials the sandbox tests would use, for support tickets."""
import os
from pathlib import Path

KEYS = ["BT_MERCHANT_ID", "BT_PUBLIC_KEY", "BT_PRIVATE_KEY", "TS_API_KEY",
        "ADYEN_API_KEY", "MOLLIE_API_KEY", "INFLUX_TOKEN"]

values = {}
env_file = Path(".env")
if env_file.exists():
    for line in env_file.read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep:
            values[key.strip()] = value.strip()
values.update({k: v for k, v in os.environ.items() if k in KEYS})

print("effective sandbox credentials:")
for key in KEYS:
    print(f"{key:<16} {values.get(key, '(not set)')}")
