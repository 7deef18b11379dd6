#!/usr/bin/env python3
"""Development PKI for the fernbank services, built with `cryptography`.

Creates, inside ./pki:
    root/ca.key, root/ca.crt          offline-style root, 2 years
    inter/ca.key, inter/ca.crt        intermediate used for issuing, 1 year
    leaf/<name>.key, leaf/<name>.crt  server and client certificates, 30 days
    bundle/<name>-fullchain.pem       leaf + intermediate for servers
    bundle/trust.pem                  root only, for clients

The root key never leaves ./pki and is never installed into an OS trust store:
services and tests receive bundle/trust.pem explicitly. Run with --rotate-leaves
from the Makefile's `certs` target; --wipe deletes ./pki completely.
"""
from __future__ import annotations

import argparse
import datetime as dt
import ipaddress
import json
import os
import shutil
import stat
import sys
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

BASE = Path(__file__).resolve().parents[1]
PKI = BASE / "pki"
SPEC_FILE = BASE / "pki.json"

DEFAULT_SPEC = {
    "org": "Fernbank Dev",
    "leaves": {
        "gateway": {"kind": "server", "names": ["gateway.fernbank.localhost", "localhost", "127.0.0.1"]},
        "ledger": {"kind": "server", "names": ["ledger.fernbank.localhost"]},
        "worker": {"kind": "client", "names": ["worker"]},
        "cli": {"kind": "client", "names": ["cli-dev"]},
    },
}

NOW = dt.datetime.now(dt.timezone.utc)


def load_spec() -> dict:
    spec = json.loads(json.dumps(DEFAULT_SPEC))
    if SPEC_FILE.exists():
        user = json.loads(SPEC_FILE.read_text())
        spec["org"] = user.get("org", spec["org"])
        spec["leaves"].update(user.get("leaves", {}))
    for name, leaf in spec["leaves"].items():
        if leaf["kind"] not in ("server", "client"):
            raise SystemExit(f"{name}: kind must be server or client")
        if not leaf["names"]:
            raise SystemExit(f"{name}: needs at least one name")
    return spec


def private_file(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, stat.S_IRUSR | stat.S_IWUSR)
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def public_file(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def new_key() -> ec.EllipticCurvePrivateKey:
    return ec.generate_private_key(ec.SECP256R1())


def key_pem(key) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def cert_pem(cert: x509.Certificate) -> bytes:
    return cert.public_bytes(serialization.Encoding.PEM)


def subject(org: str, cn: str) -> x509.Name:
    return x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, org),
        x509.NameAttribute(NameOID.COMMON_NAME, cn),
    ])


def ca_cert(org, cn, key, issuer_key, issuer_name, days, path_len):
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject(org, cn))
        .issuer_name(issuer_name or subject(org, cn))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOW - dt.timedelta(minutes=5))
        .not_valid_after(NOW + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=True, path_length=path_len), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, key_cert_sign=True, crl_sign=True,
                content_commitment=False, key_encipherment=False, data_encipherment=False,
                key_agreement=False, encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    )
    return builder.sign(issuer_key, hashes.SHA256())


def san_entries(names):
    entries = []
    for n in names:
        try:
            entries.append(x509.IPAddress(ipaddress.ip_address(n)))
        except ValueError:
            entries.append(x509.DNSName(n))
    return entries


def leaf_cert(org, name, leaf, key, inter_key, inter_cert, days):
    usage = ExtendedKeyUsageOID.SERVER_AUTH if leaf["kind"] == "server" else ExtendedKeyUsageOID.CLIENT_AUTH
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject(org, leaf["names"][0]))
        .issuer_name(inter_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(NOW - dt.timedelta(minutes=5))
        .not_valid_after(NOW + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([usage]), critical=False)
        .add_extension(x509.SubjectAlternativeName(san_entries(leaf["names"])), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(inter_key.public_key()), critical=False
        )
    )
    return builder.sign(inter_key, hashes.SHA256())


def load_pair(key_path: Path, crt_path: Path):
    key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    crt = x509.load_pem_x509_certificate(crt_path.read_bytes())
    return key, crt


def ensure_root_and_intermediate(org: str):
    root_key_p, root_crt_p = PKI / "root" / "ca.key", PKI / "root" / "ca.crt"
    inter_key_p, inter_crt_p = PKI / "inter" / "ca.key", PKI / "inter" / "ca.crt"
    if root_key_p.exists() and root_crt_p.exists():
        root_key, root_crt = load_pair(root_key_p, root_crt_p)
    else:
        root_key = new_key()
        root_crt = ca_cert(org, f"{org} Root", root_key, root_key, None, 730, 1)
        private_file(root_key_p, key_pem(root_key))
        public_file(root_crt_p, cert_pem(root_crt))
        print("created root CA")
    if inter_key_p.exists() and inter_crt_p.exists():
        inter_key, inter_crt = load_pair(inter_key_p, inter_crt_p)
    else:
        inter_key = new_key()
        inter_crt = ca_cert(org, f"{org} Issuing", inter_key, root_key, root_crt.subject, 365, 0)
        private_file(inter_key_p, key_pem(inter_key))
        public_file(inter_crt_p, cert_pem(inter_crt))
        print("created intermediate CA")
    return root_crt, inter_key, inter_crt


def issue_leaves(spec, inter_key, inter_crt, root_crt, rotate: bool, days: int):
    for name, leaf in spec["leaves"].items():
        key_p = PKI / "leaf" / f"{name}.key"
        crt_p = PKI / "leaf" / f"{name}.crt"
        if crt_p.exists() and not rotate:
            existing = x509.load_pem_x509_certificate(crt_p.read_bytes())
            if existing.not_valid_after_utc - NOW > dt.timedelta(days=7):
                continue
        key = new_key()
        crt = leaf_cert(spec["org"], name, leaf, key, inter_key, inter_crt, days)
        private_file(key_p, key_pem(key))
        public_file(crt_p, cert_pem(crt))
        public_file(PKI / "bundle" / f"{name}-fullchain.pem", cert_pem(crt) + cert_pem(inter_crt))
        print(f"issued {leaf['kind']} certificate {name}: {', '.join(leaf['names'])}")
    public_file(PKI / "bundle" / "trust.pem", cert_pem(root_crt))


def inventory() -> list[dict]:
    rows = []
    for crt_p in sorted(PKI.rglob("*.crt")):
        crt = x509.load_pem_x509_certificate(crt_p.read_bytes())
        rows.append({
            "file": str(crt_p.relative_to(BASE)),
            "subject": crt.subject.rfc4514_string(),
            "expires": crt.not_valid_after_utc.date().isoformat(),
            "days_left": (crt.not_valid_after_utc - NOW).days,
        })
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description="fernbank dev PKI")
    ap.add_argument("--rotate-leaves", action="store_true")
    ap.add_argument("--days", type=int, default=30)
    ap.add_argument("--list", action="store_true", help="print the certificate inventory")
    ap.add_argument("--wipe", action="store_true", help="delete ./pki entirely")
    args = ap.parse_args()

    if args.wipe:
        if PKI.exists():
            shutil.rmtree(PKI)
            print("removed ./pki")
        return 0
    if args.list:
        for row in inventory():
            print(f"{row['days_left']:5d}d  {row['expires']}  {row['file']}  {row['subject']}")
        return 0
    if not 1 <= args.days <= 90:
        raise SystemExit("--days must be between 1 and 90")

    spec = load_spec()
    root_crt, inter_key, inter_crt = ensure_root_and_intermediate(spec["org"])
    issue_leaves(spec, inter_key, inter_crt, root_crt, args.rotate_leaves, args.days)
    (PKI / ".gitignore").write_text("*.key\n")
    print("trust bundle for clients: pki/bundle/trust.pem")
    return 0


if __name__ == "__main__":
    sys.exit(main())
