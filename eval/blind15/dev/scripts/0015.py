"""Integration test fixtures: temp workspace, fake upstream HTTP API, CLI runner.

Used by tests/integration/test_sync_cli.py. Everything is created under a
fresh temporary directory and on 127.0.0.1; teardown removes both.
"""
from __future__ import annotations

import contextlib
import http.server
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-m", "syncer.cli"]


class FakeUpstream(http.server.BaseHTTPRequestHandler):
    """Very small stand-in for the inventory API."""

    routes: dict[str, tuple[int, object]] = {}
    calls: list[tuple[str, str, bytes]] = []

    def log_message(self, *args):  # keep pytest output quiet
        pass

    def _reply(self, status: int, body: object) -> None:
        raw = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self):
        self.calls.append(("GET", self.path, b""))
        status, body = self.routes.get(("GET", self.path), (404, {"error": "not found"}))
        self._reply(status, body)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        data = self.rfile.read(length)
        self.calls.append(("POST", self.path, data))
        status, body = self.routes.get(("POST", self.path), (201, {"ok": True}))
        self._reply(status, body)


@pytest.fixture()
def workspace():
    root = Path(tempfile.mkdtemp(prefix="syncer-it-"))
    (root / "data").mkdir()
    (root / "config.toml").write_text(
        '[upstream]\nurl = "http://127.0.0.1:0"\ntimeout = 2\n', encoding="utf-8")
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture()
def upstream():
    FakeUpstream.routes = {}
    FakeUpstream.calls = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeUpstream)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def point_config_at(workspace: Path, server) -> None:
    host, port = server.server_address[:2]
    cfg = workspace / "config.toml"
    text = cfg.read_text(encoding="utf-8").replace("127.0.0.1:0", f"{host}:{port}")
    cfg.write_text(text, encoding="utf-8")


def run_cli(workspace: Path, *args: str, timeout: float = 30) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["SYNCER_CONFIG"] = str(workspace / "config.toml")
    env["SYNCER_DATA"] = str(workspace / "data")
    env["PYTHONPATH"] = str(PROJECT / "src")
    env.pop("HTTPS_PROXY", None)
    env.pop("HTTP_PROXY", None)
    return subprocess.run([*CLI, *args], cwd=workspace, env=env, capture_output=True,
                          text=True, timeout=timeout)


def free_port() -> int:
    with contextlib.closing(socket.socket()) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture()
def daemon(workspace):
    """Start `syncer serve` in the background and stop it afterwards."""
    port = free_port()
    env = dict(os.environ, SYNCER_CONFIG=str(workspace / "config.toml"),
               PYTHONPATH=str(PROJECT / "src"))
    proc = subprocess.Popen([*CLI, "serve", "--bind", f"127.0.0.1:{port}"], cwd=workspace,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            start_new_session=True)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError):
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                break
        time.sleep(0.1)
    else:
        proc.kill()
        out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
        pytest.fail(f"daemon did not start:\n{out}")
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        # signal only the process group we created above
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def test_pull_writes_snapshot(workspace, upstream):
    FakeUpstream.routes[("GET", "/v1/items?page=1")] = (200, {"items": [{"sku": "A1", "qty": 3}],
                                                               "next": None})
    point_config_at(workspace, upstream)
    proc = run_cli(workspace, "pull")
    assert proc.returncode == 0, proc.stderr
    snapshot = json.loads((workspace / "data" / "items.json").read_text())
    assert snapshot == [{"sku": "A1", "qty": 3}]


def test_push_posts_changes(workspace, upstream):
    point_config_at(workspace, upstream)
    (workspace / "data" / "changes.json").write_text(json.dumps([{"sku": "B2", "qty": -1}]))
    proc = run_cli(workspace, "push")
    assert proc.returncode == 0, proc.stderr
    posts = [c for c in FakeUpstream.calls if c[0] == "POST"]
    assert posts and json.loads(posts[0][2]) == {"changes": [{"sku": "B2", "qty": -1}]}


def test_upstream_error_is_reported(workspace, upstream):
    FakeUpstream.routes[("GET", "/v1/items?page=1")] = (503, {"error": "maintenance"})
    point_config_at(workspace, upstream)
    proc = run_cli(workspace, "pull")
    assert proc.returncode == 2
    assert "maintenance" in proc.stderr


def test_daemon_health(daemon):
    import urllib.request

    with urllib.request.urlopen(f"{daemon}/healthz", timeout=2) as resp:
        assert resp.status == 200
