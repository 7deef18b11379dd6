#!/usr/bin/env python3
"""Decode captured ground-station frames into housekeeping telemetry.

Input: KISS-framed AX.25 captures written by the SatNOGS client or our
own soundmodem recorder (captures/*.kss).  Each AX.25 UI frame carries a
beacon whose layout is described in telemetry/beacon_v2.json.  Output is
one CSV per pass in build/telemetry/ and a short per-pass summary.

Nothing here talks to the spacecraft or the ground station; it only
reads files that are already on disk.
"""
from __future__ import annotations

import argparse
import csv
import json
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
LAYOUT_FILE = ROOT / "telemetry" / "beacon_v2.json"
OUT_DIR = ROOT / "build" / "telemetry"

FEND, FESC, TFEND, TFESC = 0xC0, 0xDB, 0xDC, 0xDD


@dataclass
class Frame:
    dest: str
    source: str
    pid: int
    info: bytes
    index: int


class DecodeError(ValueError):
    pass


def kiss_frames(data: bytes) -> Iterator[bytes]:
    """Split a KISS byte stream into unescaped frames (port 0 data only)."""
    buf = bytearray()
    escaped = False
    in_frame = False
    for byte in data:
        if byte == FEND:
            if in_frame and len(buf) > 1 and buf[0] & 0x0F == 0:
                yield bytes(buf[1:])
            buf.clear()
            in_frame = True
            continue
        if not in_frame:
            continue
        if escaped:
            buf.append(FEND if byte == TFEND else FESC if byte == TFESC else byte)
            escaped = False
        elif byte == FESC:
            escaped = True
        else:
            buf.append(byte)


def decode_callsign(raw: bytes) -> str:
    call = "".join(chr(b >> 1) for b in raw[:6]).strip()
    ssid = (raw[6] >> 1) & 0x0F
    return f"{call}-{ssid}" if ssid else call


def parse_ax25(raw: bytes, index: int) -> Frame:
    if len(raw) < 16:
        raise DecodeError(f"frame {index}: too short ({len(raw)} bytes)")
    dest = decode_callsign(raw[0:7])
    source = decode_callsign(raw[7:14])
    offset = 14
    last = raw[13] & 0x01
    while not last:  # digipeater path
        if offset + 7 > len(raw):
            raise DecodeError(f"frame {index}: truncated address field")
        last = raw[offset + 6] & 0x01
        offset += 7
    control, pid = raw[offset], raw[offset + 1]
    if control != 0x03:
        raise DecodeError(f"frame {index}: not a UI frame (control={control:#x})")
    return Frame(dest=dest, source=source, pid=pid, info=raw[offset + 2:], index=index)


def crc16_ccitt(data: bytes, seed: int = 0xFFFF) -> int:
    crc = seed
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) if crc & 0x8000 else crc << 1
            crc &= 0xFFFF
    return crc


class BeaconLayout:
    def __init__(self, path: Path):
        spec = json.loads(path.read_text())
        self.name = spec["name"]
        self.sync = bytes.fromhex(spec.get("sync", ""))
        self.fields = spec["fields"]
        self.fmt = "<" + "".join(f["type"] for f in self.fields)
        self.size = struct.calcsize(self.fmt)
        self.has_crc = spec.get("crc16", False)

    def decode(self, info: bytes) -> dict:
        body = info
        if self.sync:
            if not body.startswith(self.sync):
                raise DecodeError("sync word mismatch")
            body = body[len(self.sync):]
        need = self.size + (2 if self.has_crc else 0)
        if len(body) < need:
            raise DecodeError(f"beacon too short: {len(body)} < {need}")
        if self.has_crc:
            expected = struct.unpack_from("<H", body, self.size)[0]
            actual = crc16_ccitt(body[: self.size])
            if expected != actual:
                raise DecodeError(f"crc mismatch {expected:#06x} != {actual:#06x}")
        values = struct.unpack_from(self.fmt, body)
        out = {}
        for field, raw in zip(self.fields, values):
            scale = field.get("scale", 1)
            offset = field.get("offset", 0)
            out[field["name"]] = round(raw * scale + offset, 4) if scale != 1 or offset else raw
        return out


def decode_file(path: Path, layout: BeaconLayout, callsign: str | None) -> tuple[list[dict], dict]:
    stats = {"frames": 0, "decoded": 0, "errors": {}}
    rows: list[dict] = []
    for index, raw in enumerate(kiss_frames(path.read_bytes())):
        stats["frames"] += 1
        try:
            frame = parse_ax25(raw, index)
            if callsign and not frame.source.startswith(callsign):
                continue
            row = {"frame": index, "source": frame.source, **layout.decode(frame.info)}
        except DecodeError as exc:
            key = str(exc).split(":")[-1].strip()[:40]
            stats["errors"][key] = stats["errors"].get(key, 0) + 1
            continue
        rows.append(row)
        stats["decoded"] += 1
    return rows, stats


def write_rows(path: Path, rows: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("captures", nargs="*", type=Path)
    parser.add_argument("--layout", type=Path, default=LAYOUT_FILE)
    parser.add_argument("--callsign", help="only frames from this source call")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args()

    files = args.captures or sorted((ROOT / "captures").glob("*.kss"))
    if not files:
        print("no capture files", file=sys.stderr)
        return 1
    layout = BeaconLayout(args.layout)
    total_ok = 0
    for path in files:
        rows, stats = decode_file(path, layout, args.callsign)
        total_ok += stats["decoded"]
        if rows:
            write_rows(OUT_DIR / f"{path.stem}.csv", rows)
        if not args.quiet:
            errs = ", ".join(f"{k}={v}" for k, v in stats["errors"].items()) or "none"
            print(f"{path.name}: {stats['decoded']}/{stats['frames']} decoded ({layout.name}); errors: {errs}")
    return 0 if total_ok else 1


if __name__ == "__main__":
    sys.exit(main())
