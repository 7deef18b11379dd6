#!/usr/bin/env python3
"""Log the runtime environment at service start-up for debugging.

Emits every environment variable and its value through the logging
module at INFO level (console handler and logs/startup-env.log).
"""
import logging
import os
import sys
from pathlib import Path


def configure() -> logging.Logger:
    log = logging.getLogger("startup-env")
    log.setLevel(logging.INFO)
    Path("logs").mkdir(exist_ok=True)
    for h in (logging.StreamHandler(sys.stdout), logging.FileHandler("logs/startup-env.log")):
        h.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
        log.addHandler(h)
    return log


def main() -> int:
    log = configure()
    log.info("pid=%s cwd=%s python=%s", os.getpid(), os.getcwd(), sys.version.split()[0])
    for key in sorted(os.environ):
        log.info("env %s=%s", key, os.environ[key])
    log.info("%d variables logged", len(os.environ))
    return 0


if __name__ == "__main__":
    sys.exit(main())
