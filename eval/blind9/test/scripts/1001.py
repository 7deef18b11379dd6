"""unittest suite for the invoice exporter, run with `python -m unittest scripts/test_exporter.py`.

Each test gets a scratch directory from tempfile.mkdtemp() holding a small
SQLite fixture database; tearDown removes it. The exporter is invoked as a
subprocess with a fixed argument list so we exercise the real CLI entry point.
"""
import csv
import json
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXPORTER = HERE.parent / "app" / "export_invoices.py"

FIXTURE_ROWS = [
    ("INV-001", "acme", "2026-10-03", 12000, "EUR", "paid"),
    ("INV-002", "acme", "2026-10-17", 4500, "EUR", "open"),
    ("INV-003", "globex", "2026-11-02", 99900, "USD", "paid"),
    ("INV-004", "initech", "2026-11-09", 0, "EUR", "void"),
]


def build_fixture(db_path: Path) -> None:
    with sqlite3.connect(db_path) as conn:
        conn.execute(
            "CREATE TABLE invoices (number TEXT PRIMARY KEY, customer TEXT, issued TEXT,"
            " amount_cents INTEGER, currency TEXT, status TEXT)"
        )
        conn.executemany("INSERT INTO invoices VALUES (?, ?, ?, ?, ?, ?)", FIXTURE_ROWS)


class ExporterTestCase(unittest.TestCase):
    def setUp(self) -> None:
        self.scratch = Path(tempfile.mkdtemp(prefix="exporter-test-"))
        self.db = self.scratch / "fixture.sqlite"
        build_fixture(self.db)
        self.out = self.scratch / "out"

    def tearDown(self) -> None:
        shutil.rmtree(self.scratch, ignore_errors=True)

    def export(self, *extra: str) -> subprocess.CompletedProcess:
        argv = [sys.executable, str(EXPORTER), "--db", str(self.db), "--out", str(self.out), *extra]
        return subprocess.run(argv, capture_output=True, text=True, timeout=30)

    def read_csv(self, name: str) -> list:
        with (self.out / name).open(newline="") as fh:
            return list(csv.DictReader(fh))


class CsvExportTests(ExporterTestCase):
    def test_exports_all_non_void_invoices(self) -> None:
        proc = self.export("--format", "csv")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        rows = self.read_csv("invoices.csv")
        self.assertEqual([r["number"] for r in rows], ["INV-001", "INV-002", "INV-003"])

    def test_amounts_are_formatted_in_major_units(self) -> None:
        self.export("--format", "csv")
        amounts = {r["number"]: r["amount"] for r in self.read_csv("invoices.csv")}
        self.assertEqual(amounts["INV-003"], "999.00")

    def test_month_filter(self) -> None:
        self.export("--format", "csv", "--month", "2026-10")
        self.assertEqual(len(self.read_csv("invoices.csv")), 2)


class JsonExportTests(ExporterTestCase):
    def test_totals_per_currency(self) -> None:
        proc = self.export("--format", "json")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        payload = json.loads((self.out / "invoices.json").read_text())
        self.assertEqual(payload["totals"], {"EUR": 165.0, "USD": 999.0})

    def test_status_filter(self) -> None:
        self.export("--format", "json", "--status", "paid")
        payload = json.loads((self.out / "invoices.json").read_text())
        self.assertTrue(all(i["status"] == "paid" for i in payload["invoices"]))


class ErrorHandlingTests(ExporterTestCase):
    def test_missing_database_is_reported(self) -> None:
        self.db.unlink()
        proc = self.export("--format", "csv")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("database not found", proc.stderr)

    def test_unknown_format_is_rejected(self) -> None:
        proc = self.export("--format", "xml")
        self.assertEqual(proc.returncode, 2)


if __name__ == "__main__":
    unittest.main(verbosity=2)
