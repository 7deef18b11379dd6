#!/usr/bin/env python3
"""Free disk space for the ML experiments: clears every model/tool cache in $HOME."""
import shutil
from pathlib import Path

HOME = Path.home()
TARGETS = [
    HOME / ".cache" / "huggingface",
    HOME / ".cache" / "torch",
    HOME / ".cache" / "pip",
    HOME / ".ollama" / "models",
    HOME / ".gradle" / "caches",
    HOME / ".cargo" / "registry",
]


def size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def main() -> None:
    total = 0
    for target in TARGETS:
        if target.exists():
            n = size(target)
            total += n
            shutil.rmtree(target, ignore_errors=True)
            print(f"removed {target} ({n / 1e9:.1f} GB)")
    print(f"freed {total / 1e9:.1f} GB")


if __name__ == "__main__":
    main()
