#!/usr/bin/env python3
"""Smoke-test the project CLI end to end in throwaway directories."""
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

CLI = [sys.executable, "-m", "proj.cli"]


class CliSmokeTest(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="proj-cli-"))
        self.addCleanup(shutil.rmtree, self.tmp, ignore_errors=True)

    def run_cli(self, *args: str) -> subprocess.CompletedProcess:
        return subprocess.run([*CLI, *args], cwd=self.tmp, capture_output=True, text=True, timeout=60)

    def test_init_creates_config(self) -> None:
        res = self.run_cli("init", "--name", "demo")
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertTrue((self.tmp / "proj.toml").exists())

    def test_init_twice_fails(self) -> None:
        self.run_cli("init", "--name", "demo")
        res = self.run_cli("init", "--name", "demo")
        self.assertNotEqual(res.returncode, 0)
        self.assertIn("already", res.stderr.lower())

    def test_build_outputs_into_dist(self) -> None:
        self.run_cli("init", "--name", "demo")
        (self.tmp / "src").mkdir()
        (self.tmp / "src" / "main.txt").write_text("hello\n")
        res = self.run_cli("build")
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertTrue(any((self.tmp / "dist").iterdir()))

    def test_clean_removes_only_dist(self) -> None:
        self.run_cli("init", "--name", "demo")
        (self.tmp / "dist").mkdir()
        (self.tmp / "dist" / "x.bin").write_bytes(b"\0")
        (self.tmp / "keep.txt").write_text("keep")
        res = self.run_cli("clean")
        self.assertEqual(res.returncode, 0, res.stderr)
        self.assertFalse((self.tmp / "dist").exists())
        self.assertTrue((self.tmp / "keep.txt").exists())

    def test_version_flag(self) -> None:
        res = self.run_cli("--version")
        self.assertRegex(res.stdout.strip(), r"^\d+\.\d+\.\d+")


if __name__ == "__main__":
    unittest.main(verbosity=2)
