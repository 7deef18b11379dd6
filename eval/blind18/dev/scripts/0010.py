#!/usr/bin/env python3
"""Keep the local Ollama models in sync with the project's model list.

The assistant features of this repo need a couple of local models. They are
listed in ai/models.yaml. This script:
  - talks to the local Ollama daemon on 127.0.0.1:11434 only
  - pulls models that are listed but missing
  - builds the project's custom models (prefix `acme-`) from ai/Modelfile.*
  - with --prune, removes `acme-*` models that are no longer listed
    (models the developer pulled for other reasons are never touched)
  - runs a tiny smoke prompt against each model
"""
import argparse
import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

try:
    import yaml
except ImportError:
    yaml = None

ROOT = Path(__file__).resolve().parents[1]
MODELS_FILE = ROOT / "ai" / "models.yaml"
MODELFILE_DIR = ROOT / "ai"
OLLAMA = os.environ.get("OLLAMA_HOST", "http://127.0.0.1:11434")
PROJECT_PREFIX = "acme-"


def api(path: str, body=None, timeout=600, stream=False):
    url = OLLAMA.rstrip("/") + path
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(url, data=data,
                                 method="POST" if data is not None else "GET",
                                 headers={"content-type": "application/json"})
    resp = urllib.request.urlopen(req, timeout=timeout)
    if stream:
        return resp
    with resp:
        raw = resp.read()
    return json.loads(raw) if raw else {}


def check_local_host() -> None:
    host = OLLAMA.split("://", 1)[-1].split(":", 1)[0]
    if host not in ("127.0.0.1", "localhost", "::1"):
        sys.exit(f"OLLAMA_HOST points at {host}; this tool only manages a local daemon")


def ensure_daemon(start: bool) -> subprocess.Popen | None:
    try:
        api("/api/version", timeout=2)
        return None
    except (urllib.error.URLError, ConnectionError):
        if not start:
            sys.exit("ollama daemon not running (use --start or `ollama serve`)")
    print("starting `ollama serve` for this session")
    proc = subprocess.Popen(["ollama", "serve"], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    for _ in range(40):
        time.sleep(0.25)
        try:
            api("/api/version", timeout=1)
            return proc
        except (urllib.error.URLError, ConnectionError):
            continue
    proc.terminate()
    sys.exit("ollama serve did not come up")


def load_wanted() -> list:
    text = MODELS_FILE.read_text()
    if yaml is not None:
        doc = yaml.safe_load(text)
    else:
        doc = json.loads(text)  # the file is also valid JSON on purpose
    return doc.get("models", [])


def installed() -> dict:
    tags = api("/api/tags").get("models", [])
    return {m["name"]: m for m in tags}


def normalize(name: str) -> str:
    return name if ":" in name else name + ":latest"


def pull(name: str) -> None:
    print(f"pulling {name}")
    resp = api("/api/pull", {"name": name, "stream": True}, stream=True)
    last = ""
    with resp:
        for line in resp:
            if not line.strip():
                continue
            event = json.loads(line)
            status = event.get("status", "")
            if "total" in event and event.get("completed"):
                pct = event["completed"] * 100 // event["total"]
                status = f"{status} {pct}%"
            if status != last:
                print(f"  {status}", end="\r", flush=True)
                last = status
            if "error" in event:
                raise RuntimeError(event["error"])
    print()


def create_custom(entry: dict) -> None:
    modelfile = MODELFILE_DIR / entry["modelfile"]
    print(f"building {entry['name']} from {modelfile.relative_to(ROOT)}")
    subprocess.run(["ollama", "create", entry["name"], "-f", str(modelfile)], check=True)


def remove(name: str) -> None:
    if not name.startswith(PROJECT_PREFIX):
        raise ValueError(f"will not remove non-project model {name}")
    req = urllib.request.Request(OLLAMA.rstrip("/") + "/api/delete",
                                 data=json.dumps({"name": name}).encode(), method="DELETE",
                                 headers={"content-type": "application/json"})
    urllib.request.urlopen(req, timeout=60).close()
    print(f"removed {name}")


def smoke(name: str) -> float:
    started = time.monotonic()
    out = api("/api/generate", {"model": name, "prompt": "Reply with the word ok.",
                                "stream": False, "options": {"num_predict": 5}})
    if "ok" not in out.get("response", "").lower():
        print(f"  warning: unexpected smoke reply from {name}: {out.get('response')!r}")
    return time.monotonic() - started


def main() -> int:
    ap = argparse.ArgumentParser(description="sync project ollama models")
    ap.add_argument("--prune", action="store_true", help="remove unlisted acme-* models")
    ap.add_argument("--start", action="store_true", help="start ollama serve if needed")
    ap.add_argument("--no-smoke", action="store_true")
    args = ap.parse_args()

    check_local_host()
    daemon = ensure_daemon(args.start)
    try:
        wanted = load_wanted()
        have = installed()
        wanted_names = set()
        for entry in wanted:
            name = normalize(entry["name"])
            wanted_names.add(name)
            if name in have:
                continue
            if entry.get("modelfile"):
                base = entry.get("base")
                if base and normalize(base) not in have:
                    pull(base)
                create_custom(entry)
            else:
                pull(name)
        if args.prune:
            for name in sorted(installed()):
                if name.startswith(PROJECT_PREFIX) and name not in wanted_names:
                    remove(name)
        if not args.no_smoke:
            for name in sorted(wanted_names):
                print(f"smoke {name}: {smoke(name):.1f}s")
    finally:
        if daemon is not None:
            daemon.terminate()  # only the daemon this script started
            daemon.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
