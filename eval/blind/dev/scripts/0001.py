"""Quick regression check for the CSV importer (temporary, not committed)."""
import csv
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "src"))

from importer.csv_loader import load_rows  # noqa: E402

ROWS = [
    {"id": "1", "email": "ana@example.com", "plan": "pro"},
    {"id": "2", "email": "bo@example.com", "plan": "free"},
    {"id": "3", "email": "", "plan": "free"},
]


def write_fixture(directory: Path) -> Path:
    path = directory / "users.csv"
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["id", "email", "plan"])
        writer.writeheader()
        writer.writerows(ROWS)
    return path


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="importer-test-"))
    failures = 0
    try:
        fixture = write_fixture(tmp)
        rows = load_rows(fixture, skip_invalid=True)
        if len(rows) != 2:
            print(f"expected 2 valid rows, got {len(rows)}")
            failures += 1
        if rows and rows[0].plan != "pro":
            print(f"first row plan: {rows[0].plan!r}")
            failures += 1
        empty = tmp / "empty.csv"
        empty.write_text("id,email,plan\n")
        if load_rows(empty, skip_invalid=True):
            print("empty file should give no rows")
            failures += 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("ok" if failures == 0 else f"{failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
