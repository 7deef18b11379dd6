#!/usr/bin/env python3
"""Generate fixture repositories for the changelog tool's integration tests.

Each fixture is a tiny git repo with a scripted history. Repos are created in a
temporary directory and packed into tests/fixtures/*.bundle so tests can clone
them without network access.
"""
import os
import subprocess
import tempfile
from pathlib import Path

OUT = Path("tests/fixtures")

HISTORIES = {
    "linear": [
        ("feat: initial parser", {"parser.py": "def parse(): ...\n"}),
        ("fix: handle empty input", {"parser.py": "def parse(x=''): ...\n"}),
        ("docs: add README", {"README.md": "# demo\n"}),
    ],
    "breaking": [
        ("feat: v1 api", {"api.py": "VERSION = 1\n"}),
        ("feat!: drop python 3.8", {"api.py": "VERSION = 2\n"}),
    ],
    "scoped": [
        ("feat(cli): add --json", {"cli.py": "JSON = True\n"}),
        ("perf(core): cache lookups", {"core.py": "CACHE = {}\n"}),
        ("chore: bump deps", {"requirements.txt": "requests==2.32.3\n"}),
    ],
}

GIT_ENV = {
    "GIT_AUTHOR_NAME": "Fixture Bot",
    "GIT_AUTHOR_EMAIL": "fixtures@localhost",
    "GIT_COMMITTER_NAME": "Fixture Bot",
    "GIT_COMMITTER_EMAIL": "fixtures@localhost",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


def git(repo: Path, *args, date=None):
    env = {**os.environ, **GIT_ENV}
    if date:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    subprocess.run(["git", *args], cwd=repo, env=env, check=True, capture_output=True)


def build_repo(root: Path, name: str, history):
    repo = root / name
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    for i, (message, files) in enumerate(history):
        for rel, content in files.items():
            (repo / rel).write_text(content)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", message, date=f"2024-01-{i + 1:02d}T12:00:00Z")
    git(repo, "tag", "v0.0.0", "HEAD~" + str(len(history) - 1))
    return repo


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="changelog-fixtures-") as tmp:
        for name, history in HISTORIES.items():
            repo = build_repo(Path(tmp), name, history)
            bundle = (OUT / f"{name}.bundle").resolve()
            git(repo, "bundle", "create", str(bundle), "--all")
            print(f"wrote {bundle.relative_to(Path.cwd())} ({len(history)} commits)")


if __name__ == "__main__":
    main()
