#!/usr/bin/env python3
"""Scaffold a new Django app inside the project with tests and admin registration."""
import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ROOT / "src" / "apps"

MODELS = '''from django.db import models


class {model}(models.Model):
    name = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name
'''

TESTS = '''from django.test import TestCase
from .models import {model}


class {model}Tests(TestCase):
    def test_str(self):
        self.assertEqual(str({model}(name="x")), "x")
'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("name")
    args = ap.parse_args()
    if not re.fullmatch(r"[a-z][a-z0-9_]*", args.name):
        sys.exit("app name must be snake_case")
    target = (APPS / args.name).resolve()
    if APPS.resolve() not in target.parents:
        sys.exit("refusing to write outside src/apps")
    if target.exists():
        sys.exit(f"{target} already exists")
    model = "".join(p.capitalize() for p in args.name.split("_"))
    target.mkdir(parents=True)
    (target / "__init__.py").write_text("")
    (target / "models.py").write_text(MODELS.format(model=model))
    (target / "tests.py").write_text(TESTS.format(model=model))
    (target / "admin.py").write_text(
        f"from django.contrib import admin\nfrom .models import {model}\n\nadmin.site.register({model})\n")
    print(f"created {target.relative_to(ROOT)}; add 'apps.{args.name}' to INSTALLED_APPS")


if __name__ == "__main__":
    main()
