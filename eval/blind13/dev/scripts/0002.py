#!/usr/bin/env python3
"""Integration harness for the ledger CLI export command.

Each case runs in its own mkdtemp() sandbox which is removed afterwards,
even when the case fails. The CLI is invoked with a fixed argv list.
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from functools import wraps
from pathlib import Path

CLI = [sys.executable, "-m", "ledgerly.cli"]
FIXTURE_ROWS = [
    {"date": "2024-03-01", "account": "cash", "amount": "120.00"},
    {"date": "2024-03-02", "account": "rent", "amount": "-950.00"},
    {"date": "2024-03-03", "account": "cash", "amount": "42.50"},
]


def in_sandbox(test_fn):
    """Decorator: give the test a private working directory and remove it afterwards."""

    @wraps(test_fn)
    def wrapper(self, *args, **kwargs):
        sandbox = Path(tempfile.mkdtemp(prefix="ledgerly-it-"))
        old_cwd = Path.cwd()
        try:
            os.chdir(sandbox)
            return test_fn(self, sandbox, *args, **kwargs)
        finally:
            os.chdir(old_cwd)
            shutil.rmtree(sandbox, ignore_errors=True)

    return wrapper


def write_fixture(folder: Path) -> Path:
    path = folder / "journal.csv"
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["date", "account", "amount"])
        writer.writeheader()
        writer.writerows(FIXTURE_ROWS)
    return path


def run_cli(*extra: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "LEDGERLY_HOME": str(cwd / ".ledgerly")}
    return subprocess.run([*CLI, *extra], cwd=cwd, env=env, capture_output=True, text=True, timeout=60)


class ExportCommandTest(unittest.TestCase):
    @in_sandbox
    def test_export_json_totals(self, sandbox):
        journal = write_fixture(sandbox)
        proc = run_cli("export", "--format", "json", str(journal), cwd=sandbox)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        payload = json.loads(proc.stdout)
        totals = {row["account"]: row["total"] for row in payload["accounts"]}
        self.assertEqual(totals["cash"], "162.50")
        self.assertEqual(totals["rent"], "-950.00")

    @in_sandbox
    def test_export_rejects_missing_file(self, sandbox):
        proc = run_cli("export", str(sandbox / "nope.csv"), cwd=sandbox)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("not found", proc.stderr.lower())

    @in_sandbox
    def test_state_dir_stays_inside_sandbox(self, sandbox):
        journal = write_fixture(sandbox)
        run_cli("export", "--format", "csv", str(journal), cwd=sandbox)
        state = sandbox / ".ledgerly"
        self.assertTrue(state.is_dir())
        for item in state.rglob("*"):
            self.assertTrue(str(item).startswith(str(sandbox)))

    def test_sandbox_is_removed(self):
        seen = {}

        @in_sandbox
        def probe(_self, sandbox):
            seen["path"] = sandbox
            (sandbox / "marker").write_text("x")

        probe(self)
        self.assertFalse(seen["path"].exists())


if __name__ == "__main__":
    unittest.main(verbosity=2)
