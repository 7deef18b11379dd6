#!/usr/bin/env python3
"""salt-ssh rollout helper for the ledger fleet.

Every state run happens twice: first with test=True (salt's dry run), the
output is summarised, and only then -- when --apply is passed and the target
glob is on the allow-list in ops/salt/targets.yaml -- for real.

    python3 ops/salt_rollout.py nginx 'qa-app-*'
    python3 ops/salt_rollout.py nginx 'qa-app-*' --apply
    python3 ops/salt_rollout.py --ping 'qa-*'
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
SALT_DIR = REPO / "ops" / "salt"
TARGETS_FILE = SALT_DIR / "targets.yaml"
RUN_LOG = REPO / "var" / "salt-runs"


def fail(message: str, status: int = 1) -> "NoReturn":  # type: ignore[name-defined]
    sys.stderr.write(f"salt_rollout: {message}\n")
    raise SystemExit(status)


def load_targets() -> dict:
    with TARGETS_FILE.open() as handle:
        doc = yaml.safe_load(handle) or {}
    doc.setdefault("apply_allowed", [])
    doc.setdefault("max_minions", 8)
    doc.setdefault("roster", str(SALT_DIR / "roster"))
    return doc


def target_allowed(glob: str, allowed: list[str]) -> bool:
    # the glob itself must be one of the allowed patterns, not merely match one
    return glob in allowed


def salt_ssh(glob: str, fun: str, args: list[str], roster: str, extra: list[str] | None = None) -> dict:
    argv = ["salt-ssh", "--roster-file", roster, "--out", "json", "--static", "-c", str(SALT_DIR),
            glob, fun, *args, *(extra or [])]
    started = time.monotonic()
    proc = subprocess.run(argv, capture_output=True, text=True, cwd=SALT_DIR)
    elapsed = time.monotonic() - started
    if proc.returncode not in (0, 11):  # 11: some minions returned failures
        sys.stderr.write(proc.stderr[-3000:])
        fail(f"salt-ssh exited {proc.returncode} after {elapsed:.0f}s")
    try:
        return json.loads(proc.stdout or "{}")
    except json.JSONDecodeError:
        sys.stderr.write(proc.stdout[-2000:])
        fail("salt-ssh did not return JSON")


def roster_minions(roster: str, glob: str) -> list[str]:
    with open(roster) as handle:
        hosts = list((yaml.safe_load(handle) or {}).keys())
    return sorted(h for h in hosts if fnmatch.fnmatch(h, glob))


def summarise(result: dict) -> tuple[Counter, dict[str, list[str]]]:
    totals: Counter = Counter()
    changes: dict[str, list[str]] = {}
    for minion, states in result.items():
        if not isinstance(states, dict):
            totals["error"] += 1
            changes.setdefault(minion, []).append(f"ERROR {states}")
            continue
        for state_id, body in states.items():
            outcome = body.get("result")
            if outcome is None:
                totals["would_change"] += 1
                changes.setdefault(minion, []).append(state_id.split("_|-")[1])
            elif outcome is True and body.get("changes"):
                totals["changed"] += 1
                changes.setdefault(minion, []).append(state_id.split("_|-")[1])
            elif outcome is True:
                totals["ok"] += 1
            else:
                totals["failed"] += 1
                changes.setdefault(minion, []).append(f"FAILED {state_id.split('_|-')[1]}: {body.get('comment')}")
    return totals, changes


def print_summary(title: str, totals: Counter, changes: dict[str, list[str]]) -> None:
    print(f"\n== {title}")
    print("   " + ", ".join(f"{k}={v}" for k, v in sorted(totals.items())) or "   nothing")
    for minion in sorted(changes):
        print(f"   {minion}")
        for line in changes[minion][:15]:
            print(f"     - {line}")
        if len(changes[minion]) > 15:
            print(f"     ... {len(changes[minion]) - 15} more")


def save_run(kind: str, state: str, glob: str, result: dict) -> Path:
    RUN_LOG.mkdir(parents=True, exist_ok=True)
    safe_glob = glob.replace("*", "ALL").replace("/", "_")
    out = RUN_LOG / f"{time.strftime('%Y%m%dT%H%M%S')}-{state}-{safe_glob}-{kind}.json"
    out.write_text(json.dumps(result, indent=1, sort_keys=True))
    return out


def trim_run_log(keep: int = 40) -> None:
    runs = sorted(RUN_LOG.glob("*.json"))
    for old in runs[:-keep]:
        old.unlink()


def ping(glob: str, cfg: dict) -> int:
    result = salt_ssh(glob, "test.ping", [], cfg["roster"])
    for minion in roster_minions(cfg["roster"], glob):
        status = "up" if result.get(minion) is True else "NO ANSWER"
        print(f"{minion:30} {status}")
    return 0 if all(v is True for v in result.values()) else 1


def rollout(state: str, glob: str, apply: bool, cfg: dict) -> int:
    minions = roster_minions(cfg["roster"], glob)
    if not minions:
        fail(f"no roster entries match {glob!r}")
    print(f"{len(minions)} minion(s): {', '.join(minions)}")

    dry = salt_ssh(glob, "state.apply", [state], cfg["roster"], ["test=True"])
    dry_log = save_run("test", state, glob, dry)
    totals, changes = summarise(dry)
    print_summary(f"test=True for {state}", totals, changes)
    print(f"   (full output: {dry_log.relative_to(REPO)})")
    if totals["failed"] or totals["error"]:
        fail("dry run has failures; fix them before applying", 2)
    if not apply:
        print("\ndry run only; re-run with --apply to make these changes")
        return 0
    if not target_allowed(glob, cfg["apply_allowed"]):
        fail(f"target {glob!r} is not in apply_allowed ({cfg['apply_allowed']}); "
             "production rollouts go through the pipeline", 3)
    if len(minions) > cfg["max_minions"]:
        fail(f"{len(minions)} minions exceeds max_minions={cfg['max_minions']}", 3)

    real = salt_ssh(glob, "state.apply", [state], cfg["roster"])
    real_log = save_run("apply", state, glob, real)
    totals, changes = summarise(real)
    print_summary(f"applied {state}", totals, changes)
    print(f"   (full output: {real_log.relative_to(REPO)})")
    trim_run_log()
    return 1 if totals["failed"] or totals["error"] else 0


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(formatter_class=argparse.RawDescriptionHelpFormatter, description=__doc__)
    p.add_argument("state", nargs="?", help="state (sls) name, e.g. nginx")
    p.add_argument("target", nargs="?", help="roster glob, e.g. 'qa-app-*'")
    p.add_argument("--apply", action="store_true", help="run for real after test=True")
    p.add_argument("--ping", metavar="GLOB")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse(argv)
    if os.geteuid() == 0:
        fail("do not run salt-ssh rollouts as root; your ssh key is what grants access")
    cfg = load_targets()
    if args.ping:
        return ping(args.ping, cfg)
    if not args.state or not args.target:
        fail("need a state and a target (see --help)", 2)
    if not (SALT_DIR / f"{args.state}.sls").exists() and not (SALT_DIR / args.state / "init.sls").exists():
        fail(f"no state {args.state!r} under ops/salt")
    return rollout(args.state, args.target, args.apply, cfg)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
