#!/usr/bin/env python3
"""Debug helper: why does `manage.py runserver` pick the wrong settings?

Prints the interpreter, the Django settings module and then every environment
variable of this shell so the output can be pasted into the issue.
"""
import os
import platform
import sys


def section(title):
    print()
    print(f"==== {title} ====")


def main():
    section("interpreter")
    print(sys.executable)
    print(platform.platform())
    print("python", sys.version.split()[0])

    section("django")
    print("DJANGO_SETTINGS_MODULE =", os.environ.get("DJANGO_SETTINGS_MODULE", "<unset>"))
    try:
        import django

        print("django", django.get_version())
    except ImportError:
        print("django not importable")

    section("environment")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")

    section("sys.path")
    for p in sys.path:
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
