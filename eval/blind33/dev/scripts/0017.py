#!/usr/bin/env python3
"""Record a gpsd session for the positioning test fixtures.

Connects to the local gpsd (started with `gpsd -N -n /dev/ttyACM0` by the
developer or by `make gps-up`), enables the JSON watcher and writes:

  logs/gps/<session>/tpv.jsonl    - every TPV report
  logs/gps/<session>/sky.jsonl    - every SKY report
  logs/gps/<session>/track.gpx    - a GPX track built from 3D fixes
  logs/gps/<session>/summary.json - fix statistics

Optional raw NMEA capture via `gpspipe -r` (a child process we start and stop
ourselves). Stops after --minutes, --fixes, or on SIGINT/SIGTERM.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import signal
import socket
import statistics
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from xml.sax.saxutils import escape

PROJECT = Path(__file__).resolve().parents[1]
LOG_ROOT = PROJECT / "logs" / "gps"
GPSD_HOST = os.environ.get("GPSD_HOST", "127.0.0.1")
GPSD_PORT = int(os.environ.get("GPSD_PORT", "2947"))
MODE_NAMES = {0: "unknown", 1: "no fix", 2: "2D", 3: "3D"}


class Session:
    def __init__(self, name: str):
        self.dir = LOG_ROOT / name
        self.dir.mkdir(parents=True, exist_ok=False)
        self.tpv = open(self.dir / "tpv.jsonl", "w", encoding="utf-8")
        self.sky = open(self.dir / "sky.jsonl", "w", encoding="utf-8")
        self.points: list[tuple[float, float, float, str]] = []
        self.modes: dict[int, int] = {}
        self.eph: list[float] = []
        self.sats_used: list[int] = []
        self.stop = False
        self.nmea: subprocess.Popen | None = None

    def on_tpv(self, r: dict) -> None:
        self.tpv.write(json.dumps(r) + "\n")
        mode = int(r.get("mode", 0))
        self.modes[mode] = self.modes.get(mode, 0) + 1
        if mode == 3 and "lat" in r and "lon" in r:
            self.points.append((r["lat"], r["lon"], r.get("altHAE", r.get("alt", 0.0)), r.get("time", "")))
        if "eph" in r:
            self.eph.append(float(r["eph"]))

    def on_sky(self, r: dict) -> None:
        self.sky.write(json.dumps(r) + "\n")
        used = sum(1 for s in r.get("satellites", []) if s.get("used"))
        self.sats_used.append(used)

    def close(self) -> None:
        self.tpv.close()
        self.sky.close()
        if self.nmea and self.nmea.poll() is None:
            self.nmea.terminate()
            try:
                self.nmea.wait(timeout=3)
            except subprocess.TimeoutExpired:
                self.nmea.kill()


def haversine(a: tuple, b: tuple) -> float:
    r = 6371000.0
    lat1, lon1, lat2, lon2 = map(math.radians, (a[0], a[1], b[0], b[1]))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * r * math.asin(math.sqrt(h))


def write_gpx(path: Path, points: list[tuple], name: str) -> None:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<gpx version="1.1" creator="tools/gps_session.py">',
        f"  <trk><name>{escape(name)}</name><trkseg>",
    ]
    for lat, lon, ele, t in points:
        lines.append(f'    <trkpt lat="{lat:.8f}" lon="{lon:.8f}"><ele>{ele:.2f}</ele><time>{escape(t)}</time></trkpt>')
    lines += ["  </trkseg></trk>", "</gpx>", ""]
    tmp = path.with_suffix(".gpx.tmp")
    tmp.write_text("\n".join(lines), encoding="utf-8")
    tmp.replace(path)


def summary(s: Session, started: float) -> dict:
    dist = sum(haversine(a, b) for a, b in zip(s.points, s.points[1:]))
    out = {
        "duration_s": round(time.monotonic() - started, 1),
        "fixes": {MODE_NAMES.get(k, str(k)): v for k, v in sorted(s.modes.items())},
        "track_points": len(s.points),
        "distance_m": round(dist, 1),
    }
    if s.eph:
        out["eph_m"] = {"median": round(statistics.median(s.eph), 2), "max": round(max(s.eph), 2)}
    if s.sats_used:
        out["satellites_used"] = {"mean": round(statistics.mean(s.sats_used), 1), "min": min(s.sats_used)}
    return out


def start_nmea_capture(s: Session) -> None:
    out = open(s.dir / "raw.nmea", "wb")
    s.nmea = subprocess.Popen(["gpspipe", "-r", f"{GPSD_HOST}:{GPSD_PORT}"], stdout=out, stderr=subprocess.DEVNULL)


def stream_reports(sock: socket.socket):
    buf = b""
    while True:
        data = sock.recv(4096)
        if not data:
            return
        buf += data
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            if line.strip():
                try:
                    yield json.loads(line)
                except json.JSONDecodeError:
                    continue


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--name", default=datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S"))
    ap.add_argument("--minutes", type=float, default=5.0)
    ap.add_argument("--fixes", type=int, default=0, help="stop after N 3D fixes")
    ap.add_argument("--nmea", action="store_true", help="also capture raw NMEA via gpspipe")
    args = ap.parse_args()

    session = Session(args.name)

    def stop(signum, _frame):
        session.stop = True
        print(f"\nsignal {signum} received, finishing session", file=sys.stderr)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)

    if args.nmea:
        start_nmea_capture(session)
    started = time.monotonic()
    deadline = started + args.minutes * 60
    try:
        with socket.create_connection((GPSD_HOST, GPSD_PORT), timeout=10) as sock:
            sock.sendall(b'?WATCH={"enable":true,"json":true};\n')
            sock.settimeout(2.0)
            reports = stream_reports(sock)
            while not session.stop and time.monotonic() < deadline:
                try:
                    r = next(reports)
                except socket.timeout:
                    continue
                except StopIteration:
                    print("gpsd closed the connection", file=sys.stderr)
                    break
                if r.get("class") == "TPV":
                    session.on_tpv(r)
                elif r.get("class") == "SKY":
                    session.on_sky(r)
                if args.fixes and len(session.points) >= args.fixes:
                    break
    except OSError as exc:
        print(f"cannot talk to gpsd at {GPSD_HOST}:{GPSD_PORT}: {exc}", file=sys.stderr)
        return 2
    finally:
        session.close()

    write_gpx(session.dir / "track.gpx", session.points, args.name)
    info = summary(session, started)
    (session.dir / "summary.json").write_text(json.dumps(info, indent=2) + "\n")
    print(json.dumps(info, indent=2))
    print(f"session written to {session.dir.relative_to(PROJECT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
