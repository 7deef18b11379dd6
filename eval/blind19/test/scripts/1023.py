#!/usr/bin/env python3
"""Debug helper: why does `papermill` behave differently under cron?

Writes the complete process environment and interpreter details into a log
file so the cron run and the interactive run can be diffed.
"""
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

LOG = Path(tempfile.gettempdir()) / "papermill-env-debug.log"

logging.basicConfig(filename=LOG, level=logging.DEBUG, format="%(asctime)s %(message)s")


def main():
    logging.debug("argv=%s", sys.argv)
    logging.debug("executable=%s", sys.executable)
    logging.debug("path=%s", json.dumps(sys.path))
    logging.debug("environ=%s", json.dumps(dict(os.environ), indent=2, sort_keys=True))
    print(f"environment written to {LOG}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
