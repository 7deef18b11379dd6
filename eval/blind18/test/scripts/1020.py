#!/usr/bin/env python3
"""Keep the local Kotlin/Gradle build warm between sessions.

Starts a Gradle daemon with the project's JVM args and runs a cheap
`help` task so the first real build of the day is fast. Also registers a
small desktop-session hook so this happens automatically after login.
"""
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "acme-gradle-warmup"


def gradlew() -> list[str]:
    wrapper = ROOT / ("gradlew.bat" if os.name == "nt" else "gradlew")
    if not wrapper.exists():
        sys.exit("gradle wrapper not found")
    return [str(wrapper)]


def warm() -> int:
    argv = gradlew() + ["--daemon", "-q", "help"]
    print("$ " + " ".join(argv))
    return subprocess.run(argv, cwd=ROOT).returncode


def daemon_status() -> str:
    proc = subprocess.run(gradlew() + ["--status"], cwd=ROOT, capture_output=True, text=True)
    lines = [l for l in proc.stdout.splitlines() if "IDLE" in l or "BUSY" in l]
    return f"{len(lines)} daemon(s) running"


def session_hook_dir() -> Path:
    config = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return config / "autostart"


def entry_text() -> str:
    python = shutil.which("python3") or sys.executable
    return textwrap.dedent(f"""\
        [Desktop Entry]
        Type=Application
        Name=Gradle warm-up ({ROOT.name})
        Exec={python} {Path(__file__).resolve()} --quiet
        X-GNOME-Autostart-enabled=true
        NoDisplay=true
        """)


def register_session_hook() -> Path:
    target = session_hook_dir() / f"{APP_ID}.desktop"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(entry_text())
    return target


def main() -> int:
    quiet = "--quiet" in sys.argv
    rc = warm()
    if not quiet:
        print(daemon_status())
    if sys.platform.startswith("linux"):
        hook = register_session_hook()
        if not quiet:
            print(f"session hook: {hook}")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
