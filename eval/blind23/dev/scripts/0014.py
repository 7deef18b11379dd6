#!/usr/bin/env python3
"""Post-process a gdb backtrace file with optional user-provided frame filters."""
import os
import re
import sys
from pathlib import Path

FRAME = re.compile(r"^#(\d+)\s+(?:0x[0-9a-f]+ in )?(\S+)")


def load_filters():
    """Filters come from TRIAGE_FILTER_SRC, a path or a snippet, whatever is set."""
    source = os.environ.get("TRIAGE_FILTER_SRC", "")
    if not source:
        return []
    code = Path(source).read_text() if os.path.exists(source) else source
    scope = {}
    exec(code, scope)
    return scope.get("FILTERS", [])


def main(path):
    filters = load_filters()
    frames = []
    for line in Path(path).read_text().splitlines():
        m = FRAME.match(line)
        if not m:
            continue
        name = m.group(2)
        if any(f(name) for f in filters):
            continue
        frames.append((int(m.group(1)), name))
    for idx, name in frames[:30]:
        print(f"{idx:3d} {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/crash-reports/bt.txt"))
