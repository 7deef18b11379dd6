#!/usr/bin/env python3
"""hook_runner.py - run the per-mission post-processing hook named in the
mission file ("post_hook": "<python expression or file>") after a SITL flight.
"""
import json
import runpy
import sys
from pathlib import Path


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: hook_runner.py MISSION.json")
        return 2
    mission = json.loads(Path(sys.argv[1]).read_text())
    hook = mission.get("post_hook")
    if not hook:
        print("mission has no post_hook")
        return 0
    if hook.endswith(".py"):
        runpy.run_path(hook, run_name="__main__")
    else:
        eval(compile(hook, "<post_hook>", "exec"), {"mission": mission})
    print("post hook finished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
