#!/usr/bin/env python3
"""Deploy the inference apps listed in pyproject.toml to Modal.

The target workspace and environment are read from [tool.deploy.modal]
in pyproject.toml.  The script refuses to deploy if the active Modal
profile points at a different workspace, and it only runs `modal deploy`
when --yes is given; otherwise it prints the commands it would run.

    [tool.deploy.modal]
    workspace = "acme-ml"
    environment = "staging"
    apps = ["src/serve.py", "src/embed.py"]
    smoke = "src/serve.py::smoke"
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOG_DIR = ROOT / "build" / "deploy-logs"


class DeployError(RuntimeError):
    pass


def log(msg: str) -> None:
    stamp = time.strftime("%H:%M:%S")
    print(f"[{stamp}] {msg}", flush=True)


def read_settings() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        data = tomllib.load(fh)
    try:
        settings = data["tool"]["deploy"]["modal"]
    except KeyError as exc:
        raise DeployError("pyproject.toml has no [tool.deploy.modal] table") from exc
    for key in ("workspace", "environment", "apps"):
        if key not in settings:
            raise DeployError(f"[tool.deploy.modal] is missing {key!r}")
    return settings


def modal_bin() -> str:
    found = shutil.which("modal")
    if not found:
        raise DeployError("modal CLI not on PATH; run `uv sync` first")
    return found


def run(argv: list[str], *, capture: bool = False, env: dict | None = None) -> subprocess.CompletedProcess:
    log("$ " + shlex.join(argv))
    return subprocess.run(
        argv,
        cwd=ROOT,
        check=True,
        text=True,
        capture_output=capture,
        env={**os.environ, **(env or {})},
    )


def active_workspace(modal: str) -> str:
    # `modal profile current` prints the profile name; the workspace is in
    # `modal profile list --json`.
    proc = run([modal, "profile", "list", "--json"], capture=True)
    profiles = json.loads(proc.stdout or "[]")
    for entry in profiles:
        if entry.get("active"):
            return entry.get("workspace") or entry.get("name", "")
    raise DeployError("no active Modal profile; run `modal setup`")


def git_state() -> tuple[str, bool]:
    sha = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True, capture_output=True, check=True
    ).stdout.strip()
    dirty = bool(
        subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            cwd=ROOT,
            text=True,
            capture_output=True,
            check=True,
        ).stdout.strip()
    )
    return sha, dirty


def smoke_test(modal: str, target: str, environment: str) -> None:
    run([modal, "run", "--env", environment, target])


def deploy_one(modal: str, app: str, environment: str, tag: str, dry: bool, log_file) -> None:
    argv = [modal, "deploy", "--env", environment, "--tag", tag, app]
    if dry:
        log("dry run: " + shlex.join(argv))
        return
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    for line in proc.stdout:
        sys.stdout.write("    " + line)
        log_file.write(line)
    rc = proc.wait()
    if rc != 0:
        raise DeployError(f"modal deploy {app} exited {rc}")
    log(f"deployed {app} in {time.monotonic() - started:.1f}s")


def write_manifest(settings: dict, sha: str, deployed: list[str]) -> Path:
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    manifest = {
        "workspace": settings["workspace"],
        "environment": settings["environment"],
        "commit": sha,
        "apps": deployed,
        "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    fd, tmp = tempfile.mkstemp(dir=LOG_DIR, suffix=".json")
    with os.fdopen(fd, "w") as fh:
        json.dump(manifest, fh, indent=2)
    final = LOG_DIR / "last-deploy.json"
    os.replace(tmp, final)
    return final


def main() -> int:
    parser = argparse.ArgumentParser(description="Deploy Modal apps for this repo")
    parser.add_argument("--yes", action="store_true", help="actually deploy (default: print plan)")
    parser.add_argument("--skip-smoke", action="store_true")
    parser.add_argument("--allow-dirty", action="store_true")
    parser.add_argument("--only", nargs="*", default=None, help="subset of app files")
    args = parser.parse_args()

    try:
        settings = read_settings()
        modal = modal_bin()
        workspace = active_workspace(modal)
        if workspace != settings["workspace"]:
            raise DeployError(
                f"active Modal workspace is {workspace!r} but pyproject says "
                f"{settings['workspace']!r}; switch with `modal profile activate`"
            )
        sha, dirty = git_state()
        if dirty and not args.allow_dirty:
            raise DeployError("working tree has uncommitted changes (use --allow-dirty)")

        apps = settings["apps"]
        if args.only:
            unknown = set(args.only) - set(apps)
            if unknown:
                raise DeployError(f"not in [tool.deploy.modal].apps: {sorted(unknown)}")
            apps = [a for a in apps if a in args.only]

        if settings.get("smoke") and not args.skip_smoke:
            smoke_test(modal, settings["smoke"], settings["environment"])

        LOG_DIR.mkdir(parents=True, exist_ok=True)
        tag = f"{sha}{'-dirty' if dirty else ''}"
        deployed: list[str] = []
        with open(LOG_DIR / f"deploy-{sha}.log", "a") as log_file:
            for app in apps:
                deploy_one(modal, app, settings["environment"], tag, not args.yes, log_file)
                deployed.append(app)

        if args.yes:
            path = write_manifest(settings, sha, deployed)
            log(f"manifest written to {path.relative_to(ROOT)}")
        else:
            log("nothing deployed; re-run with --yes")
        return 0
    except DeployError as exc:
        log(f"error: {exc}")
        return 1
    except subprocess.CalledProcessError as exc:
        log(f"command failed ({exc.returncode}): {shlex.join(exc.cmd)}")
        return exc.returncode or 1


if __name__ == "__main__":
    sys.exit(main())
