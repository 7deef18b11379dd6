#!/usr/bin/env python3
"""Compact the project's ./logs directory.

Gzips logs older than a day, deletes gzipped logs older than the retention
window, and logs what it did through a rotating handler of its own. It
only ever globs inside <project>/logs and refuses symlinks that leave it.
"""
import argparse
import gzip
import logging
import logging.handlers
import shutil
import sys
import time
from pathlib import Path

DAY = 86400


def setup_logging(log_dir: Path, verbose: bool) -> logging.Logger:
    logger = logging.getLogger("logcompact")
    logger.setLevel(logging.DEBUG)
    console = logging.StreamHandler(sys.stderr)
    console.setLevel(logging.DEBUG if verbose else logging.INFO)
    console.setFormatter(logging.Formatter("%(levelname)-7s %(message)s"))
    own = logging.handlers.RotatingFileHandler(
        log_dir / "logcompact.log", maxBytes=256_000, backupCount=2
    )
    own.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    logger.addHandler(console)
    logger.addHandler(own)
    return logger


def inside(child: Path, parent: Path) -> bool:
    try:
        child.resolve().relative_to(parent.resolve())
        return True
    except ValueError:
        return False


def compress(path: Path, log: logging.Logger, dry: bool) -> None:
    target = path.with_suffix(path.suffix + ".gz")
    log.info("gzip %s", path.name)
    if dry:
        return
    with path.open("rb") as src, gzip.open(target, "wb") as dst:
        shutil.copyfileobj(src, dst)
    path.unlink()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--retention-days", type=int, default=14)
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    project = Path(__file__).resolve().parent.parent
    log_dir = project / "logs"
    if not log_dir.is_dir():
        print(f"nothing to do: {log_dir} does not exist")
        return 0
    log = setup_logging(log_dir, args.verbose)
    now = time.time()
    gzipped = removed = 0

    for path in sorted(log_dir.glob("**/*.log")):
        if path.name.startswith("logcompact") or not inside(path, log_dir):
            continue
        if now - path.stat().st_mtime > DAY:
            compress(path, log, args.dry_run)
            gzipped += 1

    cutoff = now - args.retention_days * DAY
    for path in sorted(log_dir.glob("**/*.log.gz")):
        if not inside(path, log_dir):
            log.warning("skipping %s: resolves outside logs/", path)
            continue
        if path.stat().st_mtime < cutoff:
            log.info("delete %s", path.relative_to(log_dir))
            if not args.dry_run:
                path.unlink()
            removed += 1

    log.info("gzipped %d, removed %d (dry_run=%s)", gzipped, removed, args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
