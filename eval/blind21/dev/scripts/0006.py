#!/usr/bin/env python3
"""Load LDAP test fixtures into the local OpenLDAP container.

The integration tests for the SSO service expect a directory with a handful
of users and groups under ou=fixtures. This script:

  1. starts the `ldap` service from docker-compose.test.yml if it is not up,
  2. waits until slapd answers,
  3. deletes the previous ou=fixtures subtree (only that subtree),
  4. renders fixtures/ldap/*.ldif.tmpl with values from .env.test,
  5. loads them with ldapadd.

It refuses to talk to anything but localhost / 127.0.0.1: the admin
password in .env.test is the container's throwaway one.
"""
import argparse
import os
import string
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
COMPOSE = ROOT / "docker-compose.test.yml"
FIXTURES = ROOT / "fixtures" / "ldap"
ENV_FILE = ROOT / ".env.test"

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}
FIXTURE_OU = "ou=fixtures"


def die(*parts) -> None:
    print("load_ldap_fixtures:", *parts, file=sys.stderr)
    sys.exit(1)


def read_env(path: Path) -> dict:
    env = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            k, v = line.split("=", 1)
            env[k.strip()] = v.strip().strip("'\"")
    return env


def compose(*args, check=True, capture=False):
    argv = ["docker", "compose", "-f", str(COMPOSE), *args]
    return subprocess.run(argv, check=check, text=True,
                          capture_output=capture, cwd=ROOT)


def ensure_container() -> None:
    res = compose("ps", "--status", "running", "--services", capture=True, check=False)
    if "ldap" in res.stdout.split():
        return
    print("starting ldap container ...")
    compose("up", "-d", "ldap")


def ldap_argv(tool: str, cfg: dict, *extra: str) -> list:
    return [tool, "-x", "-H", cfg["LDAP_URL"], "-D", cfg["LDAP_ADMIN_DN"],
            "-w", cfg["LDAP_ADMIN_PASSWORD"], *extra]


def wait_ready(cfg: dict, timeout: int = 60) -> None:
    deadline = time.time() + timeout
    delay = 0.5
    argv = ["ldapsearch", "-x", "-H", cfg["LDAP_URL"], "-b", "", "-s", "base", "namingContexts"]
    while time.time() < deadline:
        if subprocess.run(argv, capture_output=True).returncode == 0:
            return
        time.sleep(delay)
        delay = min(delay * 1.5, 4)
    die(f"slapd not ready at {cfg['LDAP_URL']} after {timeout}s")


def wipe_fixture_subtree(cfg: dict) -> None:
    base = f"{FIXTURE_OU},{cfg['LDAP_BASE_DN']}"
    res = subprocess.run(ldap_argv("ldapsearch", cfg, "-b", base, "-s", "base", "dn"),
                         capture_output=True, text=True)
    if res.returncode == 32:  # noSuchObject: first run
        return
    if res.returncode != 0:
        die("ldapsearch failed:", res.stderr.strip())
    print(f"removing previous {base}")
    subprocess.run(ldap_argv("ldapdelete", cfg, "-r", base), check=True)


def render(tmpl: Path, values: dict) -> str:
    text = string.Template(tmpl.read_text())
    try:
        return text.substitute(values)
    except KeyError as exc:
        die(f"{tmpl.name} needs {exc} (add it to .env.test)")


def load(cfg: dict, files: list, dry_run: bool) -> int:
    loaded = 0
    with tempfile.TemporaryDirectory(prefix="ldif-") as tmp:
        for tmpl in files:
            out = Path(tmp) / tmpl.name.replace(".tmpl", "")
            out.write_text(render(tmpl, cfg))
            entries = out.read_text().count("\ndn: ") + out.read_text().startswith("dn: ")
            if dry_run:
                print(f"would load {entries:3} entries from {tmpl.name}")
                continue
            res = subprocess.run(ldap_argv("ldapadd", cfg, "-c", "-f", str(out)),
                                 capture_output=True, text=True)
            if res.returncode not in (0, 68):  # 68 = already exists, fine with -c
                print(res.stderr, file=sys.stderr)
                die(f"ldapadd failed on {tmpl.name}")
            print(f"loaded {entries:3} entries from {tmpl.name}")
            loaded += entries
    return loaded


def verify(cfg: dict) -> int:
    """Count the users and groups that ended up under the fixture OU."""
    base = f"{FIXTURE_OU},{cfg['LDAP_BASE_DN']}"
    counts = {}
    for label, flt in (("users", "(objectClass=inetOrgPerson)"),
                       ("groups", "(objectClass=groupOfNames)")):
        res = subprocess.run(ldap_argv("ldapsearch", cfg, "-LLL", "-b", base, flt, "dn"),
                             capture_output=True, text=True)
        if res.returncode != 0:
            print(res.stderr, file=sys.stderr)
            die(f"verification search for {label} failed")
        counts[label] = sum(1 for line in res.stdout.splitlines() if line.startswith("dn: "))
    print(f"verify: {counts['users']} users, {counts['groups']} groups under {base}")
    if counts["users"] == 0:
        die("no users loaded; check the templates")
    return counts["users"]


def teardown(cfg: dict) -> None:
    """Stop the container again; its volume is anonymous, so data goes with it."""
    print("stopping ldap container")
    compose("rm", "--stop", "--force", "ldap", check=False)


def check_local(cfg: dict) -> None:
    url = urlparse(cfg["LDAP_URL"])
    if url.hostname not in LOCAL_HOSTS:
        die(f"LDAP_URL host {url.hostname!r} is not local; this loader only "
            "writes to the test container")
    if not cfg["LDAP_BASE_DN"].endswith("dc=example,dc=org"):
        die("unexpected base DN; fixtures are written for dc=example,dc=org")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--no-wipe", action="store_true")
    ap.add_argument("--only", help="load a single fixture file")
    ap.add_argument("--teardown", action="store_true", help="stop the container afterwards")
    args = ap.parse_args()

    if not ENV_FILE.exists():
        die(".env.test missing; copy .env.test.example")
    cfg = {**read_env(ENV_FILE), **{k: v for k, v in os.environ.items() if k.startswith("LDAP_")}}
    for key in ("LDAP_URL", "LDAP_BASE_DN", "LDAP_ADMIN_DN", "LDAP_ADMIN_PASSWORD"):
        if key not in cfg:
            die(f"{key} not set")
    check_local(cfg)

    files = sorted(FIXTURES.glob("*.ldif.tmpl"))
    if args.only:
        files = [f for f in files if f.name.startswith(args.only)]
    if not files:
        die("no fixture templates matched")

    if not args.dry_run:
        ensure_container()
        wait_ready(cfg)
        if not args.no_wipe:
            wipe_fixture_subtree(cfg)
    n = load(cfg, files, args.dry_run)
    if not args.dry_run:
        print(f"done: {n} entries under {FIXTURE_OU},{cfg['LDAP_BASE_DN']}")
        verify(cfg)
        if args.teardown:
            teardown(cfg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
