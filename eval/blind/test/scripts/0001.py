"""Check that config layering (defaults < file < env) behaves as documented."""
import json
import os
import tempfile
import unittest
from pathlib import Path
from unittest import mock

from app.config import load_config


class ConfigLayering(unittest.TestCase):
    def setUp(self) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="cfg-")
        self.dir = Path(self._tmp.name)

    def tearDown(self) -> None:
        self._tmp.cleanup()

    def write(self, data: dict) -> Path:
        path = self.dir / "app.json"
        path.write_text(json.dumps(data))
        return path

    def test_defaults_only(self) -> None:
        cfg = load_config(self.dir / "missing.json", env={})
        self.assertEqual(cfg.port, 8080)
        self.assertFalse(cfg.debug)

    def test_file_overrides_defaults(self) -> None:
        cfg = load_config(self.write({"port": 9000}), env={})
        self.assertEqual(cfg.port, 9000)

    def test_env_overrides_file(self) -> None:
        path = self.write({"port": 9000, "debug": False})
        cfg = load_config(path, env={"APP_PORT": "9100", "APP_DEBUG": "1"})
        self.assertEqual(cfg.port, 9100)
        self.assertTrue(cfg.debug)

    def test_process_env_not_used_implicitly(self) -> None:
        with mock.patch.dict(os.environ, {"APP_PORT": "1234"}):
            cfg = load_config(self.write({}), env={})
        self.assertEqual(cfg.port, 8080)


if __name__ == "__main__":
    unittest.main(verbosity=2)
