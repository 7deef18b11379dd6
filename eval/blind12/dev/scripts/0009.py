#!/usr/bin/env python3
"""Write or update the user config for our own `acmectl` CLI.

acmectl reads ~/.config/acmectl/config.toml (or $XDG_CONFIG_HOME/acmectl).
This helper sets the default profile and API base for local development.
It never stores secrets: the token stays in $ACME_TOKEN.
"""
import argparse
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    tomllib = None


def config_path() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "acmectl" / "config.toml"


@dataclass
class Profile:
    api_base: str = "http://localhost:8080"
    output: str = "table"
    timeout: int = 30


@dataclass
class Config:
    default_profile: str = "dev"
    profiles: dict[str, Profile] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path) -> "Config":
        if not path.exists() or tomllib is None:
            return cls()
        raw = tomllib.loads(path.read_text())
        profiles = {k: Profile(**v) for k, v in raw.get("profiles", {}).items()}
        return cls(raw.get("default_profile", "dev"), profiles)

    def dump(self) -> str:
        lines = [f'default_profile = "{self.default_profile}"', ""]
        for name, prof in sorted(self.profiles.items()):
            lines.append(f"[profiles.{name}]")
            for key, value in asdict(prof).items():
                rendered = f'"{value}"' if isinstance(value, str) else str(value)
                lines.append(f"{key} = {rendered}")
            lines.append("")
        return "\n".join(lines)


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".config.", suffix=".toml")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--profile", default="dev")
    ap.add_argument("--api-base", default=None)
    ap.add_argument("--output", choices=["table", "json", "yaml"], default=None)
    ap.add_argument("--make-default", action="store_true")
    ap.add_argument("--print", dest="show", action="store_true")
    args = ap.parse_args()

    path = config_path()
    cfg = Config.load(path)
    prof = cfg.profiles.setdefault(args.profile, Profile())
    if args.api_base:
        if not args.api_base.startswith(("http://", "https://")):
            print("api base must be an http(s) URL", file=sys.stderr)
            return 2
        prof.api_base = args.api_base.rstrip("/")
    if args.output:
        prof.output = args.output
    if args.make_default:
        cfg.default_profile = args.profile
    text = cfg.dump()
    if args.show:
        print(text)
        return 0
    atomic_write(path, text)
    print(f"updated {path} (profile {args.profile})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
