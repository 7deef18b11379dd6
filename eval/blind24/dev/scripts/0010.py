#!/usr/bin/env python3
"""Create or update a package in this monorepo from an approved copier template.

    python tools/scaffold.py new libs/rate-limiter --template py-lib
    python tools/scaffold.py update libs/rate-limiter
    python tools/scaffold.py list

Templates are referenced by short name in scaffold.yaml, which maps each name to
a git URL and a pinned ref. Only those templates are ever used, and copier is
called without --trust, so template tasks/migrations never run; instead the
script itself runs the few post-steps we want (git add, formatting).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

try:
    import yaml
except ImportError:
    yaml = None

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / "scaffold.yaml"
ALLOWED_PARENTS = ("libs", "services", "apps")


def log(msg):
    print(f"scaffold: {msg}", file=sys.stderr)


def die(msg):
    log(f"error: {msg}")
    raise SystemExit(1)


def load_config():
    if yaml is None:
        die("PyYAML missing: uv add --dev pyyaml")
    if not CONFIG.exists():
        die(f"{CONFIG} not found")
    data = yaml.safe_load(CONFIG.read_text()) or {}
    templates = data.get("templates", {})
    for name, spec in templates.items():
        if "url" not in spec or "ref" not in spec:
            die(f"template {name} needs url and ref")
        if not spec["url"].startswith(("https://github.com/", "https://gitlab.com/")):
            die(f"template {name} is not hosted on an approved forge: {spec['url']}")
    return data


def target_path(rel):
    path = (ROOT / rel).resolve()
    try:
        relp = path.relative_to(ROOT)
    except ValueError:
        die(f"{rel} is outside the repository")
    if relp.parts[0] not in ALLOWED_PARENTS or len(relp.parts) != 2:
        die(f"packages live in one of {ALLOWED_PARENTS}/<name>, got {relp}")
    return path


def copier(*args, cwd=ROOT):
    exe = shutil.which("copier")
    if exe is None:
        die("copier not installed (uv tool install copier)")
    argv = [exe, *args]
    log("$ " + " ".join(argv))
    proc = subprocess.run(argv, cwd=cwd)
    if proc.returncode != 0:
        die(f"copier exited {proc.returncode}")


def git(*args, check=True):
    return subprocess.run(["git", *args], cwd=ROOT, check=check, capture_output=True, text=True)


def worktree_clean(path):
    out = git("status", "--porcelain", "--", str(path)).stdout
    return out.strip() == ""


def answers_for(args, spec):
    data = dict(spec.get("defaults", {}))
    data["package_name"] = Path(args.path).name
    if args.description:
        data["description"] = args.description
    if args.owner:
        data["owner"] = args.owner
    flat = []
    for key, val in sorted(data.items()):
        flat += ["--data", f"{key}={val}"]
    return flat


def post_steps(path, spec):
    steps = spec.get("post", ["format"])
    if "format" in steps:
        if (path / "pyproject.toml").exists() and shutil.which("ruff"):
            subprocess.run(["ruff", "format", str(path)], check=False)
        elif (path / "package.json").exists() and shutil.which("npx"):
            subprocess.run(["npx", "--no-install", "prettier", "-w", str(path)], check=False)
    if "git-add" in steps:
        git("add", "--", str(path))


def cmd_new(args, cfg):
    templates = cfg["templates"]
    if args.template not in templates:
        die(f"unknown template {args.template}; known: {', '.join(sorted(templates))}")
    spec = templates[args.template]
    path = target_path(args.path)
    if path.exists() and any(path.iterdir()):
        die(f"{path.relative_to(ROOT)} exists and is not empty")
    staging = Path(tempfile.mkdtemp(prefix="scaffold-", dir=ROOT / ".cache" if (ROOT / ".cache").is_dir() else None))
    try:
        copier("copy", "--vcs-ref", spec["ref"], "--defaults", *answers_for(args, spec),
               spec["url"], str(staging / "out"))
        if args.dry_run:
            for p in sorted((staging / "out").rglob("*")):
                if p.is_file():
                    print(path / p.relative_to(staging / "out"))
            return 0
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.move(str(staging / "out"), str(path))
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    post_steps(path, spec)
    log(f"created {path.relative_to(ROOT)} from {args.template}@{spec['ref']}")
    return 0


def cmd_update(args, cfg):
    path = target_path(args.path)
    answers = path / ".copier-answers.yml"
    if not answers.exists():
        die(f"{answers.relative_to(ROOT)} missing; was this package scaffolded?")
    if not worktree_clean(path) and not args.allow_dirty:
        die("package has uncommitted changes; commit or stash first (or --allow-dirty)")
    src = yaml.safe_load(answers.read_text()).get("_src_path", "")
    approved = {s["url"]: (n, s) for n, s in cfg["templates"].items()}
    if src not in approved:
        die(f"{src} is not an approved template source")
    name, spec = approved[src]
    argv = ["update", "--skip-answered", "--defaults", "--vcs-ref", spec["ref"]]
    if args.dry_run:
        argv.append("--pretend")
    copier(*argv, cwd=path)
    if not args.dry_run:
        post_steps(path, spec)
        rej = list(path.rglob("*.rej"))
        if rej:
            log(f"{len(rej)} conflict file(s) to resolve:")
            for r in rej:
                print(f"  {r.relative_to(ROOT)}")
    return 0


def cmd_list(_args, cfg):
    for name, spec in sorted(cfg["templates"].items()):
        print(f"{name:16} {spec['ref']:12} {spec['url']}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    n = sub.add_parser("new")
    n.add_argument("path")
    n.add_argument("--template", required=True)
    n.add_argument("--description")
    n.add_argument("--owner")
    n.add_argument("--dry-run", action="store_true")
    u = sub.add_parser("update")
    u.add_argument("path")
    u.add_argument("--dry-run", action="store_true")
    u.add_argument("--allow-dirty", action="store_true")
    sub.add_parser("list")
    args = ap.parse_args()
    os.chdir(ROOT)
    cfg = load_config()
    return {"new": cmd_new, "update": cmd_update, "list": cmd_list}[args.cmd](args, cfg)


if __name__ == "__main__":
    sys.exit(main())
