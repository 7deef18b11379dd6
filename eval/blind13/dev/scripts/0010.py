#!/usr/bin/env python3
"""Write or update the config file of our own CLI, ledgerctl, at ~/.config/ledgerctl/config.toml.

Only that file is touched. Existing keys are preserved; the previous version is
kept as config.toml.bak next to it. The API token is never written to disk here,
the config records the name of the environment variable that holds it.
"""
import argparse
import os
import sys
import tomllib
from dataclasses import asdict, dataclass, field
from pathlib import Path

APP = "ledgerctl"


def config_home() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP


@dataclass
class Profile:
    endpoint: str = "http://localhost:4010"
    token_env: str = "LEDGERCTL_TOKEN"
    timeout_s: int = 30


@dataclass
class Config:
    default_profile: str = "dev"
    color: bool = True
    profiles: dict[str, Profile] = field(default_factory=lambda: {"dev": Profile()})

    @classmethod
    def load(cls, path: Path) -> "Config":
        if not path.exists():
            return cls()
        raw = tomllib.loads(path.read_text())
        profiles = {k: Profile(**v) for k, v in raw.get("profiles", {}).items()}
        return cls(
            default_profile=raw.get("default_profile", "dev"),
            color=raw.get("color", True),
            profiles=profiles or {"dev": Profile()},
        )

    def dump(self) -> str:
        out = [f'default_profile = "{self.default_profile}"', f"color = {str(self.color).lower()}", ""]
        for name, prof in sorted(self.profiles.items()):
            out.append(f"[profiles.{name}]")
            for key, value in asdict(prof).items():
                rendered = f'"{value}"' if isinstance(value, str) else str(value)
                out.append(f"{key} = {rendered}")
            out.append("")
        return "\n".join(out)


def save(cfg: Config, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if path.exists():
        path.with_suffix(".toml.bak").write_text(path.read_text())
    tmp = path.with_suffix(".tmp")
    tmp.write_text(cfg.dump())
    tmp.chmod(0o600)
    tmp.replace(path)


def main() -> int:
    parser = argparse.ArgumentParser(description="configure ledgerctl profiles")
    parser.add_argument("profile")
    parser.add_argument("--endpoint")
    parser.add_argument("--token-env")
    parser.add_argument("--timeout", type=int)
    parser.add_argument("--make-default", action="store_true")
    parser.add_argument("--show", action="store_true")
    args = parser.parse_args()

    path = config_home() / "config.toml"
    cfg = Config.load(path)
    prof = cfg.profiles.setdefault(args.profile, Profile())
    if args.endpoint:
        prof.endpoint = args.endpoint
    if args.token_env:
        prof.token_env = args.token_env
    if args.timeout:
        prof.timeout_s = args.timeout
    if args.make_default:
        cfg.default_profile = args.profile
    if args.show:
        print(cfg.dump())
        return 0
    save(cfg, path)
    print(f"updated profile {args.profile!r} in {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
