#!/usr/bin/env python3
"""Certificate expiry report for our internal TLS endpoints.

Connects with the ssl module to each endpoint listed in ops/tls-endpoints.txt
(localhost and *.internal hosts only), reads the peer certificate chain,
and reports days to expiry, issuer and SAN coverage. Optionally verifies
against the internal CA bundle. Read-only; prints a table and writes
reports/tls-expiry.json.

    python3 ops/tls_expiry.py
    python3 ops/tls_expiry.py --cafile certs/internal-ca.pem --warn 21
    python3 ops/tls_expiry.py api.staging.internal:443 localhost:8443
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import socket
import ssl
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ENDPOINTS_FILE = Path("ops") / "tls-endpoints.txt"
REPORT = Path("reports") / "tls-expiry.json"
HOST_RE = re.compile(r"^(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*\.internal)$")


@dataclass
class Result:
    endpoint: str
    ok: bool
    days_left: int | None = None
    not_after: str | None = None
    issuer: str | None = None
    subject: str | None = None
    sans: list[str] = field(default_factory=list)
    covers_host: bool | None = None
    verified: bool | None = None
    error: str | None = None


def parse_endpoint(raw: str) -> tuple[str, int]:
    host, _, port = raw.strip().partition(":")
    host = host.lower()
    if not HOST_RE.match(host):
        raise ValueError(f"{host}: only localhost and *.internal endpoints are checked")
    port_num = int(port or 443)
    if not 1 <= port_num <= 65535:
        raise ValueError(f"{raw}: bad port")
    return host, port_num


def load_endpoints(args_endpoints: list[str]) -> list[str]:
    if args_endpoints:
        return args_endpoints
    if not ENDPOINTS_FILE.exists():
        raise SystemExit(f"no endpoints given and {ENDPOINTS_FILE} missing")
    lines = ENDPOINTS_FILE.read_text(encoding="utf-8").splitlines()
    return [l.split("#", 1)[0].strip() for l in lines if l.split("#", 1)[0].strip()]


def name_matches(host: str, pattern: str) -> bool:
    if pattern.startswith("*."):
        suffix = pattern[1:]
        return host.endswith(suffix) and host.count(".") == pattern.count(".")
    return host == pattern


def fetch_cert(host: str, port: int, cafile: str | None, timeout: float) -> tuple[dict, bool]:
    """Return the decoded peer cert and whether it verified against cafile."""
    verified = False
    if cafile:
        ctx = ssl.create_default_context(cafile=cafile)
        try:
            with socket.create_connection((host, port), timeout=timeout) as sock:
                with ctx.wrap_socket(sock, server_hostname=host) as tls:
                    return tls.getpeercert(), True
        except ssl.SSLCertVerificationError:
            verified = False
    # fall back to an unverified read so expiry can still be reported
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    with socket.create_connection((host, port), timeout=timeout) as sock:
        with ctx.wrap_socket(sock, server_hostname=host) as tls:
            der = tls.getpeercert(binary_form=True)
    pem = ssl.DER_cert_to_PEM_cert(der)
    tmp = Path(".tls-expiry-peer.pem")
    tmp.write_text(pem, encoding="ascii")
    try:
        decoded = ssl._ssl._test_decode_cert(str(tmp))  # type: ignore[attr-defined]
    finally:
        tmp.unlink(missing_ok=True)
    return decoded, verified


def dn(parts: tuple) -> str:
    return ", ".join(f"{k}={v}" for rdn in parts for k, v in rdn)


def check(raw: str, cafile: str | None, timeout: float) -> Result:
    try:
        host, port = parse_endpoint(raw)
    except ValueError as exc:
        return Result(raw, ok=False, error=str(exc))
    try:
        cert, verified = fetch_cert(host, port, cafile, timeout)
    except (OSError, ssl.SSLError) as exc:
        return Result(raw, ok=False, error=f"{type(exc).__name__}: {exc}")
    not_after = dt.datetime.strptime(cert["notAfter"], "%b %d %H:%M:%S %Y %Z").replace(tzinfo=dt.timezone.utc)
    sans = [v for k, v in cert.get("subjectAltName", ()) if k in ("DNS", "IP Address")]
    days = (not_after - dt.datetime.now(dt.timezone.utc)).days
    return Result(
        endpoint=f"{host}:{port}",
        ok=days > 0,
        days_left=days,
        not_after=not_after.date().isoformat(),
        issuer=dn(cert.get("issuer", ())),
        subject=dn(cert.get("subject", ())),
        sans=sans,
        covers_host=any(name_matches(host, s) for s in sans),
        verified=verified if cafile else None,
    )


def render(results: list[Result], warn: int) -> int:
    worst = 0
    print(f"{'endpoint':<40} {'days':>5}  {'expires':<10}  notes")
    for r in sorted(results, key=lambda r: (r.days_left is None, r.days_left or 0)):
        notes = []
        if r.error:
            notes.append(r.error)
            worst = max(worst, 2)
        else:
            if r.days_left is not None and r.days_left < warn:
                notes.append("RENEW SOON" if r.days_left > 0 else "EXPIRED")
                worst = max(worst, 1 if r.days_left > 0 else 2)
            if r.covers_host is False:
                notes.append("SAN does not cover host")
                worst = max(worst, 1)
            if r.verified is False:
                notes.append("not signed by given CA")
                worst = max(worst, 1)
        days = "-" if r.days_left is None else str(r.days_left)
        print(f"{r.endpoint:<40} {days:>5}  {r.not_after or '-':<10}  {'; '.join(notes)}")
    return worst


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("endpoints", nargs="*")
    ap.add_argument("--cafile")
    ap.add_argument("--warn", type=int, default=14)
    ap.add_argument("--timeout", type=float, default=5.0)
    args = ap.parse_args(argv)
    if args.cafile and not Path(args.cafile).is_file():
        ap.error(f"{args.cafile} not found")
    results = [check(e, args.cafile, args.timeout) for e in load_endpoints(args.endpoints)]
    status = render(results, args.warn)
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps([asdict(r) for r in results], indent=2), encoding="utf-8")
    print(f"\nreport: {REPORT}")
    return status


if __name__ == "__main__":
    sys.exit(main())
