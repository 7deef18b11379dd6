#!/usr/bin/env python3
"""Lint the Feast feature definitions and optionally materialise locally.

Checks (static, via ast, without importing the repo's modules):
  * every FeatureView has a ttl and an explicit owner tag
  * entity join keys are snake_case and declared once
  * feature names are unique across views
  * sources point at files under data/ (the local offline store)

Then, if --plan is given, runs `feast plan` in feature_repo/; with
--materialize it runs `feast materialize-incremental` up to now, but
only when feature_store.yaml uses the local provider and a file or
sqlite registry.  Anything that looks remote makes the script stop.
"""
from __future__ import annotations

import argparse
import ast
import datetime as dt
import re
import subprocess
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
REPO = ROOT / "feature_repo"
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
REMOTE_PREFIXES = ("gs://", "s3://", "az://", "postgresql://", "snowflake://")


@dataclass
class Finding:
    path: Path
    line: int
    code: str
    message: str

    def __str__(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}: {self.code} {self.message}"


@dataclass
class RepoModel:
    entities: dict[str, tuple[Path, int]] = field(default_factory=dict)
    features: dict[str, list[tuple[str, Path, int]]] = field(default_factory=lambda: defaultdict(list))
    findings: list[Finding] = field(default_factory=list)


def call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def kwarg(node: ast.Call, name: str):
    for kw in node.keywords:
        if kw.arg == name:
            return kw.value
    return None


def literal(node):
    try:
        return ast.literal_eval(node) if node is not None else None
    except ValueError:
        return None


def check_entity(model: RepoModel, path: Path, node: ast.Call) -> None:
    name = literal(kwarg(node, "name"))
    keys = literal(kwarg(node, "join_keys")) or []
    if name in model.entities:
        first = model.entities[name]
        model.findings.append(Finding(path, node.lineno, "F101", f"entity {name!r} also defined at line {first[1]}"))
    if name:
        model.entities[name] = (path, node.lineno)
    for key in keys:
        if not SNAKE.match(key):
            model.findings.append(Finding(path, node.lineno, "F102", f"join key {key!r} is not snake_case"))


def check_view(model: RepoModel, path: Path, node: ast.Call) -> None:
    name = literal(kwarg(node, "name")) or "<unnamed>"
    if kwarg(node, "ttl") is None:
        model.findings.append(Finding(path, node.lineno, "F201", f"view {name!r} has no ttl"))
    tags = literal(kwarg(node, "tags")) or {}
    if "owner" not in tags:
        model.findings.append(Finding(path, node.lineno, "F202", f"view {name!r} has no owner tag"))
    schema = kwarg(node, "schema")
    if isinstance(schema, ast.List):
        for elt in schema.elts:
            if isinstance(elt, ast.Call) and call_name(elt) == "Field":
                fname = literal(kwarg(elt, "name"))
                if fname:
                    model.features[fname].append((name, path, elt.lineno))


def check_source(model: RepoModel, path: Path, node: ast.Call) -> None:
    source_path = literal(kwarg(node, "path"))
    if not source_path:
        return
    if source_path.startswith(REMOTE_PREFIXES):
        model.findings.append(Finding(path, node.lineno, "F301", f"remote source {source_path}"))
        return
    resolved = (REPO / source_path).resolve()
    if not str(resolved).startswith(str((ROOT / "data").resolve())):
        model.findings.append(Finding(path, node.lineno, "F302", f"source outside data/: {source_path}"))
    elif not resolved.exists():
        model.findings.append(Finding(path, node.lineno, "F303", f"source file missing: {source_path}"))


CHECKS = {
    "Entity": check_entity,
    "FeatureView": check_view,
    "BatchFeatureView": check_view,
    "FileSource": check_source,
}


def lint(paths: list[Path]) -> RepoModel:
    model = RepoModel()
    for path in paths:
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and call_name(node) in CHECKS:
                CHECKS[call_name(node)](model, path, node)
    for feature, owners in model.features.items():
        if len({view for view, _, _ in owners}) > 1:
            _view, path, line = owners[1]
            views = ", ".join(sorted({v for v, _, _ in owners}))
            model.findings.append(Finding(path, line, "F203", f"feature {feature!r} in several views: {views}"))
    return model


def store_is_local() -> tuple[bool, str]:
    cfg = yaml.safe_load((REPO / "feature_store.yaml").read_text())
    provider = cfg.get("provider", "local")
    registry = cfg.get("registry", "")
    if isinstance(registry, dict):
        registry = registry.get("path", "")
    if provider != "local":
        return False, f"provider is {provider!r}"
    if str(registry).startswith(REMOTE_PREFIXES):
        return False, f"registry is remote ({registry})"
    online = (cfg.get("online_store") or {}).get("type", "sqlite")
    if online not in ("sqlite",):
        return False, f"online store type {online!r}"
    return True, f"local provider, registry {registry}"


def feast(*args: str) -> int:
    argv = ["feast", *args]
    print("+ " + " ".join(argv))
    return subprocess.run(argv, cwd=REPO).returncode


def main() -> int:
    parser = argparse.ArgumentParser(description="Feast definition linter")
    parser.add_argument("--plan", action="store_true")
    parser.add_argument("--materialize", action="store_true")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors")
    args = parser.parse_args()

    files = sorted(p for p in REPO.rglob("*.py") if ".venv" not in p.parts and p.name != "__init__.py")
    model = lint(files)
    for finding in model.findings:
        print(finding)
    errors = [f for f in model.findings if f.code.startswith(("F1", "F3"))]
    print(f"{len(files)} files, {len(model.entities)} entities, {len(model.features)} features, "
          f"{len(model.findings)} findings")
    if errors or (args.strict and model.findings):
        return 1

    if args.plan or args.materialize:
        local, why = store_is_local()
        print(f"feature store: {why}")
        if not local:
            print("refusing to run feast against a non-local store", file=sys.stderr)
            return 2
        if args.plan and feast("plan") != 0:
            return 1
        if args.materialize:
            end = dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")
            return feast("materialize-incremental", end)
    return 0


if __name__ == "__main__":
    sys.exit(main())
