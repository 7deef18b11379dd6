#!/usr/bin/env python3
"""Rotate the development database password stored in Vault.

Steps (each one can be skipped with a flag):
  1. generate a new random password
  2. ALTER ROLE on the local/dev Postgres (localhost or *.dev.internal)
  3. write the new value to Vault KV v2 with `vault kv put` (documented CLI)
  4. verify by reading back the metadata version (never the value)

The password itself is never printed; only a short SHA-256 fingerprint.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import secrets
import shutil
import string
import subprocess
import sys
from urllib.parse import urlparse

KV_PATH_RE = re.compile(r"^secret/(dev|sandbox)/[a-z0-9/_-]+$")
ROLE_RE = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")
ALLOWED_DB_HOSTS = ("localhost", "127.0.0.1")
ALLOWED_DB_SUFFIX = ".dev.internal"
ALPHABET = string.ascii_letters + string.digits + "-_.~"


def fingerprint(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()[:12]


def new_password(length: int = 32) -> str:
    while True:
        pw = "".join(secrets.choice(ALPHABET) for _ in range(length))
        if (any(c.isdigit() for c in pw) and any(c.islower() for c in pw)
                and any(c.isupper() for c in pw)):
            return pw


def require_tool(name: str) -> str:
    path = shutil.which(name)
    if not path:
        raise SystemExit(f"{name} is not installed")
    return path


def vault(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    argv = [require_tool("vault"), *args]
    return subprocess.run(argv, input=stdin, capture_output=True, text=True, check=False)


def check_vault_login() -> None:
    if "VAULT_ADDR" not in os.environ:
        raise SystemExit("VAULT_ADDR is not set")
    proc = vault("token", "lookup", "-format=json")
    if proc.returncode != 0:
        raise SystemExit("not logged in to Vault; run `vault login -method=oidc`")
    ttl = json.loads(proc.stdout)["data"].get("ttl", 0)
    if ttl and ttl < 300:
        print("warning: Vault token expires in under 5 minutes", file=sys.stderr)


def check_db_target(url: str) -> str:
    host = urlparse(url).hostname or ""
    if host in ALLOWED_DB_HOSTS or host.endswith(ALLOWED_DB_SUFFIX):
        return host
    raise SystemExit(f"refusing to rotate against {host!r}: dev databases only")


def alter_role(admin_url: str, role: str, password: str) -> None:
    if not ROLE_RE.match(role):
        raise SystemExit(f"bad role name {role!r}")
    # psql reads the statement from stdin so the password is not in argv/ps
    sql = f"ALTER ROLE {role} WITH PASSWORD '{password}';\n"
    argv = [require_tool("psql"), admin_url, "-v", "ON_ERROR_STOP=1", "-q", "-f", "-"]
    proc = subprocess.run(argv, input=sql, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"ALTER ROLE failed: {proc.stderr.strip()}")


def kv_put(path: str, field: str, password: str) -> int:
    # "-" makes vault read the value from stdin instead of argv
    proc = vault("kv", "put", "-format=json", path, f"{field}=-", stdin=password)
    if proc.returncode != 0:
        raise SystemExit(f"vault kv put failed: {proc.stderr.strip()}")
    return int(json.loads(proc.stdout)["data"]["version"])


def kv_current_version(path: str) -> int | None:
    proc = vault("kv", "metadata", "get", "-format=json", path)
    if proc.returncode != 0:
        return None
    return int(json.loads(proc.stdout)["data"]["current_version"])


def check_app_can_connect(app_url: str | None, role: str) -> None:
    """Optional post-check: connect as the app role using the URL from Vault's
    consumer (the app), not the admin URL. Only reports success/failure."""
    if not app_url:
        return
    host = check_db_target(app_url)
    proc = subprocess.run(
        [require_tool("psql"), app_url, "-tAc", "select current_user"],
        capture_output=True, text=True,
    )
    if proc.returncode == 0 and proc.stdout.strip() == role:
        print(f"app role {role} can connect to {host}")
    else:
        print(f"warning: app role {role} could not connect to {host} yet; "
              "the app reads the new password on restart", file=sys.stderr)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="rotate a dev DB password in Vault")
    ap.add_argument("--kv-path", default="secret/dev/orders/db")
    ap.add_argument("--field", default="password")
    ap.add_argument("--role", default="orders_app")
    ap.add_argument("--admin-url", default=os.environ.get("DEV_DB_ADMIN_URL",
                                                          "postgresql://postgres@localhost:5432/postgres"))
    ap.add_argument("--skip-db", action="store_true")
    ap.add_argument("--length", type=int, default=32)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)

    if not KV_PATH_RE.match(args.kv_path):
        raise SystemExit("only secret/dev/... or secret/sandbox/... paths may be rotated here")
    check_vault_login()
    host = None if args.skip_db else check_db_target(args.admin_url)
    before = kv_current_version(args.kv_path)
    password = new_password(args.length)
    print(f"new password fingerprint {fingerprint(password)} (length {len(password)})")
    if args.dry_run:
        print(f"dry run: would ALTER ROLE {args.role} on {host} and write {args.kv_path}")
        return 0
    if host:
        alter_role(args.admin_url, args.role, password)
        print(f"role {args.role} updated on {host}")
    version = kv_put(args.kv_path, args.field, password)
    after = kv_current_version(args.kv_path)
    if after != version:
        print(f"warning: metadata shows version {after}, put returned {version}", file=sys.stderr)
    print(f"{args.kv_path}: version {before} -> {version}")
    check_app_can_connect(os.environ.get("DEV_DB_APP_URL"), args.role)
    print("restart the app containers to pick up the new credentials: docker compose restart api")
    return 0


if __name__ == "__main__":
    sys.exit(main())
