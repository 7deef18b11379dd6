#!/usr/bin/env python3
"""Theme sync helper for the storefront repo.

Pulls the development theme into ./theme, runs theme check, and can push back
to a development or unpublished theme. Pushing to the live theme is refused
unless both --live and --i-know-this-is-live are given.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THEME_DIR = ROOT / "theme"
CONFIG = ROOT / "shopify.theme.toml"
STATE_FILE = ROOT / ".theme-sync.json"
IGNORED = ["config/settings_data.json", "locales/*.json"]


def log(msg: str) -> None:
    stamp = time.strftime("%H:%M:%S")
    print(f"[theme-sync {stamp}] {msg}", file=sys.stderr)


def die(msg: str, code: int = 1) -> "NoReturn":
    log(f"error: {msg}")
    sys.exit(code)


def load_env(path: Path) -> dict:
    values = {}
    if not path.exists():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, val = line.partition("=")
        values[key.strip()] = val.strip().strip('"').strip("'")
    return values


def mask(token: str) -> str:
    if not token:
        return "<unset>"
    if len(token) <= 8:
        return "****"
    return token[:4] + "…" + token[-2:]


def read_store_config() -> dict:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib  # type: ignore
    if not CONFIG.exists():
        die(f"{CONFIG.name} not found; run from the storefront repo")
    with CONFIG.open("rb") as fh:
        data = tomllib.load(fh)
    envs = data.get("environments", {})
    if "development" not in envs:
        die("shopify.theme.toml has no [environments.development] block")
    return envs


def shopify(args: list[str], env: dict, capture: bool = False) -> subprocess.CompletedProcess:
    cmd = ["shopify", "theme", *args]
    log("$ " + " ".join(cmd))
    return subprocess.run(
        cmd,
        cwd=ROOT,
        env={**os.environ, **env},
        check=False,
        text=True,
        capture_output=capture,
    )


def list_themes(store: str, env: dict) -> list[dict]:
    proc = shopify(["list", "--store", store, "--json"], env, capture=True)
    if proc.returncode != 0:
        log(proc.stderr.strip())
        die("could not list themes (is the CLI logged in?)")
    try:
        return json.loads(proc.stdout)
    except json.JSONDecodeError:
        die("theme list did not return JSON")


def pick_theme(themes: list[dict], role: str, name: str | None) -> dict:
    for theme in themes:
        if name and theme.get("name") == name:
            return theme
    for theme in themes:
        if theme.get("role") == role:
            return theme
    die(f"no theme with role={role} name={name}")


def pull(store: str, env: dict, theme: dict) -> None:
    staging = Path(tempfile.mkdtemp(prefix="theme-pull-"))
    try:
        args = ["pull", "--store", store, "--theme", str(theme["id"]), "--path", str(staging)]
        for pattern in IGNORED:
            args += ["--ignore", pattern]
        proc = shopify(args, env)
        if proc.returncode != 0:
            die("pull failed; working tree left untouched")
        for item in staging.iterdir():
            target = THEME_DIR / item.name
            if target.exists():
                shutil.rmtree(target) if target.is_dir() else target.unlink()
            shutil.move(str(item), target)
        log(f"pulled theme {theme['id']} into {THEME_DIR.relative_to(ROOT)}")
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def check() -> int:
    proc = subprocess.run(
        "shopify theme check --path theme --output json > reports/theme-check.json",
        shell=True,
        cwd=ROOT,
    )
    report = ROOT / "reports" / "theme-check.json"
    if report.exists():
        try:
            offenses = json.loads(report.read_text() or "[]")
        except json.JSONDecodeError:
            offenses = []
        total = sum(len(f.get("offenses", [])) for f in offenses)
        log(f"theme check: {total} offenses")
    return proc.returncode


def push(store: str, env: dict, theme: dict, live: bool, confirmed: bool, dry_run: bool) -> None:
    if theme.get("role") == "main":
        if not (live and confirmed):
            die("target is the LIVE theme; pass --live --i-know-this-is-live to continue")
        log("pushing to the live theme as explicitly requested")
    args = ["push", "--store", store, "--theme", str(theme["id"]), "--path", str(THEME_DIR)]
    args += ["--nodelete"]
    for pattern in IGNORED:
        args += ["--ignore", pattern]
    if theme.get("role") == "main":
        args.append("--allow-live")
    if dry_run:
        log("dry run; would run: shopify theme " + " ".join(args))
        return
    proc = shopify(args, env)
    if proc.returncode != 0:
        die("push failed")


def record_state(theme: dict, action: str) -> None:
    state = {}
    if STATE_FILE.exists():
        state = json.loads(STATE_FILE.read_text())
    state[action] = {"theme": theme["id"], "name": theme.get("name"), "at": int(time.time())}
    STATE_FILE.write_text(json.dumps(state, indent=2) + "\n")


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["pull", "check", "push", "list"])
    ap.add_argument("--env", default="development", help="environment from shopify.theme.toml")
    ap.add_argument("--theme-name", help="theme name instead of the role default")
    ap.add_argument("--live", action="store_true", help="target the published theme")
    ap.add_argument("--i-know-this-is-live", dest="confirmed", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    opts = ap.parse_args(argv)

    envs = read_store_config()
    conf = envs.get(opts.env) or die(f"unknown environment {opts.env}")
    store = conf["store"]
    if not store.endswith(".myshopify.com"):
        die(f"store {store} is not a myshopify.com domain")

    dotenv = load_env(ROOT / ".env")
    cli_env = {}
    if dotenv.get("SHOPIFY_CLI_THEME_TOKEN"):
        cli_env["SHOPIFY_CLI_THEME_TOKEN"] = dotenv["SHOPIFY_CLI_THEME_TOKEN"]
    log(f"store={store} token={mask(cli_env.get('SHOPIFY_CLI_THEME_TOKEN', ''))}")

    if opts.action == "check":
        (ROOT / "reports").mkdir(exist_ok=True)
        return check()

    themes = list_themes(store, cli_env)
    if opts.action == "list":
        for t in themes:
            print(f"{t['id']:>14}  {t.get('role', ''):<12} {t.get('name')}")
        return 0

    role = "main" if opts.live else "development"
    theme = pick_theme(themes, role, opts.theme_name)
    if opts.action == "pull":
        pull(store, cli_env, theme)
        record_state(theme, "pull")
        return 0
    if check() != 0:
        log("theme check reported errors; fix them before pushing")
        return 2
    push(store, cli_env, theme, opts.live, opts.confirmed, opts.dry_run)
    if not opts.dry_run:
        record_state(theme, "push")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
