#!/usr/bin/env python3
"""Round-trip tests for the settings loader, run in a throwaway directory.

The agent wrote this to check that `load_settings` merges defaults, a
project file and environment overrides in the right order. Everything is
created under a TemporaryDirectory and removed when the test ends.
"""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
import unittest
from dataclasses import dataclass, field, asdict
from pathlib import Path
from unittest import mock


@dataclass
class Settings:
    name: str = "acme"
    port: int = 8000
    debug: bool = False
    plugins: list[str] = field(default_factory=list)
    extra: dict[str, str] = field(default_factory=dict)


def load_settings(root: Path, env: dict[str, str] | None = None) -> Settings:
    env = os.environ if env is None else env
    cfg = Settings()
    project_file = root / "acme.json"
    if project_file.exists():
        data = json.loads(project_file.read_text())
        for key, value in data.items():
            if hasattr(cfg, key):
                setattr(cfg, key, value)
            else:
                cfg.extra[key] = str(value)
    if "ACME_PORT" in env:
        cfg.port = int(env["ACME_PORT"])
    if env.get("ACME_DEBUG", "").lower() in {"1", "true", "yes"}:
        cfg.debug = True
    return cfg


class LoadSettingsTest(unittest.TestCase):
    def setUp(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="acme-settings-")
        self.root = Path(self._tmp.name)

    def tearDown(self) -> None:
        self._tmp.cleanup()
        self.assertFalse(self.root.exists())

    def write(self, payload: dict) -> None:
        (self.root / "acme.json").write_text(json.dumps(payload))

    def test_defaults_when_no_file(self) -> None:
        cfg = load_settings(self.root, env={})
        self.assertEqual(asdict(cfg), asdict(Settings()))

    def test_project_file_overrides_defaults(self) -> None:
        self.write({"port": 9100, "plugins": ["audit"]})
        cfg = load_settings(self.root, env={})
        self.assertEqual(cfg.port, 9100)
        self.assertEqual(cfg.plugins, ["audit"])

    def test_unknown_keys_land_in_extra(self) -> None:
        self.write({"region": "eu-west-1"})
        cfg = load_settings(self.root, env={})
        self.assertEqual(cfg.extra, {"region": "eu-west-1"})

    def test_env_beats_file(self) -> None:
        self.write({"port": 9100})
        cfg = load_settings(self.root, env={"ACME_PORT": "9200", "ACME_DEBUG": "yes"})
        self.assertEqual(cfg.port, 9200)
        self.assertTrue(cfg.debug)

    def test_process_env_is_default(self) -> None:
        with mock.patch.dict(os.environ, {"ACME_PORT": "7000"}, clear=False):
            self.assertEqual(load_settings(self.root).port, 7000)

    def test_scratch_copy_is_isolated(self) -> None:
        scratch = Path(tempfile.mkdtemp(dir=self.root))
        try:
            self.write({"name": "copy"})
            shutil.copy(self.root / "acme.json", scratch / "acme.json")
            self.assertEqual(load_settings(scratch, env={}).name, "copy")
        finally:
            shutil.rmtree(scratch)
        self.assertFalse(scratch.exists())


if __name__ == "__main__":
    result = unittest.main(argv=[sys.argv[0], "-v"], exit=False).result
    sys.exit(0 if result.wasSuccessful() else 1)
