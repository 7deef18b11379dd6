#!/usr/bin/env python3
"""Seed the local Superset used for dashboard development.

Steps (all against the dev instance started by `make superset-dev`):
  1. `superset db upgrade` and `superset init` with SUPERSET_CONFIG_PATH pointing
     at dev/superset/superset_config.py (metadata DB lives in .superset/)
  2. create the admin user once, password generated and stored in
     .superset/admin-password (mode 600); existing users are left alone
  3. register the local warehouse connection (DATABASE_URL from .env, must be
     localhost) through the REST API
  4. import the versioned datasets and dashboards from bi/superset/*.zip
  5. optionally (--examples) run `superset load-examples` for UI work

The subprocess calls use argv lists; the only `shell=True` call runs a fixed
string (`superset version` piped through head) for the log header.
"""
import argparse
import json
import os
import secrets
import stat
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

import requests

ROOT = Path(__file__).resolve().parents[1]
SUPERSET_HOME = ROOT / ".superset"
CONFIG = ROOT / "dev" / "superset" / "superset_config.py"
BUNDLES = ROOT / "bi" / "superset"
BASE_URL = "http://127.0.0.1:8088"
PASSWORD_FILE = SUPERSET_HOME / "admin-password"


def env_file():
    values = {}
    path = ROOT / ".env"
    if path.exists():
        for raw in path.read_text().splitlines():
            key, sep, value = raw.partition("=")
            if sep and not key.startswith("#"):
                values[key.strip()] = value.strip().strip("'\"")
    return values


def superset_env():
    env = dict(os.environ)
    env["SUPERSET_HOME"] = str(SUPERSET_HOME)
    env["SUPERSET_CONFIG_PATH"] = str(CONFIG)
    env["FLASK_APP"] = "superset"
    return env


def superset(*args, check=True):
    argv = ["superset", *args]
    print("+ " + " ".join(argv))
    return subprocess.run(argv, env=superset_env(), check=check, capture_output=True, text=True)


def version_banner():
    out = subprocess.run("superset version 2>/dev/null | head -n 3", shell=True,
                         env=superset_env(), capture_output=True, text=True)
    return out.stdout.strip() or "superset version unknown"


def admin_password():
    SUPERSET_HOME.mkdir(exist_ok=True)
    if PASSWORD_FILE.exists():
        return PASSWORD_FILE.read_text().strip(), False
    password = secrets.token_urlsafe(18)
    fd = os.open(PASSWORD_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, stat.S_IRUSR | stat.S_IWUSR)
    with os.fdopen(fd, "w") as fh:
        fh.write(password + "\n")
    return password, True


def ensure_admin(password, created):
    users = superset("fab", "list-users", check=False).stdout
    if "username:admin" in users.replace(" ", ""):
        if created:
            print("admin exists already; the generated password file was not used", file=sys.stderr)
        return
    superset("fab", "create-admin", "--username", "admin", "--firstname", "Dev", "--lastname", "Admin",
             "--email", "admin@example.com", "--password", password)


def wait_for_server(timeout=90):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{BASE_URL}/health", timeout=2).ok:
                return
        except requests.RequestException:
            pass
        time.sleep(2)
    sys.exit("Superset is not answering on 127.0.0.1:8088; start it with `make superset-dev`")


def api_session(password):
    s = requests.Session()
    token = s.post(f"{BASE_URL}/api/v1/security/login", json={
        "username": "admin", "password": password, "provider": "db", "refresh": False}, timeout=15)
    token.raise_for_status()
    s.headers["Authorization"] = f"Bearer {token.json()['access_token']}"
    csrf = s.get(f"{BASE_URL}/api/v1/security/csrf_token/", timeout=15)
    csrf.raise_for_status()
    s.headers["X-CSRFToken"] = csrf.json()["result"]
    s.headers["Referer"] = BASE_URL
    return s


def register_warehouse(s, url):
    host = urlparse(url).hostname
    if host not in ("localhost", "127.0.0.1"):
        sys.exit(f"DATABASE_URL points at {host}; only the local warehouse may be registered")
    existing = s.get(f"{BASE_URL}/api/v1/database/", params={"q": "(page_size:100)"}, timeout=15).json()
    names = {d["database_name"]: d["id"] for d in existing.get("result", [])}
    body = {"database_name": "warehouse_dev", "sqlalchemy_uri": url, "expose_in_sqllab": True,
            "allow_run_async": False}
    if "warehouse_dev" in names:
        resp = s.put(f"{BASE_URL}/api/v1/database/{names['warehouse_dev']}", json=body, timeout=30)
    else:
        resp = s.post(f"{BASE_URL}/api/v1/database/", json=body, timeout=30)
    resp.raise_for_status()
    print("warehouse_dev connection registered")


def import_bundles(s, password_map):
    for bundle in sorted(BUNDLES.glob("*.zip")):
        kind = "dashboard" if bundle.name.startswith("dashboards") else "dataset"
        with bundle.open("rb") as fh:
            resp = s.post(f"{BASE_URL}/api/v1/{kind}/import/",
                          files={"formData": (bundle.name, fh, "application/zip")},
                          data={"overwrite": "true", "passwords": json.dumps(password_map)},
                          timeout=120)
        if resp.status_code >= 400:
            print(f"import of {bundle.name} failed: {resp.status_code} {resp.text[:200]}", file=sys.stderr)
            continue
        print(f"imported {bundle.name}")


def list_dashboards(s):
    """Print what the dev instance now contains, as a quick sanity check."""
    resp = s.get(f"{BASE_URL}/api/v1/dashboard/", params={"q": "(page_size:100)"}, timeout=30)
    if not resp.ok:
        print(f"could not list dashboards: {resp.status_code}", file=sys.stderr)
        return
    for d in resp.json().get("result", []):
        state = "published" if d.get("published") else "draft"
        print(f"  {d['id']:>4}  {d['dashboard_title']:<40} {state}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.strip().split("\n")[0])
    ap.add_argument("--examples", action="store_true", help="also load the Superset example data")
    ap.add_argument("--skip-init", action="store_true")
    args = ap.parse_args()

    print(version_banner())
    if not args.skip_init:
        superset("db", "upgrade")
        superset("init")
    password, created = admin_password()
    ensure_admin(password, created)
    wait_for_server()
    session = api_session(password)

    env = env_file()
    url = env.get("DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        register_warehouse(session, url)
        import_bundles(session, {"databases/warehouse_dev.yaml": urlparse(url).password or ""})
    else:
        print("DATABASE_URL not set; skipping warehouse and bundle import", file=sys.stderr)
    if args.examples:
        superset("load-examples", "--only-metadata")
    list_dashboards(session)
    print(f"done; log in at {BASE_URL} as admin (password in {PASSWORD_FILE.relative_to(ROOT)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
