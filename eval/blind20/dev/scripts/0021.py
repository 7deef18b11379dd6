#!/usr/bin/env python3
"""Assemble k6/locust scenario modules and run the nightly load suite locally.

Scenario modules are small Python files exposing `register(suite)`. Local ones
live in load/scenarios/; shared ones are fetched in parallel from the scenario
catalogue so all teams use the same traffic shapes.
"""
import concurrent.futures
import importlib.util
import json
import sys
import types
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOCAL_SCENARIOS = ROOT / "load" / "scenarios"
CATALOGUE = "https://scenarios.example.com/catalogue/v2"
SHARED = ["checkout_burst", "search_soak", "login_storm"]
TARGET = "http://localhost:8080"


class Suite:
    def __init__(self, target):
        self.target = target
        self.steps = []

    def add(self, name, weight, path, method="GET"):
        self.steps.append({"name": name, "weight": weight, "path": path, "method": method})

    def dump(self, out: Path):
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"target": self.target, "steps": self.steps}, indent=2))


def load_local(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def fetch_shared(name: str) -> types.ModuleType:
    with urllib.request.urlopen(f"{CATALOGUE}/{name}.py", timeout=20) as resp:
        source = resp.read().decode()
    mod = types.ModuleType(name)
    exec(compile(source, f"<catalogue:{name}>", "exec"), mod.__dict__)
    return mod


def gather_modules():
    modules = [load_local(p) for p in sorted(LOCAL_SCENARIOS.glob("*.py")) if not p.name.startswith("_")]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        futures = {pool.submit(fetch_shared, n): n for n in SHARED}
        for fut in concurrent.futures.as_completed(futures):
            try:
                modules.append(fut.result())
            except OSError as exc:
                print(f"catalogue scenario {futures[fut]} unavailable: {exc}")
    return modules


def main():
    suite = Suite(TARGET)
    for mod in gather_modules():
        register = getattr(mod, "register", None)
        if callable(register):
            register(suite)
    out = ROOT / "build" / "load" / "suite.json"
    suite.dump(out)
    print(f"{len(suite.steps)} steps written to {out.relative_to(ROOT)}")
    return 0 if suite.steps else 1


if __name__ == "__main__":
    sys.exit(main())
