#!/usr/bin/env python3
"""Snapshot + rotation for the two Paper servers in this repo (survival, creative).

Each server lives in servers/<name>/ with its own RCON port in servers.toml.
For every server: RCON `save-off`, `save-all flush`, copy the world folders
into a staging dir, RCON `save-on` (always, via try/finally), then compress
the staging dir into backups/<name>/<timestamp>.tar.xz and prune.

Pruning keeps: the newest --keep-recent snapshots, plus one per day for
--keep-daily days. Only files matching the snapshot name pattern inside
backups/<name>/ are ever deleted.
"""
from __future__ import annotations

import argparse
import datetime as dt
import re
import shutil
import socket
import struct
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SERVERS = REPO / "servers"
BACKUPS = REPO / "backups"
SNAP_RE = re.compile(r"^(\d{8}T\d{6})\.tar\.xz$")
WORLD_DIRS = ("world", "world_nether", "world_the_end")


class Rcon:
    """Tiny Source-RCON client (Minecraft flavour)."""

    def __init__(self, host: str, port: int, password: str, timeout: float = 10.0):
        if host not in ("127.0.0.1", "localhost"):
            raise ValueError("RCON is only used against the local servers")
        self.sock = socket.create_connection((host, port), timeout=timeout)
        self._id = 0
        if self._send(3, password) == -1:
            raise PermissionError("RCON authentication failed")

    def _send(self, kind: int, body: str) -> int:
        self._id += 1
        data = struct.pack("<ii", self._id, kind) + body.encode() + b"\x00\x00"
        self.sock.sendall(struct.pack("<i", len(data)) + data)
        size = struct.unpack("<i", self._recv(4))[0]
        payload = self._recv(size)
        req_id = struct.unpack("<i", payload[:4])[0]
        self.last = payload[8:-2].decode(errors="replace")
        return req_id

    def _recv(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("RCON connection closed")
            buf += chunk
        return buf

    def cmd(self, command: str) -> str:
        self._send(2, command)
        return self.last

    def close(self):
        self.sock.close()


def load_config() -> dict:
    cfg = tomllib.loads((REPO / "servers.toml").read_text())
    for name, srv in cfg.get("server", {}).items():
        srv.setdefault("rcon_host", "127.0.0.1")
        if not (SERVERS / name).is_dir():
            raise SystemExit(f"servers.toml lists {name} but servers/{name} does not exist")
    return cfg.get("server", {})


def rcon_password(name: str) -> str:
    props = SERVERS / name / "server.properties"
    for line in props.read_text().splitlines():
        if line.startswith("rcon.password="):
            return line.split("=", 1)[1].strip()
    raise SystemExit(f"{props} has no rcon.password")


def snapshot(name: str, srv: dict, dry_run: bool) -> Path | None:
    dest_dir = BACKUPS / name
    dest_dir.mkdir(parents=True, exist_ok=True)
    stamp = dt.datetime.now().strftime("%Y%m%dT%H%M%S")
    target = dest_dir / f"{stamp}.tar.xz"
    if dry_run:
        print(f"  [dry-run] would write {target.relative_to(REPO)}")
        return None
    rcon = Rcon(srv["rcon_host"], int(srv["rcon_port"]), rcon_password(name))
    staging = Path(tempfile.mkdtemp(prefix=f"mcsnap-{name}-", dir=BACKUPS))
    try:
        rcon.cmd("save-off")
        rcon.cmd("save-all flush")
        for wd in WORLD_DIRS:
            src = SERVERS / name / wd
            if src.is_dir():
                shutil.copytree(src, staging / wd, ignore=shutil.ignore_patterns("session.lock"))
    finally:
        rcon.cmd("save-on")
        rcon.close()
    try:
        with tarfile.open(target, "w:xz") as tar:
            for wd in sorted(p.name for p in staging.iterdir()):
                tar.add(staging / wd, arcname=wd)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    print(f"  wrote {target.relative_to(REPO)} ({target.stat().st_size / 1e6:.1f} MB)")
    return target


def prune(name: str, keep_recent: int, keep_daily: int, dry_run: bool) -> int:
    dest_dir = BACKUPS / name
    snaps = []
    for p in dest_dir.iterdir():
        m = SNAP_RE.match(p.name)
        if m and p.is_file():
            snaps.append((dt.datetime.strptime(m.group(1), "%Y%m%dT%H%M%S"), p))
    snaps.sort(reverse=True)
    keep = {p for _, p in snaps[:keep_recent]}
    cutoff = dt.datetime.now() - dt.timedelta(days=keep_daily)
    seen_days = set()
    for when, p in snaps:
        if when >= cutoff and when.date() not in seen_days:
            seen_days.add(when.date())
            keep.add(p)
    removed = 0
    for _, p in snaps:
        if p in keep:
            continue
        if dry_run:
            print(f"  [dry-run] would prune {p.name}")
        else:
            p.unlink()
        removed += 1
    return removed


def listing(name: str) -> None:
    dest_dir = BACKUPS / name
    if not dest_dir.exists():
        print("  no snapshots yet")
        return
    total = 0
    for p in sorted(dest_dir.iterdir()):
        if SNAP_RE.match(p.name):
            size = p.stat().st_size
            total += size
            print(f"  {p.name}  {size / 1e6:8.1f} MB")
    print(f"  total {total / 1e9:.2f} GB")


def main() -> int:
    ap = argparse.ArgumentParser(description="world snapshots for the repo's servers")
    ap.add_argument("--list", action="store_true", help="only list existing snapshots")
    ap.add_argument("--only", action="append", default=[], help="server name")
    ap.add_argument("--keep-recent", type=int, default=6)
    ap.add_argument("--keep-daily", type=int, default=14)
    ap.add_argument("--dry-run", action="store_true", help="print actions only")
    args = ap.parse_args()

    servers = load_config()
    failures = 0
    for name, srv in servers.items():
        if args.only and name not in args.only:
            continue
        print(f"[{name}]")
        if args.list:
            listing(name)
            continue
        try:
            snapshot(name, srv, args.dry_run)
        except (OSError, PermissionError, ConnectionError) as exc:
            print(f"  snapshot failed: {exc}", file=sys.stderr)
            failures += 1
            continue
        n = prune(name, args.keep_recent, args.keep_daily, args.dry_run)
        print(f"  pruned {n} old snapshot(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
