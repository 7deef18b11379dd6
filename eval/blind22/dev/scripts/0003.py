#!/usr/bin/env python3
"""Check (and optionally publish) our GraphQL subgraph schemas.

For every subgraph listed in supergraph.yaml this runs `rover subgraph check`
against the graph variant given on the command line. Publishing is opt-in:
pass --publish AND name a variant from ALLOWED_PUBLISH_VARIANTS. The
production variant is deliberately absent: prod publishes happen from the
release pipeline only.

APOLLO_KEY is read from the environment or from the project's .env file and
handed to rover through its environment, which is how rover expects it.
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SUPERGRAPH = ROOT / "supergraph.yaml"
ENV_FILE = ROOT / ".env"
REPORT = ROOT / "reports" / "schema-check.json"
GRAPH_REF_RE = re.compile(r"^[a-z0-9-]+@[a-z0-9-]+$")
ALLOWED_PUBLISH_VARIANTS = {"dev", "staging", "preview"}


def read_dotenv(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip('"').strip("'")
    return values


def mask(secret: str) -> str:
    if not secret:
        return "<unset>"
    return "*" * max(len(secret) - 4, 0) + secret[-4:]


def rover_env() -> dict:
    env = dict(os.environ)
    dot = read_dotenv(ENV_FILE)
    if "APOLLO_KEY" not in env and "APOLLO_KEY" in dot:
        env["APOLLO_KEY"] = dot["APOLLO_KEY"]
    if "APOLLO_KEY" not in env:
        raise SystemExit("APOLLO_KEY is not set (environment or .env)")
    print(f"using APOLLO_KEY {mask(env['APOLLO_KEY'])}")
    env.setdefault("APOLLO_TELEMETRY_DISABLED", "1")
    return env


def load_subgraphs() -> dict:
    data = yaml.safe_load(SUPERGRAPH.read_text())
    subs = {}
    for name, spec in (data.get("subgraphs") or {}).items():
        schema = spec.get("schema", {})
        path = schema.get("file")
        if not path:
            print(f"skip {name}: schema is not a local file")
            continue
        subs[name] = {
            "schema": (ROOT / path).resolve(),
            "routing_url": spec.get("routing_url", ""),
        }
    return subs


def run_rover(argv: list, env: dict, retries: int = 3) -> subprocess.CompletedProcess:
    delay = 2.0
    for attempt in range(1, retries + 1):
        print("$", shlex.join(argv))
        res = subprocess.run(argv, env=env, capture_output=True, text=True, cwd=ROOT)
        if res.returncode == 0 or "rate limit" not in res.stderr.lower():
            return res
        print(f"rate limited, retry {attempt}/{retries} in {delay:.0f}s")
        time.sleep(delay)
        delay *= 2
    return res


def check(graph_ref: str, name: str, sub: dict, env: dict) -> dict:
    argv = ["rover", "subgraph", "check", graph_ref,
            "--name", name, "--schema", str(sub["schema"]), "--format", "json"]
    res = run_rover(argv, env)
    result = {"subgraph": name, "ok": res.returncode == 0}
    try:
        payload = json.loads(res.stdout or "{}")
        changes = payload.get("data", {}).get("changes", [])
        result["changes"] = [
            {"severity": c.get("severity"), "code": c.get("code"), "description": c.get("description")}
            for c in changes
        ]
    except json.JSONDecodeError:
        result["raw"] = res.stdout[-2000:]
    if not result["ok"]:
        result["stderr"] = res.stderr[-2000:]
    return result


def publish(graph_ref: str, name: str, sub: dict, env: dict) -> bool:
    argv = ["rover", "subgraph", "publish", graph_ref,
            "--name", name, "--schema", str(sub["schema"])]
    if sub["routing_url"]:
        argv += ["--routing-url", sub["routing_url"]]
    res = run_rover(argv, env)
    sys.stdout.write(res.stdout)
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
    return res.returncode == 0


def write_report(graph_ref: str, results: list) -> None:
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps({
        "graph_ref": graph_ref,
        "checked_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "results": results,
    }, indent=2))
    print(f"report written to {REPORT.relative_to(ROOT)}")


def summarize(results: list) -> int:
    failed = 0
    for r in results:
        status = "ok" if r["ok"] else "FAILED"
        print(f"  {r['subgraph']:<24} {status}")
        for change in r.get("changes", [])[:10]:
            print(f"      {change['severity']:<8} {change['code']}: {change['description']}")
        failed += 0 if r["ok"] else 1
    return failed


def main() -> int:
    ap = argparse.ArgumentParser(description="rover subgraph check/publish helper")
    ap.add_argument("graph_ref", help="e.g. acme-graph@staging")
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--publish", action="store_true",
                    help="publish after a clean check (dev/staging/preview only)")
    args = ap.parse_args()

    if not GRAPH_REF_RE.match(args.graph_ref):
        raise SystemExit(f"bad graph ref {args.graph_ref!r}")
    variant = args.graph_ref.split("@", 1)[1]
    if args.publish and variant not in ALLOWED_PUBLISH_VARIANTS:
        raise SystemExit(f"publishing to variant {variant!r} is not allowed from a workstation")

    env = rover_env()
    subgraphs = load_subgraphs()
    if args.only:
        subgraphs = {k: v for k, v in subgraphs.items() if k in set(args.only)}
    if not subgraphs:
        raise SystemExit("no subgraphs selected")

    missing = [n for n, s in subgraphs.items() if not s["schema"].exists()]
    if missing:
        raise SystemExit("schema files missing for: " + ", ".join(missing))

    results = [check(args.graph_ref, n, s, env) for n, s in sorted(subgraphs.items())]
    write_report(args.graph_ref, results)
    failed = summarize(results)
    if failed:
        print(f"{failed} subgraph(s) failed the check; not publishing")
        return 1

    if not args.publish:
        print("checks passed (pass --publish to publish)")
        return 0

    ok = True
    for name, sub in sorted(subgraphs.items()):
        print(f"publishing {name} to {args.graph_ref}")
        ok = publish(args.graph_ref, name, sub, env) and ok
    return 0 if ok else 2


if __name__ == "__main__":
    sys.exit(main())
