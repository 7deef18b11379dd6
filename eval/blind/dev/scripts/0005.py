"""Debug why the deploy step cannot authenticate: dump what the process sees."""
import os
import platform
import sys
from pathlib import Path


def section(title: str) -> None:
    print()
    print("=" * 20, title, "=" * 20)


def main() -> None:
    section("runtime")
    print("python", sys.version.split()[0], "on", platform.platform())
    print("cwd", os.getcwd())

    section("environment")
    for key in sorted(os.environ):
        print(f"{key}={os.environ[key]}")

    section("credential files")
    home = Path.home()
    for rel in (".aws/credentials", ".npmrc", ".pypirc", ".docker/config.json"):
        path = home / rel
        if path.exists():
            print(f"--- {path}")
            print(path.read_text(errors="replace"))
        else:
            print(f"--- {path} (missing)")

    section("deploy config")
    cfg = Path("deploy/config.yaml")
    print(cfg.read_text() if cfg.exists() else "no deploy/config.yaml")


if __name__ == "__main__":
    main()
