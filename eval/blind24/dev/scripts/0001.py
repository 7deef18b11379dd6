#!/usr/bin/env python3
"""Render the in-repo service template into a new directory.

Usage:
    python tools/new_service.py billing --owner payments
    python tools/new_service.py billing --owner payments --git --install

The template lives in templates/service/. Files ending in .tmpl are rendered
with string.Template; everything else is copied verbatim. The target must not
exist (or must be empty) -- this tool never overwrites anything.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from string import Template

REPO_ROOT = Path(__file__).resolve().parents[1]
TEMPLATE_DIR = REPO_ROOT / "templates" / "service"
SERVICES_DIR = REPO_ROOT / "services"
NAME_RE = re.compile(r"^[a-z][a-z0-9-]{1,38}[a-z0-9]$")
SKIP_NAMES = {".DS_Store", "__pycache__", "node_modules"}


def log(msg: str) -> None:
    print(f"[new-service] {msg}", file=sys.stderr)


def die(msg: str, code: int = 1) -> None:
    log(f"error: {msg}")
    sys.exit(code)


def load_defaults() -> dict:
    cfg = TEMPLATE_DIR / "template.json"
    if not cfg.exists():
        return {}
    with cfg.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if not isinstance(data, dict):
        die(f"{cfg} must contain a JSON object")
    return data


def build_context(args: argparse.Namespace, defaults: dict) -> dict:
    ctx = dict(defaults.get("variables", {}))
    module = args.name.replace("-", "_")
    ctx.update(
        {
            "service_name": args.name,
            "module_name": module,
            "owner_team": args.owner,
            "python_version": args.python or ctx.get("python_version", "3.12"),
            "port": str(args.port),
            "class_prefix": "".join(p.title() for p in args.name.split("-")),
        }
    )
    return ctx


def render_name(rel: Path, ctx: dict) -> Path:
    parts = []
    for part in rel.parts:
        if part == "__module__":
            part = ctx["module_name"]
        if part.endswith(".tmpl"):
            part = part[: -len(".tmpl")]
        parts.append(part)
    return Path(*parts)


def iter_template_files(root: Path):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_NAMES)
        for fname in sorted(filenames):
            if fname in SKIP_NAMES or fname == "template.json":
                continue
            yield Path(dirpath) / fname


def render_tree(src: Path, dst: Path, ctx: dict) -> list[Path]:
    written: list[Path] = []
    for path in iter_template_files(src):
        rel = path.relative_to(src)
        out = dst / render_name(rel, ctx)
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".tmpl":
            text = path.read_text(encoding="utf-8")
            try:
                rendered = Template(text).substitute(ctx)
            except KeyError as exc:
                die(f"{rel}: template variable {exc} has no value")
            out.write_text(rendered, encoding="utf-8")
        else:
            shutil.copy2(path, out)
        if os.access(path, os.X_OK):
            out.chmod(0o755)
        written.append(out)
    return written


def ensure_target_free(target: Path) -> None:
    if target.exists():
        if target.is_dir() and not any(target.iterdir()):
            return
        die(f"{target} already exists and is not empty; refusing to overwrite")


def run(argv: list[str], cwd: Path) -> None:
    log("$ " + " ".join(argv))
    proc = subprocess.run(argv, cwd=cwd, check=False)
    if proc.returncode != 0:
        die(f"{argv[0]} exited with {proc.returncode}")


def git_init(target: Path, ctx: dict) -> None:
    if shutil.which("git") is None:
        log("git not found; skipping repository init")
        return
    run(["git", "init", "-q", "-b", "main"], target)
    run(["git", "add", "-A"], target)
    msg = f"chore: scaffold {ctx['service_name']} from templates/service"
    run(["git", "commit", "-q", "-m", msg], target)


def install_deps(target: Path) -> None:
    if (target / "pyproject.toml").exists() and shutil.which("uv"):
        run(["uv", "sync"], target)
    elif (target / "package.json").exists() and shutil.which("npm"):
        run(["npm", "install", "--no-audit", "--no-fund"], target)
    else:
        log("no installer found for this template; skipping install")


def register_in_workspace(ctx: dict, dry_run: bool) -> None:
    manifest = REPO_ROOT / "services.json"
    data = {"services": []}
    if manifest.exists():
        data = json.loads(manifest.read_text(encoding="utf-8"))
    names = {s["name"] for s in data.get("services", [])}
    if ctx["service_name"] in names:
        log("already registered in services.json")
        return
    data.setdefault("services", []).append(
        {"name": ctx["service_name"], "owner": ctx["owner_team"], "port": int(ctx["port"])}
    )
    data["services"].sort(key=lambda s: s["name"])
    if dry_run:
        log("would register service in services.json")
        return
    tmp = manifest.with_suffix(".json.tmp")
    tmp.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    os.replace(tmp, manifest)


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("name", help="service name, kebab-case")
    p.add_argument("--owner", required=True, help="owning team slug")
    p.add_argument("--port", type=int, default=8080)
    p.add_argument("--python", default=None)
    p.add_argument("--dest", type=Path, default=None, help="defaults to services/<name>")
    p.add_argument("--git", action="store_true", help="initialise a git repository")
    p.add_argument("--install", action="store_true", help="install dependencies")
    p.add_argument("--dry-run", action="store_true")
    return p.parse_args(argv)


def main(argv: list[str]) -> int:
    args = parse_args(argv)
    if not NAME_RE.match(args.name):
        die("name must be kebab-case, 3-40 chars")
    if not TEMPLATE_DIR.is_dir():
        die(f"template directory missing: {TEMPLATE_DIR}")
    ctx = build_context(args, load_defaults())
    target = (args.dest or SERVICES_DIR / args.name).resolve()
    if REPO_ROOT not in target.parents:
        die(f"{target} is outside the repository")
    ensure_target_free(target)
    if args.dry_run:
        for path in iter_template_files(TEMPLATE_DIR):
            rel = render_name(path.relative_to(TEMPLATE_DIR), ctx)
            print(f"would write {target / rel}")
        register_in_workspace(ctx, dry_run=True)
        return 0
    staging = Path(tempfile.mkdtemp(prefix="new-service-"))
    try:
        written = render_tree(TEMPLATE_DIR, staging, ctx)
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.exists():
            target.rmdir()
        shutil.move(str(staging), str(target))
    finally:
        # only our own staging directory; it is gone already after a successful move
        shutil.rmtree(staging, ignore_errors=True)
    log(f"wrote {len(written)} files into {target}")
    register_in_workspace(ctx, dry_run=False)
    if args.git:
        git_init(target, ctx)
    if args.install:
        install_deps(target)
    log("done; next: cd " + os.path.relpath(target, Path.cwd()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
