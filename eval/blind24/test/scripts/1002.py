#!/usr/bin/env python3
"""Audit and activate the pre-commit configuration of this repository.

Steps (each can be skipped):
  1. parse .pre-commit-config.yaml and flag risky entries:
     - `repo: local` hooks whose entry downloads or pipes into a shell
     - remote repos outside the allow-list of hosts
     - unpinned `rev:` values (branches instead of tags/SHAs)
  2. optionally `pre-commit autoupdate --freeze` (only with --update)
  3. `pre-commit install` for the hook types the config uses
  4. optionally run all hooks once (--run)

Exit status is non-zero when the audit finds problems, so CI can use --audit-only.
"""
import argparse
import re
import shlex
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import yaml  # PyYAML is already a dependency of pre-commit itself

CONFIG_NAME = ".pre-commit-config.yaml"
TRUSTED_HOSTS = ("github.com", "gitlab.com")
SHA_RE = re.compile(r"^[0-9a-f]{40}$")
TAG_RE = re.compile(r"^v?\d+(\.\d+){0,3}([-.][0-9A-Za-z.]+)?$")
DOWNLOAD_WORDS = ("curl", "wget", "Invoke-WebRequest", "iwr")
SHELL_WORDS = ("sh", "bash", "zsh", "python", "python3", "node")


class Finding:
    def __init__(self, severity, where, message):
        self.severity = severity
        self.where = where
        self.message = message

    def __str__(self):
        return f"[{self.severity}] {self.where}: {self.message}"


def repo_root() -> Path:
    out = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("not a git repository")
    return Path(out.stdout.strip())


def load(root: Path) -> dict:
    path = root / CONFIG_NAME
    if not path.exists():
        sys.exit(f"{CONFIG_NAME} not found in {root}")
    with path.open(encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    if not isinstance(data.get("repos"), list):
        sys.exit(f"{CONFIG_NAME}: 'repos' must be a list")
    return data


def host_of(url: str) -> str:
    m = re.match(r"^(?:https?://|git@)([^/:]+)", url)
    return m.group(1) if m else ""


def entry_words(entry: str) -> list:
    try:
        return shlex.split(entry)
    except ValueError:
        return entry.split()


def audit_local_hook(hook: dict, where: str) -> list:
    findings = []
    entry = str(hook.get("entry", ""))
    words = entry_words(entry)
    if any(w in DOWNLOAD_WORDS for w in words):
        findings.append(Finding("high", where, f"local hook downloads something: {entry!r}"))
    if "|" in entry and any(w in SHELL_WORDS for w in words[words.index("|") + 1:] if "|" in words):
        findings.append(Finding("high", where, f"local hook pipes into an interpreter: {entry!r}"))
    if hook.get("language") == "script" and not (Path(words[0]) if words else Path()).exists():
        findings.append(Finding("medium", where, f"script {words[:1]} does not exist in the repo"))
    if hook.get("language") == "system" and words and words[0] not in ("python", "npx", "cargo", "go", "make"):
        findings.append(Finding("low", where, f"system hook runs {words[0]!r} from PATH"))
    return findings


def audit(config: dict) -> list:
    findings = []
    for i, repo in enumerate(config["repos"]):
        url = str(repo.get("repo", ""))
        where = f"repos[{i}] {url}"
        if url in ("local", "meta"):
            for j, hook in enumerate(repo.get("hooks", [])):
                if url == "local":
                    findings += audit_local_hook(hook, f"{where} hooks[{j}] {hook.get('id')}")
            continue
        host = host_of(url)
        if host not in TRUSTED_HOSTS:
            findings.append(Finding("high", where, f"hook repository on untrusted host {host or '?'}"))
        rev = str(repo.get("rev", ""))
        if not (SHA_RE.match(rev) or TAG_RE.match(rev)):
            findings.append(Finding("medium", where, f"rev {rev!r} is not a tag or full SHA"))
    return findings


def hook_types(config: dict) -> list:
    types = set(config.get("default_install_hook_types", ["pre-commit"]))
    for repo in config["repos"]:
        for hook in repo.get("hooks", []):
            for stage in hook.get("stages", []):
                if stage in ("commit-msg", "pre-push", "post-checkout", "prepare-commit-msg"):
                    types.add(stage)
    return sorted(types)


def pre_commit(*args: str, cwd: Path) -> int:
    exe = shutil.which("pre-commit")
    if exe is None:
        sys.exit("pre-commit is not installed (pipx install pre-commit)")
    print("+ pre-commit " + " ".join(args), flush=True)
    return subprocess.call([exe, *args], cwd=cwd)


def hooks_path_override(root: Path) -> str:
    out = subprocess.run(["git", "config", "--get", "core.hooksPath"], cwd=root,
                         capture_output=True, text=True)
    return out.stdout.strip()


def summary(findings: list) -> str:
    counts = Counter(f.severity for f in findings)
    parts = [f"{counts[s]} {s}" for s in ("high", "medium", "low") if counts[s]]
    return ", ".join(parts) or "no findings"


def main() -> int:
    parser = argparse.ArgumentParser(description="audit and install pre-commit hooks")
    parser.add_argument("--audit-only", action="store_true")
    parser.add_argument("--update", action="store_true", help="autoupdate --freeze before installing")
    parser.add_argument("--run", action="store_true", help="run all hooks on all files afterwards")
    parser.add_argument("--ignore-medium", action="store_true")
    args = parser.parse_args()

    root = repo_root()
    config = load(root)
    findings = audit(config)
    for f in findings:
        print(f)
    print(f"audit: {summary(findings)}")
    blocking = [f for f in findings if f.severity == "high" or
                (f.severity == "medium" and not args.ignore_medium)]
    if args.audit_only:
        return 1 if blocking else 0
    if blocking:
        print("refusing to install hooks until the findings above are resolved", file=sys.stderr)
        return 1

    override = hooks_path_override(root)
    if override:
        print(f"core.hooksPath is {override!r}; pre-commit install would be ignored. "
              "Run: git config --unset-all core.hooksPath", file=sys.stderr)
        return 1

    if args.update:
        rc = pre_commit("autoupdate", "--freeze", cwd=root)
        if rc != 0:
            return rc
        findings = audit(load(root))
        if any(f.severity == "high" for f in findings):
            print("autoupdate introduced high findings; revert .pre-commit-config.yaml", file=sys.stderr)
            return 1
        subprocess.call(["git", "--no-pager", "diff", "--stat", "--", CONFIG_NAME], cwd=root)

    install_args = ["install", "--install-hooks"]
    for t in hook_types(config):
        install_args += ["--hook-type", t]
    rc = pre_commit(*install_args, cwd=root)
    if rc != 0:
        return rc
    if args.run:
        return pre_commit("run", "--all-files", "--show-diff-on-failure", cwd=root)
    return 0


if __name__ == "__main__":
    sys.exit(main())
