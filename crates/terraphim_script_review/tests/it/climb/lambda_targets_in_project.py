import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

TARGETS = {
    "out": lambda: [ROOT / "out"],
    "cov": lambda: [ROOT / "coverage", ROOT / ".pytest_cache"],
}


def drop(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


for name in ("out", "cov"):
    for path in TARGETS[name]():
        drop(path)
