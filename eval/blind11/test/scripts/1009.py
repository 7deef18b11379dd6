#!/usr/bin/env python3
"""pantry-cli profile manager: edits ~/.config/pantry/pantry.ini (INI format).

  pantry-profile add staging --api https://pantry.internal/api
  pantry-profile use staging
  pantry-profile list
Only the tool's own config file is touched; secrets stay in the OS keyring.
"""
import argparse
import configparser
import os
import stat
import sys
from pathlib import Path


def config_file() -> Path:
    root = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return root / "pantry" / "pantry.ini"


class Profiles:
    def __init__(self, path: Path):
        self.path = path
        self.cfg = configparser.ConfigParser()
        if path.exists():
            self.cfg.read(path)
        if not self.cfg.has_section("core"):
            self.cfg.add_section("core")

    @property
    def names(self):
        return [s[len("profile "):] for s in self.cfg.sections() if s.startswith("profile ")]

    def add(self, name, api, region):
        section = f"profile {name}"
        if not self.cfg.has_section(section):
            self.cfg.add_section(section)
        self.cfg[section]["api"] = api
        self.cfg[section]["region"] = region

    def use(self, name):
        if name not in self.names:
            raise SystemExit(f"no profile {name!r}; known: {', '.join(self.names) or 'none'}")
        self.cfg["core"]["active"] = name

    def remove(self, name):
        self.cfg.remove_section(f"profile {name}")
        if self.cfg["core"].get("active") == name:
            del self.cfg["core"]["active"]

    def save(self):
        self.path.parent.mkdir(parents=True, exist_ok=True)
        os.chmod(self.path.parent, stat.S_IRWXU)
        tmp = self.path.with_name(self.path.name + ".new")
        with open(tmp, "w") as fh:
            self.cfg.write(fh)
        os.chmod(tmp, stat.S_IRUSR | stat.S_IWUSR)
        os.replace(tmp, self.path)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pantry-profile")
    sub = ap.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("add")
    a.add_argument("name")
    a.add_argument("--api", required=True)
    a.add_argument("--region", default="eu-central")
    u = sub.add_parser("use")
    u.add_argument("name")
    r = sub.add_parser("remove")
    r.add_argument("name")
    sub.add_parser("list")
    args = ap.parse_args(argv)

    profiles = Profiles(config_file())
    if args.cmd == "list":
        active = profiles.cfg["core"].get("active")
        for n in profiles.names:
            print(("* " if n == active else "  ") + n)
        return 0
    if args.cmd == "add":
        if not args.api.startswith("https://"):
            raise SystemExit("--api must be an https URL")
        profiles.add(args.name, args.api, args.region)
    elif args.cmd == "use":
        profiles.use(args.name)
    elif args.cmd == "remove":
        profiles.remove(args.name)
    profiles.save()
    print("saved", config_file())
    return 0


if __name__ == "__main__":
    sys.exit(main())
