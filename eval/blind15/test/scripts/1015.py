"""conftest.py for the ledger gRPC service integration tests.

Fixtures:
  * ``ledger_home``  - a fresh temp directory with config + sqlite file,
                       removed after the test
  * ``ledger_server`` - the real server binary started on 127.0.0.1 with a
                       random port; stopped (only that process) afterwards
  * ``fake_clock``   - a tiny HTTP time service on 127.0.0.1 that the server
                       is pointed at, so tests can move time forward
  * ``cli``          - helper to run the `ledgerctl` CLI against the server
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Callable, Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
SERVER_BIN = REPO / "target" / "debug" / "ledgerd"
CLI_BIN = REPO / "target" / "debug" / "ledgerctl"


def _port() -> int:
    with contextlib.closing(socket.socket(socket.AF_INET)) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_listening(port: int, proc: subprocess.Popen, timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"ledgerd exited with {proc.returncode}")
        with contextlib.suppress(OSError):
            with socket.create_connection(("127.0.0.1", port), timeout=0.25):
                return
        time.sleep(0.05)
    raise TimeoutError(f"ledgerd not listening on {port}")


class _ClockHandler(BaseHTTPRequestHandler):
    now = 1_700_000_000.0

    def log_message(self, fmt: str, *args: object) -> None:  # silence
        return

    def do_GET(self) -> None:
        body = json.dumps({"unix": type(self).now}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        delta = json.loads(self.rfile.read(length) or b"{}").get("advance", 0)
        type(self).now += float(delta)
        self.send_response(204)
        self.end_headers()


@pytest.fixture()
def fake_clock() -> Iterator[tuple[str, Callable[[float], None]]]:
    _ClockHandler.now = 1_700_000_000.0
    server = ThreadingHTTPServer(("127.0.0.1", 0), _ClockHandler)
    t = threading.Thread(target=server.serve_forever, name="fake-clock", daemon=True)
    t.start()
    url = f"http://127.0.0.1:{server.server_address[1]}"

    def advance(seconds: float) -> None:
        _ClockHandler.now += seconds

    try:
        yield url, advance
    finally:
        server.shutdown()
        server.server_close()
        t.join(timeout=5)


@pytest.fixture()
def ledger_home() -> Iterator[Path]:
    home = Path(tempfile.mkdtemp(prefix="ledger-it-"))
    db = home / "ledger.sqlite"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE meta (k TEXT PRIMARY KEY, v TEXT)")
        conn.execute("INSERT INTO meta VALUES ('schema', '12')")
    (home / "ledgerd.toml").write_text(
        "\n".join([
            "[storage]",
            f'path = "{db}"',
            "[log]",
            'level = "warn"',
        ]) + "\n",
        encoding="utf-8",
    )
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture()
def ledger_server(ledger_home: Path, fake_clock) -> Iterator[str]:
    if not SERVER_BIN.exists():
        pytest.skip("ledgerd not built; run cargo build first")
    clock_url, _ = fake_clock
    port = _port()
    env = {
        **os.environ,
        "LEDGERD_CONFIG": str(ledger_home / "ledgerd.toml"),
        "LEDGERD_LISTEN": f"127.0.0.1:{port}",
        "LEDGERD_CLOCK_URL": clock_url,
        "RUST_LOG": "warn",
    }
    log = open(ledger_home / "ledgerd.log", "wb")
    proc = subprocess.Popen([str(SERVER_BIN)], env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        _wait_listening(port, proc)
        yield f"127.0.0.1:{port}"
    finally:
        # stop only the server this fixture started (its own process group)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGINT)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        log.close()
        if proc.returncode not in (0, -signal.SIGINT, 130):
            sys.stderr.write((ledger_home / "ledgerd.log").read_text(errors="replace")[-4000:])


@pytest.fixture()
def cli(ledger_server: str) -> Callable[..., subprocess.CompletedProcess]:
    if not CLI_BIN.exists():
        pytest.skip("ledgerctl not built")

    def run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
        proc = subprocess.run([str(CLI_BIN), "--server", ledger_server, *args],
                              capture_output=True, text=True, timeout=30)
        if check and proc.returncode != 0:
            raise AssertionError(f"ledgerctl {' '.join(args)} failed:\n{proc.stderr}")
        return proc

    return run


def test_post_and_balance(cli) -> None:
    cli("account", "create", "cash")
    cli("post", "--debit", "cash", "--credit", "equity", "--amount", "100.00")
    out = cli("balance", "cash", "--json").stdout
    assert json.loads(out)["balance"] == "100.00"


def test_interest_accrues_with_clock(cli, fake_clock) -> None:
    _, advance = fake_clock
    cli("account", "create", "savings", "--rate", "0.05")
    cli("post", "--debit", "savings", "--credit", "equity", "--amount", "1000.00")
    advance(365 * 86400)
    out = json.loads(cli("balance", "savings", "--json").stdout)
    assert out["balance"].startswith("1050")


def test_rejects_unbalanced(cli) -> None:
    proc = cli("post", "--debit", "cash", "--amount", "5", check=False)
    assert proc.returncode != 0
    assert "unbalanced" in proc.stderr
