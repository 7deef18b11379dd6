"""tests/integration/conftest.py: local service fixtures for the quillmark API tests.

Starts, per test session:
  * a moto S3 server (python -m moto.server) on 127.0.0.1 and a free port, with
    the bucket the API expects created through boto3 against that endpoint,
  * the quillmark API itself (uvicorn) on 127.0.0.1, pointed at the moto
    endpoint and a SQLite file in a session temp dir.
Both processes are children of the test session, started in their own process
groups and terminated (SIGTERM, then SIGKILL after a grace period) at session
end, even when tests fail. Fake AWS credentials are set only in the child
environments so no real account is ever touched.
"""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parents[2]
FAKE_AWS = {
    "AWS_ACCESS_KEY_ID": "testing",
    "AWS_SECRET_ACCESS_KEY": "testing-FAKEKEY",
    "AWS_DEFAULT_REGION": "us-east-1",
}
BUCKET = "quillmark-test-artifacts"


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_http(url: str, proc: subprocess.Popen, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            out = proc.stdout.read().decode(errors="replace") if proc.stdout else ""
            raise RuntimeError(f"process exited early ({proc.returncode}):\n{out[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=1):
                return
        except urllib.error.HTTPError:
            return  # the server answered, which is all we need
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer within {timeout}s")


def _terminate(proc: subprocess.Popen, grace: float = 8.0) -> None:
    if proc.poll() is not None:
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


@dataclass
class Endpoint:
    url: str
    proc: subprocess.Popen


def _spawn(argv: list[str], env: dict[str, str], cwd: Path) -> subprocess.Popen:
    return subprocess.Popen(
        argv,
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


@pytest.fixture(scope="session")
def s3_endpoint() -> Iterator[Endpoint]:
    port = _free_port()
    env = {**os.environ, **FAKE_AWS}
    proc = _spawn([sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)], env, REPO)
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_http(url, proc)
        import boto3

        s3 = boto3.client("s3", endpoint_url=url, **{k.lower(): v for k, v in FAKE_AWS.items() if k != "AWS_DEFAULT_REGION"},
                          region_name=FAKE_AWS["AWS_DEFAULT_REGION"])
        s3.create_bucket(Bucket=BUCKET)
        yield Endpoint(url, proc)
    finally:
        _terminate(proc)


@pytest.fixture(scope="session")
def api_endpoint(s3_endpoint: Endpoint, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Endpoint]:
    db_dir = tmp_path_factory.mktemp("api-db")
    port = _free_port()
    env = {
        **os.environ,
        **FAKE_AWS,
        "QUILLMARK_DB_URL": f"sqlite:///{db_dir / 'api.sqlite3'}",
        "QUILLMARK_S3_ENDPOINT": s3_endpoint.url,
        "QUILLMARK_S3_BUCKET": BUCKET,
        "QUILLMARK_ENV": "test",
    }
    proc = _spawn(
        [sys.executable, "-m", "uvicorn", "quillmark.api.app:app", "--host", "127.0.0.1", "--port", str(port)],
        env,
        REPO,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        _wait_http(f"{url}/healthz", proc)
        yield Endpoint(url, proc)
    finally:
        _terminate(proc)


@pytest.fixture()
def api_get(api_endpoint: Endpoint):
    """Small helper returning (status, json) for GET requests against the local API."""
    import json

    def _get(path: str) -> tuple[int, object]:
        try:
            with urllib.request.urlopen(api_endpoint.url + path, timeout=10) as resp:
                return resp.status, json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    return _get


@pytest.fixture()
def api_post(api_endpoint: Endpoint):
    import json

    def _post(path: str, payload: dict) -> tuple[int, object]:
        req = urllib.request.Request(
            api_endpoint.url + path,
            data=json.dumps(payload).encode(),
            headers={"content-type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(req, timeout=10) as resp:
                return resp.status, json.loads(resp.read() or b"null")
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"null")

    return _post


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test in this folder as integration so `-m 'not integration'` skips them."""
    marker = pytest.mark.integration
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(marker)
