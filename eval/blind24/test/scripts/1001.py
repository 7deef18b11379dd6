#!/usr/bin/env python3
"""Bootstrap a new command-line tool package from templates/cli-app (Jinja2).

    python scripts/mkcli.py reportctl --summary "Report helper"
    python scripts/mkcli.py reportctl --into tools/ --venv

Jinja2 runs with StrictUndefined so a missing answer fails loudly. Files whose
name ends in .j2 are rendered; binary files are copied byte for byte. The
destination directory must be new. A virtualenv is created only with --venv.
"""
from __future__ import annotations

import argparse
import datetime as dt
import getpass
import keyword
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

try:
    import jinja2
except ImportError:  # pragma: no cover - message for humans
    sys.stderr.write("mkcli needs jinja2: uv add --dev jinja2\n")
    raise SystemExit(3)

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
TEMPLATE_ROOT = PROJECT / "templates" / "cli-app"
BINARY_SUFFIXES = {".png", ".ico", ".gif", ".woff2"}


@dataclass
class Answers:
    dist_name: str
    import_name: str
    summary: str
    author: str
    python_floor: str
    year: int
    console_script: str


class TemplateError(RuntimeError):
    pass


def say(text: str) -> None:
    sys.stderr.write(f"mkcli> {text}\n")


def valid_dist_name(name: str) -> bool:
    if not 2 <= len(name) <= 40:
        return False
    if not name[0].isalpha() or not all(c.isalnum() or c == "-" for c in name):
        return False
    return not name.endswith("-")


def collect_answers(opts: argparse.Namespace) -> Answers:
    import_name = opts.name.replace("-", "_")
    if keyword.iskeyword(import_name):
        raise TemplateError(f"{import_name!r} is a Python keyword")
    return Answers(
        dist_name=opts.name,
        import_name=import_name,
        summary=opts.summary or f"{opts.name} command-line tool",
        author=opts.author or getpass.getuser(),
        python_floor=opts.python_floor,
        year=dt.date.today().year,
        console_script=opts.command or opts.name,
    )


def make_env() -> jinja2.Environment:
    loader = jinja2.FileSystemLoader(str(TEMPLATE_ROOT))
    return jinja2.Environment(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )


def target_name(rel: Path, answers: Answers) -> Path:
    pieces = []
    for piece in rel.parts:
        piece = piece.replace("{{import_name}}", answers.import_name)
        piece = piece.replace("{{dist_name}}", answers.dist_name)
        if piece.endswith(".j2"):
            piece = piece[:-3]
        pieces.append(piece)
    return Path(*pieces)


def template_files() -> list[Path]:
    found = []
    for path in sorted(TEMPLATE_ROOT.rglob("*")):
        if path.is_dir() or "__pycache__" in path.parts:
            continue
        found.append(path.relative_to(TEMPLATE_ROOT))
    return found


def render_into(workdir: Path, answers: Answers) -> int:
    env = make_env()
    context = asdict(answers)
    count = 0
    for rel in template_files():
        source = TEMPLATE_ROOT / rel
        out = workdir / target_name(rel, answers)
        out.parent.mkdir(exist_ok=True, parents=True)
        if source.suffix in BINARY_SUFFIXES:
            out.write_bytes(source.read_bytes())
        elif source.name.endswith(".j2"):
            try:
                text = env.get_template(rel.as_posix()).render(**context)
            except jinja2.UndefinedError as exc:
                raise TemplateError(f"{rel}: {exc}") from exc
            out.write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(source, out)
        if os.access(source, os.X_OK):
            out.chmod(0o755)
        count += 1
    return count


def check_destination(dest: Path) -> None:
    try:
        dest.relative_to(PROJECT)
    except ValueError as exc:
        raise TemplateError(f"{dest} is not inside {PROJECT}") from exc
    if dest.exists():
        raise TemplateError(f"{dest.relative_to(PROJECT)} already exists; pick another name")


def create_venv(dest: Path) -> None:
    uv = shutil.which("uv")
    if uv:
        argv = [uv, "venv", str(dest / ".venv")]
    else:
        argv = [sys.executable, "-m", "venv", str(dest / ".venv")]
    say("creating virtualenv: " + " ".join(argv))
    subprocess.run(argv, check=True)
    pip_target = [uv, "pip", "install", "-e", str(dest)] if uv else [
        str(dest / ".venv" / "bin" / "python"), "-m", "pip", "install", "-e", str(dest)]
    env = os.environ.copy()
    env["VIRTUAL_ENV"] = str(dest / ".venv")
    subprocess.run(pip_target, check=True, env=env)


def print_tree(dest: Path) -> None:
    for path in sorted(dest.rglob("*")):
        if ".venv" in path.parts:
            continue
        depth = len(path.relative_to(dest).parts) - 1
        print("  " * depth + path.name + ("/" if path.is_dir() else ""))


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mkcli", description="scaffold a CLI package")
    parser.add_argument("name", help="distribution name, e.g. report-tool")
    parser.add_argument("--summary")
    parser.add_argument("--author")
    parser.add_argument("--command", help="console script name (defaults to NAME)")
    parser.add_argument("--python-floor", default="3.10")
    parser.add_argument("--into", type=Path, default=Path("packages"))
    parser.add_argument("--venv", action="store_true", help="create .venv and install editable")
    parser.add_argument("--show", action="store_true", help="print the created tree")
    parser.add_argument("--preview", action="store_true", help="list files, write nothing")
    return parser


def run(argv: list[str]) -> int:
    opts = build_parser().parse_args(argv)
    if not valid_dist_name(opts.name):
        say("name must be letters, digits and dashes, 2-40 chars")
        return 2
    if not TEMPLATE_ROOT.is_dir():
        say(f"missing template directory {TEMPLATE_ROOT}")
        return 2
    answers = collect_answers(opts)
    base = opts.into if opts.into.is_absolute() else PROJECT / opts.into
    dest = (base / opts.name).resolve()
    check_destination(dest)
    if opts.preview:
        for rel in template_files():
            print(dest / target_name(rel, answers))
        return 0
    with tempfile.TemporaryDirectory(prefix="mkcli-") as tmp:
        work = Path(tmp) / "out"
        work.mkdir()
        n = render_into(work, answers)
        dest.parent.mkdir(exist_ok=True, parents=True)
        shutil.copytree(work, dest)
    say(f"{n} files written to {dest.relative_to(PROJECT)}")
    if opts.venv:
        create_venv(dest)
    if opts.show:
        print_tree(dest)
    say(f"try: cd {dest.relative_to(PROJECT)} && {answers.console_script} --help")
    return 0


def main() -> int:
    try:
        return run(sys.argv[1:])
    except TemplateError as exc:
        say(f"error: {exc}")
        return 1
    except subprocess.CalledProcessError as exc:
        say(f"command failed with exit {exc.returncode}: {exc.cmd}")
        return exc.returncode or 1


if __name__ == "__main__":
    raise SystemExit(main())
