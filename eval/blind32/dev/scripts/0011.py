#!/usr/bin/env python3
"""Run the integration tests against a throwaway TiDB playground.

Starts `tiup playground` with a fixed tag in the background, waits until the
SQL port answers, loads db/tidb/*.sql, runs pytest with TIDB_DSN pointing at the
playground, and tears the playground down again (only the process group this
script started).  With --keep the playground keeps running and its pid is
written to .tiup-playground.pid so `--stop` can end it later.

The playground data lives under ~/.tiup/data/<tag>; tiup removes it itself when
the playground exits unless --keep-data is passed.
"""
import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pymysql

ROOT = Path(__file__).resolve().parents[1]
PID_FILE = ROOT / ".tiup-playground.pid"
LOG_FILE = ROOT / "build" / "tiup-playground.log"
SQL_DIR = ROOT / "db" / "tidb"
DEFAULT_VERSION = "v7.5.1"


def port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def playground_argv(version: str, tag: str, keep_data: bool, tiflash: int) -> list[str]:
    argv = ["tiup", "playground", version, "--tag", tag,
            "--db", "1", "--pd", "1", "--kv", "1", f"--tiflash={tiflash}",
            "--host", "127.0.0.1", "--without-monitor"]
    if not keep_data:
        argv.append("--clean")
    return argv


def start(args) -> subprocess.Popen:
    if port_open("127.0.0.1", args.port):
        sys.exit(f"port {args.port} already in use; is another playground running?")
    LOG_FILE.parent.mkdir(parents=True, exist_ok=True)
    log = LOG_FILE.open("ab")
    proc = subprocess.Popen(
        playground_argv(args.version, args.tag, args.keep_data, args.tiflash),
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=ROOT,
    )
    PID_FILE.write_text(str(proc.pid))
    deadline = time.time() + args.startup_timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            sys.exit(f"tiup playground exited with {proc.returncode}; see {LOG_FILE}")
        if port_open("127.0.0.1", args.port):
            try:
                conn = pymysql.connect(host="127.0.0.1", port=args.port, user="root", connect_timeout=2)
                conn.close()
                return proc
            except pymysql.err.OperationalError:
                pass
        time.sleep(1)
    stop_group(proc.pid)
    sys.exit("playground did not become ready in time")


def stop_group(pid: int, grace: float = 20.0) -> None:
    """Stop the process group we created with start_new_session=True."""
    try:
        os.killpg(pid, signal.SIGINT)  # tiup cleans up components on SIGINT
    except ProcessLookupError:
        return
    deadline = time.time() + grace
    while time.time() < deadline:
        try:
            os.killpg(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.5)
    else:
        try:
            os.killpg(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    if PID_FILE.exists() and PID_FILE.read_text().strip() == str(pid):
        PID_FILE.unlink()


def load_sql(port: int, database: str) -> int:
    conn = pymysql.connect(host="127.0.0.1", port=port, user="root", autocommit=True)
    count = 0
    try:
        with conn.cursor() as cur:
            cur.execute(f"CREATE DATABASE IF NOT EXISTS `{database}`")
            cur.execute(f"USE `{database}`")
            for path in sorted(SQL_DIR.glob("*.sql")):
                for stmt in path.read_text().split(";\n"):
                    if stmt.strip():
                        cur.execute(stmt)
                        count += 1
    finally:
        conn.close()
    return count


def run_tests(port: int, database: str, pytest_args: list[str]) -> int:
    env = dict(os.environ)
    env["TIDB_DSN"] = f"mysql://root@127.0.0.1:{port}/{database}"
    argv = [sys.executable, "-m", "pytest", "tests/integration", "-m", "tidb", *pytest_args]
    return subprocess.call(argv, cwd=ROOT, env=env)


def tail_log(lines: int = 30) -> None:
    """Show the end of the playground log after a failure."""
    if LOG_FILE.exists():
        content = LOG_FILE.read_text(errors="replace").splitlines()
        print("\n".join(content[-lines:]), file=sys.stderr)


def stop_from_pidfile() -> int:
    if not PID_FILE.exists():
        print("no playground pid file; nothing to stop")
        return 0
    pid = int(PID_FILE.read_text().strip())
    # make sure the pid still belongs to a tiup process before signalling it
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except FileNotFoundError:
        PID_FILE.unlink()
        print("stale pid file removed")
        return 0
    if not cmdline or not cmdline[0].endswith(b"tiup"):
        print(f"pid {pid} is not tiup ({cmdline[:1]}); leaving it alone", file=sys.stderr)
        return 1
    stop_group(pid)
    print(f"stopped playground {pid}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--version", default=DEFAULT_VERSION)
    ap.add_argument("--tag", default="acme-ledger-it")
    ap.add_argument("--port", type=int, default=4000)
    ap.add_argument("--database", default="ledger_it")
    ap.add_argument("--tiflash", type=int, default=0)
    ap.add_argument("--keep", action="store_true", help="leave the playground running")
    ap.add_argument("--keep-data", action="store_true")
    ap.add_argument("--stop", action="store_true", help="stop a playground left by --keep")
    ap.add_argument("--startup-timeout", type=int, default=180)
    ap.add_argument("pytest_args", nargs=argparse.REMAINDER)
    args = ap.parse_args()

    if args.stop:
        return stop_from_pidfile()

    proc = start(args)

    def on_signal(signum, _frame):
        stop_group(proc.pid)
        sys.exit(128 + signum)

    signal.signal(signal.SIGTERM, on_signal)
    signal.signal(signal.SIGINT, on_signal)
    try:
        n = load_sql(args.port, args.database)
        print(f"loaded {n} statements into {args.database}")
        code = run_tests(args.port, args.database, [a for a in args.pytest_args if a != "--"])
        if code != 0:
            tail_log()
    finally:
        if args.keep:
            print(f"playground left running (pid {proc.pid}); stop with --stop")
        else:
            stop_group(proc.pid)
    return code


if __name__ == "__main__":
    sys.exit(main())
