#!/usr/bin/env python3
"""Inspect the wasm components we ship and flag risky WASI imports.

For each *.wasm under dist/components/ this runs `wasm-tools component wit`
to get the component's world, parses imports/exports, and compares them with
policy/wasi-policy.json, e.g.:

    {"deny": ["wasi:sockets/*"], "warn": ["wasi:filesystem/preopens"],
     "max_bytes": {"image-resize": 900000}}

It also records sizes and a sha256 of each component so reviewers see what
changed.  Output: build/component-audit.json and a short table.
Nothing is executed: wasm-tools only reads the binaries.
"""
from __future__ import annotations

import argparse
import fnmatch
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field, asdict
from pathlib import Path

TOP = Path(__file__).resolve().parents[1]
DIST = TOP / "dist" / "components"
POLICY = TOP / "policy" / "wasi-policy.json"
REPORT = TOP / "build" / "component-audit.json"

IMPORT_RE = re.compile(r"^\s*import\s+([\w:./@-]+)", re.M)
EXPORT_RE = re.compile(r"^\s*export\s+([\w:./@-]+)", re.M)


@dataclass
class Finding:
    level: str
    message: str


@dataclass
class Component:
    name: str
    path: str
    size: int
    sha256: str
    imports: list[str] = field(default_factory=list)
    exports: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=lambda: [])


def require(tool: str) -> str:
    found = shutil.which(tool)
    if not found:
        sys.exit(f"{tool} not found; install it with `cargo install {tool}`")
    return found


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def wit_of(wasm_tools: str, path: Path) -> str:
    proc = subprocess.run(
        [wasm_tools, "component", "wit", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else "wasm-tools failed")
    return proc.stdout


def strip_versions(names: list[str]) -> list[str]:
    return sorted({n.split("@", 1)[0] for n in names})


def load_policy() -> dict:
    if not POLICY.exists():
        return {"deny": [], "warn": [], "max_bytes": {}}
    data = json.loads(POLICY.read_text())
    data.setdefault("deny", [])
    data.setdefault("warn", [])
    data.setdefault("max_bytes", {})
    return data


def check(component: Component, policy: dict) -> None:
    for imp in component.imports:
        for pattern in policy["deny"]:
            if fnmatch.fnmatch(imp, pattern):
                component.findings.append(Finding("error", f"imports {imp} (denied by {pattern})"))
        for pattern in policy["warn"]:
            if fnmatch.fnmatch(imp, pattern):
                component.findings.append(Finding("warning", f"imports {imp} (review: {pattern})"))
    limit = policy["max_bytes"].get(component.name)
    if limit and component.size > limit:
        component.findings.append(Finding("error", f"{component.size} bytes > budget {limit}"))
    if not component.exports:
        component.findings.append(Finding("warning", "exports nothing"))


def previous_report() -> dict[str, dict]:
    if not REPORT.exists():
        return {}
    try:
        return {c["name"]: c for c in json.loads(REPORT.read_text())["components"]}
    except (ValueError, KeyError):
        return {}


def audit(paths: list[Path], policy: dict) -> list[Component]:
    wasm_tools = require("wasm-tools")
    results = []
    for path in paths:
        comp = Component(
            name=path.stem,
            path=str(path.relative_to(TOP)),
            size=path.stat().st_size,
            sha256=digest(path),
        )
        try:
            wit = wit_of(wasm_tools, path)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            comp.findings.append(Finding("error", f"not a component: {exc}"))
            results.append(comp)
            continue
        comp.imports = strip_versions(IMPORT_RE.findall(wit))
        comp.exports = strip_versions(EXPORT_RE.findall(wit))
        check(comp, policy)
        results.append(comp)
    return results


def write_report(components: list[Component]) -> None:
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("w", dir=REPORT.parent, delete=False, suffix=".json") as tmp:
        json.dump({"components": [asdict(c) for c in components]}, tmp, indent=2)
        tmp_path = Path(tmp.name)
    tmp_path.replace(REPORT)


def summary(components: list[Component], before: dict[str, dict]) -> int:
    errors = 0
    for c in components:
        old = before.get(c.name)
        delta = "" if not old else f"{c.size - old['size']:+d} B"
        changed = "" if not old or old["sha256"] == c.sha256 else " (changed)"
        print(f"{c.name:24} {c.size:>9} B {delta:>10}{changed}")
        new_imports = sorted(set(c.imports) - set(old.get("imports", []))) if old else []
        for imp in new_imports:
            print(f"    + new import {imp}")
        for f in c.findings:
            print(f"    {f.level}: {f.message}")
            errors += f.level == "error"
    return errors


def main() -> int:
    ap = argparse.ArgumentParser(description="WASI import and size audit")
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--strict", action="store_true", help="warnings fail the run too")
    ns = ap.parse_args()

    paths = [p.resolve() for p in ns.files] or sorted(DIST.glob("*.wasm"))
    if not paths:
        print("no components in dist/components; run the build first", file=sys.stderr)
        return 2
    policy = load_policy()
    before = previous_report()
    components = audit(paths, policy)
    errors = summary(components, before)
    write_report(components)
    warnings = sum(f.level == "warning" for c in components for f in c.findings)
    print(f"\n{len(components)} component(s), {errors} error(s), {warnings} warning(s)")
    return 1 if errors or (ns.strict and warnings) else 0


if __name__ == "__main__":
    sys.exit(main())
