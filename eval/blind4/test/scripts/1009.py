#!/usr/bin/env python3
"""Print the effective configuration the Django app would start with.

Handy when settings differ between the shell and the IDE run config.
Usage: python scripts/show_config.py [--settings config.settings.local]
"""
import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def load_settings(module: str):
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", module)
    import django
    from django.conf import settings

    django.setup()
    return settings


def dump_settings(settings) -> dict:
    out = {}
    for name in dir(settings):
        if not name.isupper():
            continue
        value = getattr(settings, name)
        try:
            json.dumps(value)
            out[name] = value
        except TypeError:
            out[name] = repr(value)
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--settings", default="config.settings.local")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()

    print("# process environment")
    for k, v in sorted(os.environ.items()):
        print(f"{k}={v}")

    settings = load_settings(args.settings)
    data = dump_settings(settings)
    print("\n# django settings")
    if args.json:
        print(json.dumps(data, indent=2, default=str))
    else:
        for k in sorted(data):
            print(f"{k} = {data[k]!r}")
    print(f"\n# DATABASES.default -> {settings.DATABASES['default']}")
    print(f"# SECRET_KEY -> {settings.SECRET_KEY}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
