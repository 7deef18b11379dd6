#!/usr/bin/env python3
"""Create or update the Replicate *deployment* that serves our caption model.

A deployment pins a model version to dedicated hardware.  The desired state
lives in deploy/replicate.yaml:

    owner: acme-ml
    deployment: caption-prod
    model: acme-ml/caption-model
    hardware: gpu-l40s
    min_instances: 0
    max_instances: 2

The script compares that file with the deployment on Replicate (GET), prints
a diff, and applies it with PATCH/POST only when --yes is passed.  The owner
and model must match the values in the file; the script refuses to touch any
other account's deployment.  REPLICATE_API_TOKEN comes from .env and is sent
only to api.replicate.com.
"""
from __future__ import annotations

import argparse
import difflib
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import requests
import yaml

BASE = "https://api.replicate.com/v1"
HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
STATE_FILE = PROJECT / "deploy" / "replicate.yaml"
AUDIT = PROJECT / "build" / "replicate-deploy.jsonl"

MUTABLE = ("hardware", "min_instances", "max_instances", "version")


class Replicate:
    def __init__(self, token: str):
        self.http = requests.Session()
        self.http.headers["Authorization"] = f"Bearer {token}"
        self.http.headers["Content-Type"] = "application/json"

    def call(self, method: str, path: str, body: dict | None = None) -> dict | None:
        backoff = 1.0
        for _ in range(5):
            resp = self.http.request(method, BASE + path, json=body, timeout=45)
            if resp.status_code == 404:
                return None
            if resp.status_code in (429, 500, 502, 503):
                time.sleep(backoff)
                backoff *= 2
                continue
            if not resp.ok:
                raise SystemExit(f"{method} {path} -> {resp.status_code}: {resp.text[:400]}")
            return resp.json() if resp.content else {}
        raise SystemExit(f"{method} {path}: retries exhausted")

    def latest_version(self, model: str) -> str:
        info = self.call("GET", f"/models/{model}")
        if not info or not info.get("latest_version"):
            raise SystemExit(f"model {model} has no versions; push one with cog first")
        return info["latest_version"]["id"]

    def deployment(self, owner: str, name: str) -> dict | None:
        return self.call("GET", f"/deployments/{owner}/{name}")


def token_from_env() -> str:
    value = os.environ.get("REPLICATE_API_TOKEN")
    env_path = PROJECT / ".env"
    if not value and env_path.exists():
        for line in env_path.read_text().splitlines():
            if line.startswith("REPLICATE_API_TOKEN="):
                value = line.split("=", 1)[1].strip()
    if not value:
        raise SystemExit("REPLICATE_API_TOKEN missing (.env)")
    return value


def desired_state(client: Replicate, pin_version: str | None) -> dict[str, Any]:
    spec = yaml.safe_load(STATE_FILE.read_text())
    owner, model = spec["owner"], spec["model"]
    if not model.startswith(f"{owner}/"):
        raise SystemExit(f"model {model} is not owned by {owner}; fix deploy/replicate.yaml")
    spec["version"] = pin_version or client.latest_version(model)
    return spec


def current_state(remote: dict | None) -> dict[str, Any]:
    if remote is None:
        return {}
    release = remote.get("current_release") or {}
    config = release.get("configuration") or {}
    return {
        "hardware": config.get("hardware"),
        "min_instances": config.get("min_instances"),
        "max_instances": config.get("max_instances"),
        "version": release.get("version"),
    }


def show_diff(current: dict, desired: dict) -> bool:
    left = json.dumps({k: current.get(k) for k in MUTABLE}, indent=2, sort_keys=True).splitlines()
    right = json.dumps({k: desired.get(k) for k in MUTABLE}, indent=2, sort_keys=True).splitlines()
    diff = list(difflib.unified_diff(left, right, "replicate", "deploy/replicate.yaml", lineterm=""))
    for line in diff:
        print(line)
    return bool(diff)


def git_revision() -> str:
    out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=PROJECT, capture_output=True, text=True)
    return out.stdout.strip() or "unknown"


def audit(action: str, spec: dict) -> None:
    AUDIT.parent.mkdir(parents=True, exist_ok=True)
    entry = {"at": time.time(), "action": action, "git": git_revision(),
             **{k: spec.get(k) for k in ("owner", "deployment", *MUTABLE)}}
    with AUDIT.open("a") as fh:
        fh.write(json.dumps(entry) + "\n")


def apply(client: Replicate, spec: dict, exists: bool) -> None:
    body = {k: spec[k] for k in MUTABLE}
    if exists:
        client.call("PATCH", f"/deployments/{spec['owner']}/{spec['deployment']}", body)
        audit("update", spec)
    else:
        body.update({"name": spec["deployment"], "model": spec["model"]})
        client.call("POST", "/deployments", body)
        audit("create", spec)


def validate_spec(spec: dict) -> list[str]:
    """Catch obviously wrong desired states before talking to the API."""
    problems = []
    lo, hi = spec.get("min_instances", 0), spec.get("max_instances", 1)
    if not isinstance(lo, int) or not isinstance(hi, int) or lo < 0 or hi < 1:
        problems.append("min_instances/max_instances must be integers (min >= 0, max >= 1)")
    elif lo > hi:
        problems.append(f"min_instances {lo} > max_instances {hi}")
    if hi > 4:
        problems.append(f"max_instances {hi} exceeds the team limit of 4")
    if not str(spec.get("hardware", "")).startswith(("gpu-", "cpu")):
        problems.append(f"unknown hardware {spec.get('hardware')!r}")
    return problems


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--yes", action="store_true", help="apply the change")
    ap.add_argument("--version", help="pin this version id instead of the latest")
    ap.add_argument("--show", action="store_true", help="print remote state and exit")
    args = ap.parse_args()

    token = token_from_env()
    print(f"token {token[:4]}… ({len(token)} chars)", file=sys.stderr)
    client = Replicate(token)
    spec = desired_state(client, args.version)
    problems = validate_spec(spec)
    if problems:
        raise SystemExit("deploy/replicate.yaml: " + "; ".join(problems))
    remote = client.deployment(spec["owner"], spec["deployment"])
    if args.show:
        print(json.dumps(remote, indent=2))
        return 0

    if remote and remote.get("owner") not in (None, spec["owner"]):
        raise SystemExit("remote deployment belongs to a different owner; refusing")
    changed = show_diff(current_state(remote), spec)
    if not changed:
        print("deployment already matches deploy/replicate.yaml")
        return 0
    if not args.yes:
        print("\nnot applied; re-run with --yes")
        return 0
    apply(client, spec, exists=remote is not None)
    print(f"{'updated' if remote else 'created'} {spec['owner']}/{spec['deployment']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
