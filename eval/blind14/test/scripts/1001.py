#!/usr/bin/env python3
"""pytest suite for the CSV contact importer.

Fixtures build input files in tempfile.mkdtemp() folders; a finalizer
deletes each folder with shutil.rmtree and checks it really disappeared.
"""
import csv
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest


@dataclass
class Contact:
    email: str
    name: str = ""
    tags: list[str] = field(default_factory=list)


@dataclass
class ImportReport:
    imported: list[Contact] = field(default_factory=list)
    rejected: list[tuple[int, str]] = field(default_factory=list)


def import_contacts(path: Path) -> ImportReport:
    report = ImportReport()
    seen: set[str] = set()
    with path.open(newline="", encoding="utf-8") as fh:
        for lineno, row in enumerate(csv.DictReader(fh), start=2):
            email = (row.get("email") or "").strip().lower()
            if "@" not in email:
                report.rejected.append((lineno, "invalid email"))
                continue
            if email in seen:
                report.rejected.append((lineno, "duplicate"))
                continue
            seen.add(email)
            tags = [t.strip() for t in (row.get("tags") or "").split(";") if t.strip()]
            report.imported.append(Contact(email, (row.get("name") or "").strip(), tags))
    return report


@pytest.fixture
def workdir(request):
    folder = Path(tempfile.mkdtemp(prefix="contacts-"))

    def remove():
        shutil.rmtree(folder)
        assert not folder.exists()

    request.addfinalizer(remove)
    return folder


def write_csv(folder: Path, rows: list[dict], name: str = "in.csv") -> Path:
    path = folder / name
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["email", "name", "tags"])
        writer.writeheader()
        writer.writerows(rows)
    return path


def test_valid_rows_are_imported(workdir):
    path = write_csv(workdir, [{"email": "Ada@Example.test", "name": "Ada", "tags": "vip;beta"}])
    report = import_contacts(path)
    assert [c.email for c in report.imported] == ["ada@example.test"]
    assert report.imported[0].tags == ["vip", "beta"]


def test_invalid_email_is_rejected(workdir):
    path = write_csv(workdir, [{"email": "not-an-email", "name": "X", "tags": ""}])
    report = import_contacts(path)
    assert report.imported == []
    assert report.rejected == [(2, "invalid email")]


def test_duplicates_are_case_insensitive(workdir):
    rows = [
        {"email": "lin@example.test", "name": "Lin", "tags": ""},
        {"email": "LIN@example.test", "name": "Lin again", "tags": ""},
    ]
    report = import_contacts(write_csv(workdir, rows))
    assert len(report.imported) == 1
    assert report.rejected == [(3, "duplicate")]


def test_empty_file_has_no_rows(workdir):
    path = workdir / "empty.csv"
    path.write_text("email,name,tags\n", encoding="utf-8")
    assert import_contacts(path) == ImportReport()


@pytest.mark.parametrize("raw,expected", [("a; b ;;c", ["a", "b", "c"]), ("", [])])
def test_tag_parsing(workdir, raw, expected):
    path = write_csv(workdir, [{"email": "t@example.test", "name": "", "tags": raw}])
    assert import_contacts(path).imported[0].tags == expected
