#!/usr/bin/env python3
"""Run Chaos Mesh experiments from chaos/experiments/ against the sandbox.

Every experiment is a Chaos Mesh manifest (PodChaos, NetworkChaos, IOChaos,
StressChaos ...).  The runner:

1. validates that the manifest targets only namespaces in SANDBOX_NAMESPACES
   (both metadata.namespace and spec.selector.namespaces),
2. applies it with ``kubectl apply -f -`` (argv, manifest on stdin),
3. waits for the experiment's duration while polling the steady-state probe
   (an HTTP URL on *.internal or localhost given in the manifest annotation
   ``chaos.acme.dev/probe``),
4. deletes the chaos object it created - also on Ctrl-C - and records the
   result in build/chaos/<experiment>.json.

The kube context must be one of ALLOWED_CONTEXTS.
"""
from __future__ import annotations

import argparse
import json
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import yaml

BASE = Path(__file__).resolve().parents[1]
EXPERIMENTS = BASE / "chaos" / "experiments"
RESULTS = BASE / "build" / "chaos"
SANDBOX_NAMESPACES = {"chaos-sandbox", "checkout-sandbox"}
ALLOWED_CONTEXTS = {"kind-chaos", "dev-cluster"}
PROBE_ANNOTATION = "chaos.acme.dev/probe"
CHAOS_KINDS = {"PodChaos", "NetworkChaos", "IOChaos", "StressChaos", "TimeChaos", "DNSChaos", "HTTPChaos"}

_applied: list[tuple[str, str, str]] = []


def kubectl(*args: str, stdin: str | None = None, check: bool = True) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(["kubectl", *args], input=stdin, capture_output=True, text=True, timeout=120)
    if check and result.returncode != 0:
        raise RuntimeError(f"kubectl {' '.join(args[:3])}...: {result.stderr.strip()}")
    return result


def current_context() -> str:
    return kubectl("config", "current-context").stdout.strip()


def load_manifest(path: Path) -> dict[str, Any]:
    docs = [d for d in yaml.safe_load_all(path.read_text(encoding="utf-8")) if d]
    if len(docs) != 1:
        raise ValueError(f"{path.name}: expected exactly one document, found {len(docs)}")
    doc = docs[0]
    if doc.get("kind") not in CHAOS_KINDS:
        raise ValueError(f"{path.name}: kind {doc.get('kind')!r} is not a Chaos Mesh experiment")
    return doc


def check_scope(doc: dict[str, Any], name: str) -> None:
    ns = doc.get("metadata", {}).get("namespace")
    if ns not in SANDBOX_NAMESPACES:
        raise ValueError(f"{name}: metadata.namespace {ns!r} is not a sandbox namespace")
    selector = doc.get("spec", {}).get("selector", {})
    targets = set(selector.get("namespaces") or [ns])
    outside = targets - SANDBOX_NAMESPACES
    if outside:
        raise ValueError(f"{name}: selector reaches non-sandbox namespaces {sorted(outside)}")
    if doc.get("spec", {}).get("mode") == "all" and not selector.get("labelSelectors"):
        raise ValueError(f"{name}: mode 'all' without labelSelectors would hit every pod in the namespace")


def probe_url(doc: dict[str, Any]) -> str | None:
    url = doc.get("metadata", {}).get("annotations", {}).get(PROBE_ANNOTATION)
    if not url:
        return None
    host = urllib.parse.urlsplit(url).hostname or ""
    if not (host == "localhost" or host.endswith(".internal")):
        raise ValueError(f"probe host {host} must be localhost or *.internal")
    return url


def probe(url: str) -> tuple[bool, float]:
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(url, timeout=3) as resp:
            ok = 200 <= resp.status < 300
    except (urllib.error.URLError, OSError):
        ok = False
    return ok, (time.perf_counter() - started) * 1000


def parse_duration(value: str | None) -> float:
    if not value:
        return 60.0
    units = {"ms": 0.001, "s": 1, "m": 60, "h": 3600}
    for suffix in ("ms", "s", "m", "h"):
        if value.endswith(suffix):
            return float(value[: -len(suffix)]) * units[suffix]
    return float(value)


def apply(doc: dict[str, Any]) -> None:
    kubectl("apply", "-f", "-", stdin=yaml.safe_dump(doc))
    _applied.append((doc["kind"].lower(), doc["metadata"]["name"], doc["metadata"]["namespace"]))


def remove_applied() -> None:
    while _applied:
        kind, name, ns = _applied.pop()
        kubectl("delete", kind, name, "-n", ns, "--ignore-not-found", "--wait=false", check=False)
        print(f"  removed {kind}/{name} in {ns}")


def on_signal(signum: int, _frame: Any) -> None:
    print(f"\nsignal {signum}: removing applied experiments")
    remove_applied()
    sys.exit(130)


def run_experiment(path: Path, dry_run: bool) -> dict[str, Any]:
    doc = load_manifest(path)
    check_scope(doc, path.name)
    url = probe_url(doc)
    duration = parse_duration(doc.get("spec", {}).get("duration"))
    result: dict[str, Any] = {"experiment": path.stem, "kind": doc["kind"], "duration_s": duration, "samples": []}
    if dry_run:
        kubectl("apply", "--dry-run=server", "-f", "-", stdin=yaml.safe_dump(doc))
        result["dry_run"] = True
        return result
    apply(doc)
    deadline = time.monotonic() + duration
    try:
        while time.monotonic() < deadline:
            if url:
                ok, ms = probe(url)
                result["samples"].append({"t": round(duration - (deadline - time.monotonic()), 1), "ok": ok, "ms": round(ms)})
            time.sleep(2)
    finally:
        remove_applied()
    samples = result["samples"]
    result["availability"] = (sum(s["ok"] for s in samples) / len(samples)) if samples else None
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description="Chaos Mesh sandbox runner")
    parser.add_argument("names", nargs="*", help="experiment file stems (default: all)")
    parser.add_argument("--dry-run", action="store_true", help="server-side dry run only")
    parser.add_argument("--min-availability", type=float, default=0.95)
    args = parser.parse_args()

    context = current_context()
    if context not in ALLOWED_CONTEXTS:
        print(f"kube context {context!r} is not allowed (expected one of {sorted(ALLOWED_CONTEXTS)})", file=sys.stderr)
        return 2
    signal.signal(signal.SIGINT, on_signal)
    signal.signal(signal.SIGTERM, on_signal)

    paths = sorted(EXPERIMENTS.glob("*.yaml"))
    if args.names:
        paths = [p for p in paths if p.stem in args.names]
    RESULTS.mkdir(parents=True, exist_ok=True)
    failures = 0
    for path in paths:
        print(f"== {path.stem}")
        try:
            result = run_experiment(path, args.dry_run)
        except (ValueError, RuntimeError) as exc:
            print(f"  skipped: {exc}")
            failures += 1
            continue
        (RESULTS / f"{path.stem}.json").write_text(json.dumps(result, indent=2))
        avail = result.get("availability")
        if avail is not None:
            verdict = "ok" if avail >= args.min_availability else "BELOW TARGET"
            failures += verdict != "ok"
            print(f"  steady state availability {avail:.1%} ({verdict})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
