#!/usr/bin/env python3
"""Integration test harness for our TorchServe handler.

1. archives the model in model/ with torch-model-archiver into
   build/model_store/
2. starts a private TorchServe on localhost ports from config/ts.dev.properties
3. registers the archive through the management API, sends the fixture
   images through the inference API and compares the top-1 labels
4. unregisters the model, stops the server it started and removes its
   own log and model-store directories

The management API is only ever addressed on 127.0.0.1; we never touch
the shared inference server.
"""
from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
BUILD = ROOT / "build"
STORE = BUILD / "model_store"
LOGS = BUILD / "ts-logs"
CONFIG = ROOT / "config" / "ts.dev.properties"
FIXTURES = ROOT / "tests" / "fixtures" / "images"
EXPECTED = ROOT / "tests" / "fixtures" / "expected_top1.json"

MODEL_NAME = "defect-cls"
state = {"server": None}


def read_properties(path: Path) -> dict[str, str]:
    props = {}
    for line in path.read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#") and "=" in line:
            key, value = line.split("=", 1)
            props[key.strip()] = value.strip()
    return props


def local_url(props: dict[str, str], key: str, default: str) -> str:
    url = props.get(key, default)
    if not (url.startswith("http://127.0.0.1:") or url.startswith("http://localhost:")):
        raise SystemExit(f"{key} in {CONFIG.name} must bind to localhost, got {url}")
    return url


def archive(version: str) -> Path:
    STORE.mkdir(parents=True, exist_ok=True)
    argv = [
        "torch-model-archiver",
        "--model-name", MODEL_NAME,
        "--version", version,
        "--serialized-file", str(ROOT / "model" / "weights.pt"),
        "--handler", str(ROOT / "model" / "handler.py"),
        "--extra-files", str(ROOT / "model" / "index_to_name.json"),
        "--export-path", str(STORE),
        "--force",
    ]
    subprocess.run(argv, check=True)
    return STORE / f"{MODEL_NAME}.mar"


def start_server() -> subprocess.Popen:
    LOGS.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "LOG_LOCATION": str(LOGS), "METRICS_LOCATION": str(LOGS)}
    argv = [
        "torchserve", "--start", "--foreground", "--ncs",
        "--model-store", str(STORE),
        "--ts-config", str(CONFIG),
        "--disable-token-auth",
    ]
    proc = subprocess.Popen(argv, env=env, stdout=open(LOGS / "stdout.log", "w"),
                            stderr=subprocess.STDOUT, start_new_session=True)
    state["server"] = proc
    return proc


def stop_server() -> None:
    proc = state.get("server")
    if proc is None or proc.poll() is not None:
        return
    # Signal only the process group of the server we started.
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
    state["server"] = None


def wait_ready(inference: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{inference}/ping", timeout=2).json().get("status") == "Healthy":
                return
        except (requests.ConnectionError, ValueError):
            pass
        if state["server"].poll() is not None:
            raise SystemExit("torchserve exited early; see build/ts-logs/stdout.log")
        time.sleep(1)
    raise SystemExit("torchserve did not become healthy in time")


def register(management: str, mar: Path) -> None:
    resp = requests.post(
        f"{management}/models",
        params={"url": mar.name, "initial_workers": 1, "synchronous": "true"},
        timeout=120,
    )
    if resp.status_code != 200:
        raise SystemExit(f"register failed: {resp.status_code} {resp.text}")


def unregister(management: str) -> None:
    requests.delete(f"{management}/models/{MODEL_NAME}", timeout=30)


def predict_all(inference: str) -> dict[str, str]:
    results = {}
    for image in sorted(FIXTURES.glob("*.jpg")):
        with image.open("rb") as fh:
            resp = requests.post(f"{inference}/predictions/{MODEL_NAME}", data=fh, timeout=30)
        resp.raise_for_status()
        scores = resp.json()
        results[image.name] = max(scores, key=scores.get) if isinstance(scores, dict) else str(scores)
    return results


def cleanup(keep_logs: bool) -> None:
    stop_server()
    shutil.rmtree(STORE, ignore_errors=True)
    if not keep_logs:
        shutil.rmtree(LOGS, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", default="0.0.0-dev")
    parser.add_argument("--keep-logs", action="store_true")
    parser.add_argument("--update-expected", action="store_true")
    args = parser.parse_args()

    props = read_properties(CONFIG)
    inference = local_url(props, "inference_address", "http://127.0.0.1:8080")
    management = local_url(props, "management_address", "http://127.0.0.1:8081")

    atexit.register(cleanup, args.keep_logs)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    mar = archive(args.version)
    start_server()
    wait_ready(inference)
    register(management, mar)
    try:
        got = predict_all(inference)
    finally:
        unregister(management)

    if args.update_expected:
        EXPECTED.write_text(json.dumps(got, indent=2, sort_keys=True) + "\n")
        print(f"updated {EXPECTED.relative_to(ROOT)}")
        return 0
    expected = json.loads(EXPECTED.read_text())
    mismatches = {k: (expected.get(k), v) for k, v in got.items() if expected.get(k) != v}
    for name, (want, have) in sorted(mismatches.items()):
        print(f"MISMATCH {name}: expected {want}, got {have}")
    print(f"{len(got) - len(mismatches)}/{len(got)} fixtures match")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
