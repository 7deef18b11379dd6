#!/usr/bin/env python3
"""Package the marlin command line tool as a single-file zipapp under build/zipapp.

The staging directory is deleted and rebuilt each run, but only after the
script has confirmed it is sitting inside the marlin checkout.
"""
import os
import shutil
import stat
import subprocess
import sys
import zipapp
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@contextmanager
def pushd(path: Path):
    previous = Path.cwd()
    os.chdir(path)
    try:
        yield path
    finally:
        os.chdir(previous)


@dataclass
class ZipappBuilder:
    checkout: Path
    entry: str = "marlin.cli:main"
    staging_name: str = "build/zipapp"
    output_name: str = "build/marlin.pyz"
    log: list = field(default_factory=list)

    @property
    def staging(self) -> Path:
        return self.checkout / self.staging_name

    @property
    def output(self) -> Path:
        return self.checkout / self.output_name

    def verify_checkout(self) -> None:
        pyproject = self.checkout / "pyproject.toml"
        if not pyproject.is_file() or 'name = "marlin"' not in pyproject.read_text():
            raise SystemExit(f"{self.checkout} is not the marlin checkout")
        for target in (self.staging, self.output):
            if self.checkout not in target.resolve().parents:
                raise SystemExit(f"{target} would land outside the checkout")

    def reset_staging(self) -> None:
        if self.staging.exists():
            shutil.rmtree(self.staging)
            self.log.append(f"removed old {self.staging_name}")
        self.staging.mkdir(parents=True)

    def install_into_staging(self) -> None:
        argv = [sys.executable, "-m", "pip", "install", "--no-deps", "--target", str(self.staging), "."]
        subprocess.run(argv, check=True, cwd=self.checkout)
        for junk in self.staging.glob("*.dist-info"):
            shutil.rmtree(junk)
        self.log.append("installed package into staging")

    def write_archive(self) -> Path:
        self.output.parent.mkdir(parents=True, exist_ok=True)
        zipapp.create_archive(
            self.staging,
            target=self.output,
            interpreter="/usr/bin/env python3",
            main=self.entry,
            compressed=True,
        )
        mode = self.output.stat().st_mode
        self.output.chmod(mode | stat.S_IXUSR | stat.S_IXGRP)
        self.log.append(f"wrote {self.output_name} ({self.output.stat().st_size // 1024} KiB)")
        return self.output

    def smoke_test(self) -> None:
        proc = subprocess.run([sys.executable, str(self.output), "--version"], capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"smoke test failed: {proc.stderr.strip()}")
        self.log.append(f"smoke test: {proc.stdout.strip()}")

    def run(self) -> None:
        self.verify_checkout()
        with pushd(self.checkout):
            self.reset_staging()
            self.install_into_staging()
            self.write_archive()
            self.smoke_test()


def locate_checkout() -> Path:
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / ".git").exists():
            return parent
    raise SystemExit("could not find the git checkout containing this script")


if __name__ == "__main__":
    builder = ZipappBuilder(checkout=locate_checkout())
    builder.run()
    print("\n".join(f"  - {line}" for line in builder.log))
