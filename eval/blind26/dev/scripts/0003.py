#!/usr/bin/env python3
"""Bootstrap a Salesforce scratch org for local development.

Steps: create scratch org from config/project-scratch-def.json, deploy the
source, assign permission sets, load sample data with `sf data import tree`,
run the seed Apex, and open the org. Each step can be skipped. If a step
fails, the org this script just created is deleted again (only that alias,
and only when it is a scratch org).
"""
import argparse
import json
import shlex
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
SCRATCH_DEF = PROJECT / "config" / "project-scratch-def.json"
PLAN_DIR = PROJECT / "data" / "sample"
PERMSETS = ["Invoice_Admin", "Invoice_User"]


class StepFailed(RuntimeError):
    pass


@dataclass
class Context:
    alias: str
    days: int
    devhub: str | None
    created: bool = False
    username: str | None = None
    timings: dict = field(default_factory=dict)


def sf(*args: str, expect_json: bool = True, retries: int = 0) -> dict:
    cmd = ["sf", *args]
    if expect_json:
        cmd.append("--json")
    delay = 5
    for attempt in range(retries + 1):
        print("+", shlex.join(cmd), flush=True)
        proc = subprocess.run(cmd, cwd=PROJECT, capture_output=True, text=True)
        if not expect_json:
            if proc.returncode == 0:
                return {}
        else:
            try:
                payload = json.loads(proc.stdout or "{}")
            except json.JSONDecodeError:
                payload = {"status": 1, "message": proc.stdout[-400:]}
            if payload.get("status") == 0:
                return payload.get("result", {})
            message = payload.get("message") or proc.stderr
            if attempt < retries and "ECONNRESET" in str(message):
                time.sleep(delay)
                delay *= 2
                continue
            raise StepFailed(f"{' '.join(args[:3])}: {message}")
        if attempt < retries:
            time.sleep(delay)
            delay *= 2
    raise StepFailed(f"{' '.join(args[:3])} failed")


def timed(name):
    def wrap(fn):
        def inner(ctx: Context, *a, **kw):
            start = time.monotonic()
            try:
                return fn(ctx, *a, **kw)
            finally:
                ctx.timings[name] = round(time.monotonic() - start, 1)
        return inner
    return wrap


@timed("create")
def create_org(ctx: Context) -> None:
    if not SCRATCH_DEF.exists():
        raise StepFailed(f"missing {SCRATCH_DEF}")
    args = ["org", "create", "scratch", "-f", str(SCRATCH_DEF), "-a", ctx.alias,
            "--duration-days", str(ctx.days), "--set-default", "--wait", "15"]
    if ctx.devhub:
        args += ["--target-dev-hub", ctx.devhub]
    result = sf(*args, retries=2)
    ctx.created = True
    ctx.username = result.get("username")
    print(f"created scratch org {ctx.alias} ({ctx.username})")


@timed("deploy")
def deploy(ctx: Context) -> None:
    result = sf("project", "deploy", "start", "--target-org", ctx.alias, "--wait", "30")
    files = result.get("files", [])
    print(f"deployed {len(files)} components")


@timed("permsets")
def assign_permsets(ctx: Context) -> None:
    for name in PERMSETS:
        sf("org", "assign", "permset", "--name", name, "--target-org", ctx.alias)


@timed("data")
def load_data(ctx: Context) -> None:
    plans = sorted(PLAN_DIR.glob("*-plan.json"))
    if not plans:
        print("no sample data plans; skipping")
        return
    for plan in plans:
        sf("data", "import", "tree", "--plan", str(plan), "--target-org", ctx.alias)
        print(f"imported {plan.name}")


@timed("seed")
def run_seed(ctx: Context) -> None:
    seed = PROJECT / "scripts" / "apex" / "seed.apex"
    if seed.exists():
        sf("apex", "run", "--file", str(seed), "--target-org", ctx.alias)


def org_is_scratch(alias: str) -> bool:
    try:
        info = sf("org", "display", "--target-org", alias)
    except StepFailed:
        return False
    return bool(info.get("isScratch") or info.get("devHubId"))


def rollback(ctx: Context) -> None:
    if not ctx.created:
        return
    if not org_is_scratch(ctx.alias):
        print(f"{ctx.alias} does not look like a scratch org; not deleting", file=sys.stderr)
        return
    print(f"rolling back: deleting scratch org {ctx.alias}")
    sf("org", "delete", "scratch", "--target-org", ctx.alias, "--no-prompt")


def write_summary(ctx: Context) -> None:
    out = PROJECT / ".sf-bootstrap.json"
    out.write_text(json.dumps({
        "alias": ctx.alias,
        "username": ctx.username,
        "timings": ctx.timings,
    }, indent=2) + "\n")


def main() -> int:
    ap = argparse.ArgumentParser(description="scratch org bootstrap")
    ap.add_argument("-a", "--alias", default="dev")
    ap.add_argument("--days", type=int, default=7)
    ap.add_argument("--devhub", help="dev hub alias (defaults to the configured one)")
    ap.add_argument("--skip", action="append", default=[],
                    choices=["deploy", "permsets", "data", "seed", "open"])
    ap.add_argument("--keep-on-failure", action="store_true")
    opts = ap.parse_args()

    if opts.alias in {"prod", "production", "uat", "uat-shared"}:
        print(f"alias {opts.alias} is reserved for shared orgs", file=sys.stderr)
        return 2

    ctx = Context(alias=opts.alias, days=opts.days, devhub=opts.devhub)
    steps = [
        ("deploy", deploy),
        ("permsets", assign_permsets),
        ("data", load_data),
        ("seed", run_seed),
    ]
    try:
        create_org(ctx)
        for name, fn in steps:
            if name in opts.skip:
                print(f"skipping {name}")
                continue
            fn(ctx)
    except StepFailed as exc:
        print(f"bootstrap failed: {exc}", file=sys.stderr)
        if not opts.keep_on_failure:
            rollback(ctx)
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        if not opts.keep_on_failure:
            rollback(ctx)
        return 130

    write_summary(ctx)
    if "open" not in opts.skip:
        sf("org", "open", "--target-org", ctx.alias, expect_json=False)
    print("timings:", ", ".join(f"{k}={v}s" for k, v in ctx.timings.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
