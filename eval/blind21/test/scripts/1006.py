#!/usr/bin/env python3
"""Run the Kerberos-authenticated integration tests against the test KDC.

The docker-compose.kdc.yml stack starts an MIT KDC for the realm LEDGER.TEST
and an SPNEGO-protected test service. This script:

  1. starts the stack (only its own compose project name),
  2. creates a private credential cache in a temp dir (KRB5CCNAME) so the
     developer's own tickets are never touched,
  3. kinit's with the keytab committed under test/fixtures (test realm only),
  4. runs pytest -m kerberos with that cache,
  5. kdestroy's *only that cache* and deletes the temp dir, then stops the
     stack unless --keep-stack is given.
"""
import argparse
import atexit
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMPOSE_FILE = ROOT / "docker-compose.kdc.yml"
COMPOSE_PROJECT = "ledger-kdc-test"
KEYTAB = ROOT / "test" / "fixtures" / "ledger.keytab"
KRB5_CONF = ROOT / "test" / "fixtures" / "krb5.conf"
PRINCIPAL = "svc-ledger@LEDGER.TEST"
REALM = "LEDGER.TEST"


class Session:
    def __init__(self, keep_stack: bool):
        self.keep_stack = keep_stack
        self.tmp = Path(tempfile.mkdtemp(prefix="krb-itest-"))
        self.ccache = f"FILE:{self.tmp / 'ccache'}"
        self.stack_started = False

    def env(self) -> dict:
        env = dict(os.environ)
        env["KRB5CCNAME"] = self.ccache
        env["KRB5_CONFIG"] = str(KRB5_CONF)
        env["KRB5_TRACE"] = str(self.tmp / "krb5.trace")
        return env

    def compose(self, *args, check=True):
        argv = ["docker", "compose", "-p", COMPOSE_PROJECT, "-f", str(COMPOSE_FILE), *args]
        return subprocess.run(argv, cwd=ROOT, check=check, text=True, capture_output=True)

    def start_stack(self):
        print("starting KDC stack ...")
        self.compose("up", "-d", "--wait")
        self.stack_started = True

    def stop_stack(self):
        if self.stack_started and not self.keep_stack:
            print("stopping KDC stack")
            self.compose("down", "--volumes", check=False)

    def kinit(self, attempts=10):
        delay = 1.0
        for attempt in range(1, attempts + 1):
            result = subprocess.run(["kinit", "-k", "-t", str(KEYTAB), PRINCIPAL],
                                    env=self.env(), capture_output=True, text=True)
            if result.returncode == 0:
                print(f"obtained ticket for {PRINCIPAL} in private cache")
                return
            if attempt == attempts:
                sys.exit(f"kinit failed: {result.stderr.strip()}")
            time.sleep(delay)
            delay = min(delay * 1.5, 5)

    def klist(self):
        subprocess.run(["klist"], env=self.env(), check=False)

    def kdestroy(self):
        # only the private cache created above; plain `kdestroy` with our
        # KRB5CCNAME, never -A
        subprocess.run(["kdestroy"], env=self.env(), check=False, capture_output=True)

    def cleanup(self):
        self.kdestroy()
        self.stop_stack()
        if self.tmp.exists():
            shutil.rmtree(self.tmp, ignore_errors=True)


# Tools the test run needs on the developer machine. The KDC itself and the
# SPNEGO service run in containers; only the client side is local. The
# keytab is generated for the throwaway LEDGER.TEST realm and is safe to
# commit; the check below makes sure nobody swapped in a real one.
# krb5.conf under test/fixtures points the realm at localhost:88.
# Nothing here reads /etc/krb5.conf or the user's default cache.
def preflight():
    for tool in ("docker", "kinit", "klist", "kdestroy"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} not found; install krb5-user and docker")
    if not KEYTAB.exists():
        sys.exit(f"missing {KEYTAB.relative_to(ROOT)}; run test/fixtures/make-keytab.sh")
    if REALM not in KRB5_CONF.read_text():
        sys.exit("test krb5.conf does not define the LEDGER.TEST realm")
    listing = subprocess.run(["klist", "-k", str(KEYTAB)], capture_output=True, text=True)
    principals = {line.split()[-1] for line in listing.stdout.splitlines() if "@" in line}
    if any(not p.endswith(f"@{REALM}") for p in principals):
        sys.exit("keytab contains principals outside the test realm; refusing to use it")


def wait_for_service(session: Session, url: str = "http://localhost:8088/healthz", seconds: int = 60) -> None:
    """The SPNEGO service answers 401 before it is ready to negotiate and
    200 on /healthz once its keytab is loaded."""
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as resp:
                if resp.status == 200:
                    print("test service is ready")
                    return
        except urllib.error.HTTPError as err:
            if err.code not in (401, 503):
                raise
        except (urllib.error.URLError, ConnectionError):
            pass
        time.sleep(1)
    logs = session.compose("logs", "--tail", "40", check=False).stdout
    print(logs)
    sys.exit("test service did not become ready")


def negotiate_smoke(session: Session) -> None:
    """One SPNEGO request with curl before the full suite, for a clear error."""
    result = subprocess.run(["curl", "-fsS", "--negotiate", "-u", ":", "http://localhost:8088/whoami"],
                            env=session.env(), capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"SPNEGO smoke test failed: {result.stderr.strip()}")
    print(f"service sees us as: {result.stdout.strip()}")


def run_tests(session: Session, pytest_args) -> int:
    argv = [sys.executable, "-m", "pytest", "-m", "kerberos", "-q", *pytest_args]
    print("+", " ".join(argv))
    return subprocess.run(argv, cwd=ROOT, env=session.env()).returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--keep-stack", action="store_true")
    ap.add_argument("--no-stack", action="store_true", help="stack already running")
    ap.add_argument("--show-trace", action="store_true")
    ap.add_argument("pytest_args", nargs="*")
    args = ap.parse_args()

    preflight()
    session = Session(args.keep_stack)
    atexit.register(session.cleanup)
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda signum, _f: sys.exit(128 + signum))

    if not args.no_stack:
        session.start_stack()
    wait_for_service(session)
    session.kinit()
    session.klist()
    negotiate_smoke(session)
    code = run_tests(session, args.pytest_args)
    if code and args.show_trace:
        trace = session.tmp / "krb5.trace"
        if trace.exists():
            print("\n--- krb5 trace (last 60 lines) ---")
            print("\n".join(trace.read_text().splitlines()[-60:]))
    return code


if __name__ == "__main__":
    sys.exit(main())
