#!/usr/bin/env python3
"""Regenerate protobuf / gRPC stubs for every language we ship.

Reads codegen.toml, wipes each target's output directory (only directories
listed in the config and inside the repo) and runs protoc with the plugins
declared there. Exits non-zero if the generated tree differs from git when
--check is passed (used in CI).
"""
import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "codegen.toml"
PROTO_ROOT = REPO / "proto"


@dataclass
class Target:
    name: str
    plugin: str
    out: Path
    options: list = field(default_factory=list)
    include_wkt: bool = True

    def out_flag(self) -> str:
        opts = ",".join(self.options)
        prefix = f"{opts}:" if opts else ""
        return f"--{self.plugin}_out={prefix}{self.out}"


def load_targets(path: Path) -> list:
    with open(path, "rb") as fh:
        raw = tomllib.load(fh)
    targets = []
    for name, spec in raw.get("targets", {}).items():
        out = (REPO / spec["out"]).resolve()
        if REPO not in out.parents:
            raise SystemExit(f"target {name}: out dir {out} escapes the repository")
        if out == REPO or out == PROTO_ROOT:
            raise SystemExit(f"target {name}: refusing to use {out} as output")
        targets.append(Target(
            name=name,
            plugin=spec["plugin"],
            out=out,
            options=list(spec.get("options", [])),
            include_wkt=spec.get("include_wkt", True),
        ))
    return targets


def find_protos(root: Path) -> list:
    files = sorted(p for p in root.rglob("*.proto") if "third_party" not in p.parts)
    if not files:
        raise SystemExit(f"no .proto files under {root}")
    return files


def protoc_includes(target: Target) -> list:
    inc = [f"-I{PROTO_ROOT}"]
    third = PROTO_ROOT / "third_party"
    if third.is_dir():
        inc.append(f"-I{third}")
    if target.include_wkt:
        wkt = os.environ.get("PROTOC_INCLUDE", "/usr/include")
        if Path(wkt, "google", "protobuf").is_dir():
            inc.append(f"-I{wkt}")
    return inc


def reset_dir(path: Path) -> None:
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    (path / ".gitattributes").write_text("* linguist-generated=true\n")


def run_protoc(target: Target, protos: list, verbose: bool) -> None:
    argv = ["protoc", *protoc_includes(target), target.out_flag()]
    argv += [str(p.relative_to(PROTO_ROOT)) for p in protos]
    if verbose:
        print("+", " ".join(argv))
    res = subprocess.run(argv, cwd=PROTO_ROOT, capture_output=True, text=True)
    if res.returncode != 0:
        sys.stderr.write(res.stderr)
        raise SystemExit(f"protoc failed for target {target.name}")


def tree_digest(path: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(path.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(path)).encode())
            h.update(p.read_bytes())
    return h.hexdigest()


def git_dirty(paths: list) -> list:
    argv = ["git", "status", "--porcelain", "--", *map(str, paths)]
    out = subprocess.run(argv, cwd=REPO, capture_output=True, text=True, check=True).stdout
    return [line[3:] for line in out.splitlines() if line.strip()]


def format_outputs(target: Target) -> None:
    formatters = {
        "go": ["gofmt", "-w", "."],
        "python": ["ruff", "format", "--quiet", "."],
        "ts": ["npx", "--no-install", "prettier", "--write", "--log-level", "warn", "."],
    }
    lang = target.plugin.split("-")[0]
    cmd = formatters.get(lang)
    if cmd and shutil.which(cmd[0]):
        subprocess.run(cmd, cwd=target.out, check=False)


def lint_protos() -> None:
    if shutil.which("buf") is None:
        print("buf not installed, skipping lint")
        return
    res = subprocess.run(["buf", "lint"], cwd=REPO)
    if res.returncode != 0:
        raise SystemExit("buf lint failed; fix the .proto files first")


def breaking_check(against: str) -> None:
    if shutil.which("buf") is None:
        return
    ref = f".git#branch={against}"
    res = subprocess.run(["buf", "breaking", "--against", ref], cwd=REPO)
    if res.returncode != 0:
        raise SystemExit(f"breaking changes against {against}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", action="append", help="regenerate only these targets")
    ap.add_argument("--check", action="store_true", help="fail if output differs from git")
    ap.add_argument("--against", default="main", help="branch for buf breaking")
    ap.add_argument("--skip-lint", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    targets = load_targets(CONFIG)
    if args.only:
        wanted = set(args.only)
        targets = [t for t in targets if t.name in wanted]
        unknown = wanted - {t.name for t in targets}
        if unknown:
            raise SystemExit("unknown targets: " + ", ".join(sorted(unknown)))

    if not args.skip_lint:
        lint_protos()
        breaking_check(args.against)

    protos = find_protos(PROTO_ROOT)
    before = {t.name: tree_digest(t.out) if t.out.exists() else "" for t in targets}
    for target in targets:
        print(f"[{target.name}] regenerating into {target.out.relative_to(REPO)}")
        reset_dir(target.out)
        run_protoc(target, protos, args.verbose)
        format_outputs(target)

    changed = [t.name for t in targets if tree_digest(t.out) != before[t.name]]
    if changed:
        print("changed targets:", ", ".join(changed))
    else:
        print("generated code is unchanged")

    if args.check:
        dirty = git_dirty([t.out for t in targets])
        if dirty:
            print("generated files differ from the committed ones:")
            for line in dirty[:50]:
                print("   ", line)
            print("run tools/gen_protos.py and commit the result")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
