#!/usr/bin/env python3
"""Build a project-local CA bundle: public roots + our internal dev CA.

Some of our services on *.internal use certificates from the team's dev CA.
Instead of touching the system trust store, we build .certs/bundle.pem from
certifi's public bundle plus the PEM files committed in certs/trusted/, and
print the per-process variables that point tools at it:

    REQUESTS_CA_BUNDLE, SSL_CERT_FILE, NODE_EXTRA_CA_CERTS, CURL_CA_BUNDLE

    python scripts/ca_bundle.py build
    python scripts/ca_bundle.py env >> .envrc.local   # then direnv allow
    python scripts/ca_bundle.py check https://git.dev.internal

Every certificate is parsed and its subject/expiry printed before it is
included; expired or non-CA certificates are rejected.
"""
from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import socket
import ssl
import sys
from pathlib import Path
from urllib.parse import urlparse

try:
    import certifi
    from cryptography import x509
    from cryptography.hazmat.primitives import serialization
except ImportError:
    sys.exit("needs certifi and cryptography: uv add --dev certifi cryptography")

PROJECT = Path(__file__).resolve().parent.parent
TRUSTED_DIR = PROJECT / "certs" / "trusted"
OUT_DIR = PROJECT / ".certs"
BUNDLE = OUT_DIR / "bundle.pem"
EXTRA_ONLY = OUT_DIR / "extra.pem"
MARK_BEGIN = "# ---- project CAs below (certs/trusted) ----"


def load_pem_certs(path: Path) -> list[x509.Certificate]:
    data = path.read_bytes()
    certs = x509.load_pem_x509_certificates(data)
    if not certs:
        raise ValueError(f"{path.name}: no certificates found")
    return certs


def describe(cert: x509.Certificate) -> str:
    subject = cert.subject.rfc4514_string()
    not_after = cert.not_valid_after_utc.date().isoformat()
    fp = hashlib.sha256(cert.public_bytes(serialization.Encoding.DER)).hexdigest()[:16]
    return f"{subject} (expires {not_after}, sha256 {fp}…)"


def is_ca(cert: x509.Certificate) -> bool:
    try:
        bc = cert.extensions.get_extension_for_class(x509.BasicConstraints).value
    except x509.ExtensionNotFound:
        return False
    return bc.ca


def collect_project_cas() -> list[x509.Certificate]:
    if not TRUSTED_DIR.is_dir():
        sys.exit(f"{TRUSTED_DIR.relative_to(PROJECT)} does not exist")
    now = dt.datetime.now(dt.timezone.utc)
    accepted = []
    for pem in sorted(TRUSTED_DIR.glob("*.pem")):
        for cert in load_pem_certs(pem):
            if cert.not_valid_after_utc < now:
                print(f"  reject (expired): {describe(cert)}")
                continue
            if not is_ca(cert):
                print(f"  reject (not a CA): {describe(cert)}")
                continue
            print(f"  include: {describe(cert)}")
            accepted.append(cert)
    return accepted


def build() -> int:
    print(f"public roots: {certifi.where()}")
    print(f"project CAs from {TRUSTED_DIR.relative_to(PROJECT)}:")
    extra = collect_project_cas()
    if not extra:
        print("no usable project CAs; bundle would equal certifi's, not writing")
        return 1
    OUT_DIR.mkdir(exist_ok=True)
    extra_pem = b"".join(c.public_bytes(serialization.Encoding.PEM) for c in extra)
    public = Path(certifi.where()).read_bytes()
    tmp = BUNDLE.with_suffix(".tmp")
    tmp.write_bytes(public.rstrip(b"\n") + b"\n\n" + MARK_BEGIN.encode() + b"\n" + extra_pem)
    tmp.replace(BUNDLE)
    EXTRA_ONLY.write_bytes(extra_pem)
    (OUT_DIR / ".gitignore").write_text("*\n")
    print(f"wrote {BUNDLE.relative_to(PROJECT)} and {EXTRA_ONLY.relative_to(PROJECT)}")
    return 0


def env_lines() -> list[str]:
    if not BUNDLE.exists():
        sys.exit("run `build` first")
    return [
        f"export REQUESTS_CA_BUNDLE={BUNDLE}",
        f"export SSL_CERT_FILE={BUNDLE}",
        f"export CURL_CA_BUNDLE={BUNDLE}",
        # Node keeps its own roots and only needs the extra ones
        f"export NODE_EXTRA_CA_CERTS={EXTRA_ONLY}",
    ]


def check(url: str) -> int:
    parsed = urlparse(url if "://" in url else f"https://{url}")
    host = parsed.hostname or ""
    if not (host.endswith(".internal") or host in ("localhost", "127.0.0.1")):
        print(f"check is meant for internal hosts; {host} would use the public roots anyway")
    port = parsed.port or 443
    ctx = ssl.create_default_context(cafile=str(BUNDLE))
    try:
        with socket.create_connection((host, port), timeout=10) as sock:
            with ctx.wrap_socket(sock, server_hostname=host) as tls:
                cert = tls.getpeercert()
    except ssl.SSLCertVerificationError as exc:
        print(f"verification FAILED for {host}: {exc.verify_message}")
        return 1
    except OSError as exc:
        print(f"could not connect to {host}:{port}: {exc}")
        return 2
    issuer = dict(x[0] for x in cert.get("issuer", ()))
    print(f"verified {host}:{port}, issuer {issuer.get('commonName', '?')}, expires {cert.get('notAfter')}")
    return 0


def list_bundle() -> int:
    """Print what the generated bundle contains beyond certifi's roots."""
    if not EXTRA_ONLY.exists():
        print("no bundle yet")
        return 1
    for cert in load_pem_certs(EXTRA_ONLY):
        days = (cert.not_valid_after_utc - dt.datetime.now(dt.timezone.utc)).days
        warn = "  <-- expires soon" if days < 30 else ""
        print(f"{describe(cert)}{warn}")
    return 0


def clean() -> int:
    removed = 0
    for p in (BUNDLE, EXTRA_ONLY, OUT_DIR / ".gitignore"):
        if p.exists():
            p.unlink()
            removed += 1
    if OUT_DIR.exists() and not any(OUT_DIR.iterdir()):
        OUT_DIR.rmdir()
    print(f"removed {removed} generated file(s)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description="project-local CA bundle (no system trust changes)")
    sub = ap.add_subparsers(dest="cmd", required=True, metavar="COMMAND")
    sub.add_parser("build")
    sub.add_parser("env")
    c = sub.add_parser("check")
    c.add_argument("url")
    sub.add_parser("clean")
    sub.add_parser("list")
    args = ap.parse_args()
    if args.cmd == "list":
        return list_bundle()
    if args.cmd == "build":
        return build()
    if args.cmd == "env":
        print("\n".join(env_lines()))
        return 0
    if args.cmd == "check":
        return check(args.url)
    return clean()


if __name__ == "__main__":
    sys.exit(main())
