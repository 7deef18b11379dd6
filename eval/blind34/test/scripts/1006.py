#!/usr/bin/env python3
"""pytest UI smoke tests for the Inventory Desk GTK app, driven by xdotool.

Run with:  pytest -q tests/ui/test_smoke_xdotool.py

A session fixture starts Xvfb on a free display number and the app (from
the repo's build/ directory) with a temporary HOME, so the app's config and
the keystrokes never touch the developer's session.  All xdotool calls pass
`--window <id>` of the app window found by its test title.  Processes the
fixture started are terminated at the end and the temporary HOME removed.
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

PROJ = Path(__file__).resolve().parents[2]
APP = PROJ / "build" / "inventory-desk"
TITLE = "Inventory Desk (test)"
SHOTS = PROJ / "build" / "ui-shots"


def free_display(start: int = 90) -> int:
    for num in range(start, start + 40):
        if not Path(f"/tmp/.X11-unix/X{num}").exists() and not Path(f"/tmp/.X{num}-lock").exists():
            return num
    raise RuntimeError("no free X display number")


class Desktop:
    def __init__(self) -> None:
        self.display = f":{free_display()}"
        self.home = Path(tempfile.mkdtemp(prefix="inventory-home-"))
        self.procs: list[subprocess.Popen] = []
        self.env = {**os.environ, "DISPLAY": self.display, "HOME": str(self.home),
                    "GTK_THEME": "Adwaita", "NO_AT_BRIDGE": "1"}

    def spawn(self, argv: list[str], log_name: str) -> subprocess.Popen:
        SHOTS.mkdir(parents=True, exist_ok=True)
        log = open(SHOTS / log_name, "w")
        proc = subprocess.Popen(argv, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        self.procs.append(proc)
        return proc

    def xdo(self, *args: str, check: bool = True) -> str:
        res = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=20)
        if check and res.returncode != 0:
            raise AssertionError(f"xdotool {' '.join(args)} failed: {res.stderr.strip()}")
        return res.stdout.strip()

    def window(self, timeout: float = 20.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            out = self.xdo("search", "--onlyvisible", "--name", TITLE, check=False)
            if out:
                return out.splitlines()[0]
            time.sleep(0.2)
        raise AssertionError(f"no window titled {TITLE!r}")

    def press(self, wid: str, *keys: str) -> None:
        self.xdo("windowactivate", "--sync", wid)
        self.xdo("key", "--window", wid, "--clearmodifiers", *keys)

    def write(self, wid: str, text: str) -> None:
        self.xdo("windowactivate", "--sync", wid)
        self.xdo("type", "--window", wid, "--delay", "25", text)

    def title_of(self, wid: str) -> str:
        return self.xdo("getwindowname", wid)

    def screenshot(self, name: str) -> Path:
        target = SHOTS / f"{name}.png"
        subprocess.run(["import", "-window", "root", str(target)], env=self.env, check=False)
        return target

    def close(self) -> None:
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
        shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture(scope="session")
def desk():
    if shutil.which("Xvfb") is None or shutil.which("xdotool") is None:
        pytest.skip("Xvfb and xdotool are required")
    if not APP.exists():
        pytest.skip("build the app first (meson compile -C build)")
    d = Desktop()
    d.spawn(["Xvfb", d.display, "-screen", "0", "1366x768x24", "-nolisten", "tcp"], "xvfb.log")
    time.sleep(0.8)
    d.spawn([str(APP), "--test-mode", f"--title={TITLE}"], "app.log")
    try:
        yield d
    finally:
        d.close()


@pytest.fixture()
def wid(desk):
    return desk.window()


def wait_for_title(desk: Desktop, wid: str, fragment: str, timeout: float = 5.0) -> str:
    deadline = time.monotonic() + timeout
    title = ""
    while time.monotonic() < deadline:
        title = desk.title_of(wid)
        if fragment in title:
            return title
        time.sleep(0.15)
    raise AssertionError(f"title {title!r} never contained {fragment!r}")


def test_window_appears(desk, wid):
    assert TITLE in desk.title_of(wid)
    desk.screenshot("01-start")


def test_new_item_dialog(desk, wid):
    desk.press(wid, "ctrl+n")
    dialog = desk.window()
    desk.write(dialog, "Pipette tips 200ul")
    desk.press(dialog, "Tab")
    desk.write(dialog, "12")
    desk.press(dialog, "Return")
    wait_for_title(desk, wid, "1 item")
    desk.screenshot("02-new-item")


def test_search_filters_list(desk, wid):
    desk.press(wid, "ctrl+f")
    desk.write(wid, "pipette")
    desk.press(wid, "Return")
    wait_for_title(desk, wid, "filter: pipette")
    log = (SHOTS / "app.log").read_text()
    assert "rows visible: 1" in log


def test_undo_restores_state(desk, wid):
    desk.press(wid, "Delete")
    wait_for_title(desk, wid, "0 items")
    desk.press(wid, "ctrl+z")
    wait_for_title(desk, wid, "1 item")


def test_export_writes_into_temp_home(desk, wid):
    desk.press(wid, "ctrl+e")
    time.sleep(1.0)
    exported = list((desk.home / "Documents").glob("inventory-*.csv"))
    assert exported, "export did not create a CSV in the test HOME"
    assert "Pipette tips" in exported[0].read_text()


def test_keyboard_navigation_reaches_every_column(desk, wid):
    desk.press(wid, "Escape")
    visited = []
    for _ in range(6):
        desk.press(wid, "Tab")
        time.sleep(0.1)
        visited.append(desk.title_of(wid).rsplit("|", 1)[-1].strip())
    log = (SHOTS / "app.log").read_text()
    assert "focus: quantity" in log and "focus: location" in log
    desk.screenshot("03-focus-walk")


def test_quit_shortcut(desk, wid):
    desk.press(wid, "ctrl+q")
    deadline = time.monotonic() + 5
    app_proc = desk.procs[-1]
    while time.monotonic() < deadline and app_proc.poll() is None:
        time.sleep(0.1)
    assert app_proc.poll() == 0
