#!/usr/bin/env python3
"""Check alertmanager.yml routing against the expectations in
monitoring/routing_cases.toml, without contacting any Alertmanager.

Each case gives a label set and the receivers it must reach:

    [[case]]
    name = "payments critical pages the payments rota"
    labels = { severity = "critical", team = "payments" }
    receivers = ["pd-payments"]

The routing tree is evaluated by `amtool config routes test` (offline), and
the script adds a few structural checks of its own: every receiver is used,
every route's receiver exists, inhibit rules reference real labels and
no route matches everything with `continue: true` to a pager.
"""
import argparse
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import yaml

MON = Path(__file__).resolve().parent
AM_FILE = MON / "alertmanager" / "alertmanager.yml"
CASES_FILE = MON / "routing_cases.toml"
PAGER_PREFIXES = ("pd-", "opsgenie-")


class Report:
    def __init__(self):
        self.passed = 0
        self.failures = []
        self.warnings = []

    def ok(self):
        self.passed += 1

    def fail(self, what, detail=""):
        self.failures.append((what, detail))

    def warn(self, what):
        self.warnings.append(what)

    def print(self):
        for what, detail in self.failures:
            print(f"FAIL  {what}")
            if detail:
                for line in detail.strip().splitlines()[:10]:
                    print(f"      {line}")
        for what in self.warnings:
            print(f"WARN  {what}")
        print(f"\n{self.passed} passed, {len(self.failures)} failed, {len(self.warnings)} warnings")


def load_config():
    with AM_FILE.open() as fh:
        return yaml.safe_load(fh)


def walk_routes(route, depth=0, path="root"):
    yield path, route, depth
    for i, child in enumerate(route.get("routes", []) or []):
        yield from walk_routes(child, depth + 1, f"{path}/{i}")


def structural_checks(cfg, report):
    receivers = {r["name"] for r in cfg.get("receivers", [])}
    used = set()
    for path, route, depth in walk_routes(cfg["route"]):
        name = route.get("receiver")
        if name:
            used.add(name)
            if name not in receivers:
                report.fail(f"route {path} uses unknown receiver {name!r}")
        matchers = route.get("matchers", []) or []
        if depth > 0 and not matchers and not route.get("match") and not route.get("match_re"):
            if route.get("continue") and name and name.startswith(PAGER_PREFIXES):
                report.fail(f"route {path} sends every alert to pager {name!r} with continue: true")
            else:
                report.warn(f"route {path} has no matchers")
    for unused in sorted(receivers - used):
        report.warn(f"receiver {unused!r} is never used")
    for i, rule in enumerate(cfg.get("inhibit_rules", []) or []):
        if not rule.get("equal"):
            report.warn(f"inhibit rule {i} has no 'equal' list; it inhibits across all services")
        if not (rule.get("source_matchers") and rule.get("target_matchers")):
            report.fail(f"inhibit rule {i} needs source_matchers and target_matchers")
    report.ok()


def amtool_available():
    return shutil.which("amtool") is not None


def route_case(case, report):
    labels = [f"{k}={v}" for k, v in sorted(case["labels"].items())]
    expected = ",".join(case["receivers"])
    argv = ["amtool", "config", "routes", "test", f"--config.file={AM_FILE}",
            f"--verify.receivers={expected}", *labels]
    result = subprocess.run(argv, capture_output=True, text=True)
    if result.returncode == 0:
        report.ok()
    else:
        report.fail(case.get("name", " ".join(labels)), result.stdout + result.stderr)


def load_cases(only):
    with CASES_FILE.open("rb") as fh:
        cases = tomllib.load(fh).get("case", [])
    if only:
        cases = [c for c in cases if only.lower() in c.get("name", "").lower()]
    for c in cases:
        if not c.get("labels") or not c.get("receivers"):
            raise SystemExit(f"case {c.get('name', '?')!r} needs labels and receivers")
    return cases


def check_config_syntax(report):
    if not amtool_available():
        report.warn("amtool not installed; routing cases skipped")
        return False
    result = subprocess.run(["amtool", "check-config", str(AM_FILE)], capture_output=True, text=True)
    if result.returncode != 0:
        report.fail("amtool check-config", result.stdout + result.stderr)
        return False
    report.ok()
    return True


def timing_checks(cfg, report):
    """group_wait/group_interval/repeat_interval sanity for pager routes."""
    defaults = cfg["route"]

    def seconds(value, fallback):
        value = str(value or fallback)
        units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
        try:
            return int(value[:-1]) * units[value[-1]]
        except (KeyError, ValueError):
            report.fail(f"unparseable duration {value!r}")
            return 0

    for path, route, _depth in walk_routes(cfg["route"]):
        receiver = route.get("receiver", defaults.get("receiver", ""))
        if not receiver.startswith(PAGER_PREFIXES):
            continue
        repeat = seconds(route.get("repeat_interval"), defaults.get("repeat_interval", "4h"))
        wait = seconds(route.get("group_wait"), defaults.get("group_wait", "30s"))
        if repeat and repeat < 3600:
            report.warn(f"route {path}: pager repeat_interval under 1h will re-page often")
        if wait > 300:
            report.warn(f"route {path}: pager group_wait over 5m delays pages")
    report.ok()


def print_tree(cfg):
    for path, route, depth in walk_routes(cfg["route"]):
        matchers = route.get("matchers") or [f"{k}={v}" for k, v in (route.get("match") or {}).items()]
        flag = " (continue)" if route.get("continue") else ""
        print(f"{'  ' * depth}- {route.get('receiver', '(inherit)')} {matchers}{flag}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="run cases whose name contains this text")
    ap.add_argument("--tree", action="store_true", help="print the routing tree and exit")
    ap.add_argument("--strict", action="store_true", help="treat warnings as failures")
    args = ap.parse_args()

    cfg = load_config()
    if args.tree:
        print_tree(cfg)
        return 0
    report = Report()
    structural_checks(cfg, report)
    timing_checks(cfg, report)
    if check_config_syntax(report):
        for case in load_cases(args.only):
            route_case(case, report)
    report.print()
    if report.failures or (args.strict and report.warnings):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
