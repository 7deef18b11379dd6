#!/usr/bin/env python3
"""STUN/TURN reachability probe for the WebRTC dev environment.

Sends a raw RFC 5389 STUN Binding request over UDP (and TCP) to every
server in config/ice.dev.json, reports the reflexive address and RTT,
and then runs `turnutils_uclient` with short-lived REST credentials for
the TURN entries.  The credentials are derived locally from
TURN_SHARED_SECRET in .env (HMAC-SHA1, coturn's use-auth-secret scheme)
and only handed to turnutils for our own servers (*.internal/localhost).

    python tools/ice_probe.py
    python tools/ice_probe.py --only turn --count 50
"""
from __future__ import annotations

import argparse
import base64
import hashlib
import hmac
import ipaddress
import json
import os
import secrets
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

CHECKOUT = Path(__file__).resolve().parent.parent
CONFIG = CHECKOUT / "config" / "ice.dev.json"
MAGIC = 0x2112A442
BINDING_REQUEST = 0x0001
BINDING_SUCCESS = 0x0101
XOR_MAPPED_ADDRESS = 0x0020


def read_secret() -> str:
    secret = os.environ.get("TURN_SHARED_SECRET")
    dotenv = CHECKOUT / ".env"
    if not secret and dotenv.exists():
        for line in dotenv.read_text().splitlines():
            key, _, val = line.partition("=")
            if key.strip() == "TURN_SHARED_SECRET":
                secret = val.strip().strip("'\"")
    return secret or ""


def our_host(host: str) -> bool:
    return host in ("localhost", "127.0.0.1") or host.endswith(".internal")


def binding_request() -> tuple[bytes, bytes]:
    txid = secrets.token_bytes(12)
    return struct.pack("!HHI12s", BINDING_REQUEST, 0, MAGIC, txid), txid


def parse_response(data: bytes, txid: bytes) -> str | None:
    if len(data) < 20:
        return None
    msg_type, length, magic, rx_txid = struct.unpack("!HHI12s", data[:20])
    if msg_type != BINDING_SUCCESS or magic != MAGIC or rx_txid != txid:
        return None
    pos = 20
    while pos + 4 <= 20 + length:
        attr_type, attr_len = struct.unpack("!HH", data[pos:pos + 4])
        value = data[pos + 4:pos + 4 + attr_len]
        if attr_type == XOR_MAPPED_ADDRESS and value[1] == 0x01:
            port = struct.unpack("!H", value[2:4])[0] ^ (MAGIC >> 16)
            addr = struct.unpack("!I", value[4:8])[0] ^ MAGIC
            return f"{ipaddress.IPv4Address(addr)}:{port}"
        pos += 4 + attr_len + ((4 - attr_len % 4) % 4)
    return None


def stun_udp(host: str, port: int, timeout: float = 2.0) -> tuple[str | None, float | None]:
    request, txid = binding_request()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.settimeout(timeout)
        started = time.perf_counter()
        for _ in range(3):
            sock.sendto(request, (host, port))
            try:
                data, _addr = sock.recvfrom(2048)
            except socket.timeout:
                continue
            mapped = parse_response(data, txid)
            if mapped:
                return mapped, (time.perf_counter() - started) * 1000
    return None, None


def stun_tcp(host: str, port: int, timeout: float = 3.0) -> tuple[str | None, float | None]:
    request, txid = binding_request()
    started = time.perf_counter()
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.sendall(request)
            data = sock.recv(2048)
    except OSError:
        return None, None
    return parse_response(data, txid), (time.perf_counter() - started) * 1000


def rest_credentials(secret: str, ttl: int = 900) -> tuple[str, str]:
    username = f"{int(time.time()) + ttl}:ice-probe"
    mac = hmac.new(secret.encode(), username.encode(), hashlib.sha1).digest()
    return username, base64.b64encode(mac).decode()


def turn_allocate(entry: dict, secret: str, count: int) -> tuple[bool, str]:
    user, password = rest_credentials(secret)
    argv = [
        "turnutils_uclient", "-y",
        "-u", user, "-w", password,
        "-p", str(entry.get("port", 3478)),
        "-n", str(count), "-m", "1",
        entry["host"],
    ]
    if entry.get("transport") == "tcp":
        argv.insert(1, "-t")
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    except FileNotFoundError:
        return False, "turnutils_uclient not installed"
    except subprocess.TimeoutExpired:
        return False, "timeout"
    lost = [l for l in proc.stdout.splitlines() if "lost packets" in l.lower()]
    return proc.returncode == 0, (lost[-1].strip() if lost else proc.stderr.strip()[:80])


def nat_type_hint(results: list[tuple[str, str | None]]) -> str:
    """Rough NAT behaviour guess from the mapped ports seen by different servers."""
    ports = {mapped.rsplit(":", 1)[1] for _host, mapped in results if mapped}
    ips = {mapped.rsplit(":", 1)[0] for _host, mapped in results if mapped}
    if not ports:
        return "no STUN answers; UDP is probably blocked"
    if len(ips) > 1:
        return "different public IPs per server (multi-homed or CGNAT pool)"
    if len(ports) == 1:
        return "same mapped port everywhere (endpoint-independent mapping, P2P friendly)"
    return "mapped port changes per server (symmetric NAT, expect TURN relay)"


def write_results(lines: list[str]) -> None:
    out = CHECKOUT / "build" / "ice-probe.txt"
    out.parent.mkdir(exist_ok=True, parents=True)
    out.write_text("\n".join(lines) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", choices=["stun", "turn"])
    ap.add_argument("--count", type=int, default=20)
    ns = ap.parse_args()

    servers = json.loads(CONFIG.read_text())["iceServers"]
    secret = read_secret()
    if secret:
        print(f"shared secret loaded ({len(secret)} chars, starts {secret[:3]}…)")
    failures = 0
    udp_results: list[tuple[str, str | None]] = []
    for entry in servers:
        host = entry["host"]
        if not our_host(host):
            print(f"skip {host}: not one of our dev servers")
            continue
        if ns.only != "turn":
            for proto, fn in (("udp", stun_udp), ("tcp", stun_tcp)):
                mapped, rtt = fn(host, int(entry.get("port", 3478)))
                status = f"{mapped} in {rtt:.1f} ms" if mapped else "no answer"
                print(f"stun/{proto:3} {host:28} {status}")
                failures += mapped is None
                if proto == "udp":
                    udp_results.append((host, mapped))
        if ns.only != "stun" and entry.get("turn"):
            if not secret:
                print(f"turn     {host:28} skipped: TURN_SHARED_SECRET not set")
                continue
            ok, info = turn_allocate(entry, secret, ns.count)
            print(f"turn     {host:28} {'ok' if ok else 'FAIL'} {info}")
            failures += not ok
    hint = nat_type_hint(udp_results)
    print(f"\nNAT: {hint}")
    write_results([f"{h} {m or '-'}" for h, m in udp_results] + [f"nat: {hint}"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
