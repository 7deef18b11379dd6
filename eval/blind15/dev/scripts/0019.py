#!/usr/bin/env python3
"""Local TLS for the dev stack: a private dev CA plus leaf certs, made with openssl.

    python3 tools/devcerts.py init                 # create certs/dev-ca.{pem,key}
    python3 tools/devcerts.py issue api.localhost  # leaf cert for one or more names
    python3 tools/devcerts.py check                # show expiry of everything in certs/

Nothing is installed into any trust store; browsers are pointed at the CA via
the compose file. All files stay under ./certs (which is git-ignored).
"""
from __future__ import annotations

import argparse
import datetime as dt
import ipaddress
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CERTS = Path("certs")
CA_KEY = CERTS / "dev-ca.key"
CA_PEM = CERTS / "dev-ca.pem"
HOST_RE = re.compile(r"^(?=.{1,253}$)(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9-]{1,63}$")
ALLOWED_SUFFIXES = (".localhost", ".internal", ".test")
ENDDATE_RE = re.compile(r"notAfter=(.+)")


def openssl(*args: str, stdin: str | None = None) -> str:
    exe = shutil.which("openssl")
    if not exe:
        raise SystemExit("openssl not found")
    proc = subprocess.run([exe, *args], input=stdin, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"openssl {args[0]} failed:\n{proc.stderr}")
    return proc.stdout


def validate_name(name: str) -> str:
    name = name.strip().lower()
    try:
        ip = ipaddress.ip_address(name)
    except ValueError:
        ip = None
    if ip is not None:
        if not ip.is_loopback:
            raise SystemExit(f"only loopback IPs are allowed, got {name}")
        return f"IP:{name}"
    if name != "localhost" and not name.endswith(ALLOWED_SUFFIXES):
        raise SystemExit(f"{name}: dev certs are only for localhost, *.localhost, *.internal, *.test")
    if not HOST_RE.match(name):
        raise SystemExit(f"{name}: not a valid host name")
    return f"DNS:{name}"


def init_ca(days: int, force: bool) -> None:
    CERTS.mkdir(exist_ok=True)
    if CA_PEM.exists() and not force:
        print(f"{CA_PEM} exists (use --force to replace)")
        return
    old_umask = os.umask(0o077)
    try:
        openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                "-out", str(CA_KEY))
    finally:
        os.umask(old_umask)
    openssl("req", "-x509", "-new", "-key", str(CA_KEY), "-sha256", "-days", str(days),
            "-subj", "/CN=orders dev CA/O=local development", "-out", str(CA_PEM),
            "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
            "-addext", "keyUsage=critical,keyCertSign,cRLSign")
    print(f"created {CA_PEM}")


def issue(names: list[str], days: int) -> Path:
    if not CA_PEM.exists():
        raise SystemExit("no dev CA yet; run `init` first")
    sans = [validate_name(n) for n in names]
    primary = names[0].strip().lower().replace("*", "wildcard")
    key = CERTS / f"{primary}.key"
    pem = CERTS / f"{primary}.pem"
    work = Path(tempfile.mkdtemp(prefix="devcerts-"))
    try:
        csr = work / "req.csr"
        ext = work / "ext.cnf"
        ext.write_text(
            "basicConstraints=CA:FALSE\n"
            "keyUsage=critical,digitalSignature,keyEncipherment\n"
            "extendedKeyUsage=serverAuth\n"
            f"subjectAltName={','.join(sans)}\n",
            encoding="utf-8",
        )
        old_umask = os.umask(0o077)
        try:
            openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                    "-out", str(key))
        finally:
            os.umask(old_umask)
        openssl("req", "-new", "-key", str(key), "-subj", f"/CN={names[0]}", "-out", str(csr))
        openssl("x509", "-req", "-in", str(csr), "-CA", str(CA_PEM), "-CAkey", str(CA_KEY),
                "-CAcreateserial", "-days", str(days), "-sha256", "-extfile", str(ext),
                "-out", str(pem))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    openssl("verify", "-CAfile", str(CA_PEM), str(pem))
    print(f"issued {pem} for {', '.join(sans)}")
    return pem


def expiry(pem: Path) -> dt.datetime:
    out = openssl("x509", "-in", str(pem), "-noout", "-enddate")
    m = ENDDATE_RE.search(out)
    if not m:
        raise SystemExit(f"cannot read expiry of {pem}")
    return dt.datetime.strptime(m.group(1).strip(), "%b %d %H:%M:%S %Y %Z")


def check(warn_days: int) -> int:
    if not CERTS.is_dir():
        print("no certs/ directory")
        return 0
    now = dt.datetime.utcnow()
    status = 0
    for pem in sorted(CERTS.glob("*.pem")):
        left = (expiry(pem) - now).days
        flag = "ok"
        if left < 0:
            flag, status = "EXPIRED", 2
        elif left < warn_days:
            flag, status = "renew soon", max(status, 1)
        print(f"{pem.name:<32} {left:>5} days  {flag}")
        if pem != CA_PEM:
            subject = openssl("x509", "-in", str(pem), "-noout", "-ext", "subjectAltName")
            print("    " + " ".join(subject.split()[1:]))
    return status


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    p_init = sub.add_parser("init")
    p_init.add_argument("--days", type=int, default=825)
    p_init.add_argument("--force", action="store_true")
    p_issue = sub.add_parser("issue")
    p_issue.add_argument("names", nargs="+")
    p_issue.add_argument("--days", type=int, default=90)
    p_check = sub.add_parser("check")
    p_check.add_argument("--warn-days", type=int, default=14)
    args = ap.parse_args(argv)
    if args.cmd == "init":
        init_ca(args.days, args.force)
        return 0
    if args.cmd == "issue":
        issue(args.names, args.days)
        return 0
    return check(args.warn_days)


if __name__ == "__main__":
    sys.exit(main())
