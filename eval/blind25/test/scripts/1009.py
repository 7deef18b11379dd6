#!/usr/bin/env python3
"""Generate flagd flag definitions from the product team's features.yaml.

features.yaml is the human-edited source (owners, rollout percentages per
environment, expiry dates). This writes one flagd JSON file per environment
into deploy/flagd/<env>.flagd.json, validates them against the vendored
flagd schema, and can start a throwaway flagd on 127.0.0.1 to smoke-test the
output (--smoke). Expired flags are reported, never silently dropped.

    python tools/gen_flagd.py                 generate + validate
    python tools/gen_flagd.py --smoke         also evaluate every flag once
    python tools/gen_flagd.py --check         fail if generated files are stale
"""
import argparse
import datetime as dt
import hashlib
import json
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import jsonschema
import yaml

PROJECT_DIR = Path(__file__).resolve().parents[1]
SOURCE = PROJECT_DIR / "features.yaml"
OUT_DIR = PROJECT_DIR / "deploy" / "flagd"
SCHEMA = PROJECT_DIR / "vendor" / "flagd" / "flags.json"
ENVIRONMENTS = ("dev", "staging", "production")


def fractional(percent: int, on, off) -> dict:
    """flagd targeting rule: percent% of users (bucketed by targetingKey) get `on`."""
    return {"fractional": [{"var": "targetingKey"}, ["on", percent], ["off", 100 - percent]]}


def flag_definition(name: str, spec: dict, env: str) -> dict:
    kind = spec.get("type", "boolean")
    if kind == "boolean":
        variants = {"on": True, "off": False}
    elif kind == "string":
        variants = {"on": spec["on_value"], "off": spec["off_value"]}
    else:
        raise ValueError(f"{name}: unsupported type {kind}")
    rollout = spec.get("rollout", {}).get(env, 0)
    if not isinstance(rollout, int) or not 0 <= rollout <= 100:
        raise ValueError(f"{name}: rollout for {env} must be 0..100")
    definition = {
        "state": "ENABLED",
        "variants": variants,
        "defaultVariant": "on" if rollout == 100 else "off",
        "metadata": {"owner": spec.get("owner", "unknown"), "expires": str(spec.get("expires", ""))},
    }
    if 0 < rollout < 100:
        definition["targeting"] = fractional(rollout, "on", "off")
    return definition


def generate(features: dict) -> dict[str, dict]:
    out = {}
    for env in ENVIRONMENTS:
        flags = {name: flag_definition(name, spec, env) for name, spec in sorted(features.items())}
        out[env] = {"$schema": "https://flagd.dev/schema/v0/flags.json", "flags": flags}
    return out


def expired(features: dict, today: dt.date) -> list[str]:
    late = []
    for name, spec in features.items():
        exp = spec.get("expires")
        if exp and dt.date.fromisoformat(str(exp)) < today:
            late.append(f"{name} (owner {spec.get('owner', '?')}, expired {exp})")
    return late


def owners_report(features: dict) -> str:
    """One line per owner with their flags, for the weekly flag review."""
    by_owner: dict[str, list[str]] = {}
    for name, spec in features.items():
        by_owner.setdefault(spec.get("owner", "unknown"), []).append(name)
    lines = []
    for owner in sorted(by_owner):
        names = sorted(by_owner[owner])
        lines.append(f"{owner:<20} {len(names):>3}  {', '.join(names[:6])}{' ...' if len(names) > 6 else ''}")
    return "\n".join(lines)


def write_report(features: dict) -> Path:
    target = PROJECT_DIR / "build" / "flag-owners.txt"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(owners_report(features) + "\n")
    return target


def digest(doc: dict) -> str:
    return hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()


def validate(docs: dict[str, dict]) -> None:
    schema = json.loads(SCHEMA.read_text())
    for env, doc in docs.items():
        try:
            jsonschema.validate(doc, schema)
        except jsonschema.ValidationError as exc:
            raise SystemExit(f"{env}: schema violation at {list(exc.absolute_path)}: {exc.message}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def smoke(path: Path, flag_names: list[str]) -> list[str]:
    if shutil.which("flagd") is None:
        return ["flagd not installed; smoke test skipped"]
    port = free_port()
    proc = subprocess.Popen(
        ["flagd", "start", "--port", str(port), "--uri", f"file:{path}"],
        stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT,
    )
    problems = []
    try:
        url = f"http://127.0.0.1:{port}/flagd.evaluation.v1.Service/ResolveAll"
        for _ in range(50):
            try:
                req = urllib.request.Request(url, data=b"{}", headers={"Content-Type": "application/json"})
                with urllib.request.urlopen(req, timeout=2) as resp:
                    resolved = json.load(resp).get("flags", {})
                break
            except OSError:
                time.sleep(0.1)
        else:
            return ["flagd did not answer"]
        problems = [f"{n} not resolvable" for n in flag_names if n not in resolved]
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--smoke", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()

    features = yaml.safe_load(SOURCE.read_text())["features"]
    docs = generate(features)
    validate(docs)
    stale = []
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for env, doc in docs.items():
        target = OUT_DIR / f"{env}.flagd.json"
        current = json.loads(target.read_text()) if target.exists() else None
        if current is not None and digest(current) == digest(doc):
            continue
        stale.append(env)
        if not args.check:
            target.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
            print(f"wrote {target.relative_to(PROJECT_DIR)} ({len(doc['flags'])} flags)")
    if args.check and stale:
        print(f"generated flagd files are stale for: {', '.join(stale)}")
        return 1
    for line in expired(features, dt.date.today()):
        print("expired flag:", line)
    print(f"owner report: {write_report(features).relative_to(PROJECT_DIR)}")
    if args.smoke:
        for env in ENVIRONMENTS:
            issues = smoke(OUT_DIR / f"{env}.flagd.json", list(features))
            for issue in issues:
                print(f"{env}: {issue}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
