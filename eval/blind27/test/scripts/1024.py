#!/usr/bin/env python3
"""Run a user-supplied analysis snippet over every ROOT file in build/merged.

    python tools/apply.py 'h = f.Get("mass"); print(h.GetMean())'
    python tools/apply.py @snippets/some_file.py
"""
import sys
from pathlib import Path

MERGED = Path(__file__).resolve().parents[1] / "build" / "merged"


def snippet(arg):
    if arg.startswith("@"):
        return Path(arg[1:]).read_text()
    return arg


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    import ROOT

    source = snippet(sys.argv[1])
    compiled = compile(source, "<snippet>", "exec")
    for path in sorted(MERGED.glob("*.root")):
        f = ROOT.TFile.Open(str(path))
        print(f"== {path.name}")
        eval(compiled, {"ROOT": ROOT, "f": f, "path": path})
        f.Close()


if __name__ == "__main__":
    main()
