#!/usr/bin/env python3
"""Build the paper, the supplement and an arXiv-ready tarball.

    tools/build_paper.py            # build main.pdf and supplement.pdf
    tools/build_paper.py clean      # latexmk -C plus our own build/ dir
    tools/build_paper.py arxiv      # flatten, strip comments, tar for upload
    tools/build_paper.py watch      # latexmk -pvc for the main document

Figures in figures/*.svg are converted with inkscape when newer than the PDF.
The only shell-escape user is the `minted` package in supplement.tex, which
we enable per document from paper.json rather than globally.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

PAPER = Path(__file__).resolve().parents[1]
BUILD = PAPER / "build"
CONF = PAPER / "paper.json"
COMMENT_RE = re.compile(r"(?<!\\)%.*$")


def load_conf():
    defaults = {
        "documents": {"main": {"shell_escape": False},
                      "supplement": {"shell_escape": False}},
        "engine": "pdf",
        "bib_tool": "biber",
        "arxiv_name": "submission",
    }
    if CONF.exists():
        user = json.loads(CONF.read_text())
        defaults.update({k: v for k, v in user.items() if k != "documents"})
        defaults["documents"].update(user.get("documents", {}))
    return defaults


def run(argv, **kw):
    print("+ " + " ".join(argv))
    return subprocess.run(argv, cwd=PAPER, **kw)


def newer(src: Path, dst: Path) -> bool:
    return not dst.exists() or src.stat().st_mtime > dst.stat().st_mtime


def convert_figures():
    figs = sorted((PAPER / "figures").glob("*.svg"))
    if figs and shutil.which("inkscape") is None:
        print("warning: inkscape missing, svg figures not converted")
        return
    for svg in figs:
        pdf = svg.with_suffix(".pdf")
        if newer(svg, pdf):
            run(["inkscape", str(svg), "--export-type=pdf",
                 f"--export-filename={pdf}"], check=True)


def latexmk_argv(name, opts, conf, extra=()):
    argv = ["latexmk", f"-{conf['engine']}", "-interaction=nonstopmode",
            "-halt-on-error", "-file-line-error", f"-outdir={BUILD}"]
    if opts.get("shell_escape"):
        # minted needs \write18 for pygmentize; scoped to this document only
        argv.append("-shell-escape")
    argv += list(extra)
    argv.append(f"{name}.tex")
    return argv


def build(conf, only=None):
    BUILD.mkdir(exist_ok=True)
    convert_figures()
    failed = []
    for name, opts in conf["documents"].items():
        if only and name not in only:
            continue
        if not (PAPER / f"{name}.tex").exists():
            print(f"skip {name}: no {name}.tex")
            continue
        rc = run(latexmk_argv(name, opts, conf)).returncode
        if rc != 0:
            failed.append(name)
            show_errors(BUILD / f"{name}.log")
        else:
            shutil.copy2(BUILD / f"{name}.pdf", PAPER / f"{name}.pdf")
    return failed


def show_errors(log_path: Path, limit=20):
    if not log_path.exists():
        return
    lines = log_path.read_text(errors="replace").splitlines()
    hits = [l for l in lines if l.startswith("!") or ":error:" in l or "Error" in l]
    for line in hits[:limit]:
        print("   " + line)


def clean(conf):
    for name in conf["documents"]:
        if (PAPER / f"{name}.tex").exists():
            run(["latexmk", "-C", f"-outdir={BUILD}", f"{name}.tex"])
    if BUILD.exists():
        shutil.rmtree(BUILD)
    for pattern in ("*.bbl", "*.run.xml", "*.synctex.gz", "_minted-*"):
        for p in PAPER.glob(pattern):
            if p.is_dir():
                shutil.rmtree(p)
            else:
                p.unlink()
    dist = PAPER / "dist"
    if dist.exists():
        shutil.rmtree(dist)


def strip_comments(text: str) -> str:
    out = []
    for line in text.splitlines():
        if line.lstrip().startswith("%"):
            continue
        out.append(COMMENT_RE.sub("%", line) if "%" in line else line)
    return "\n".join(out) + "\n"


def flatten(tex: Path, seen=None) -> str:
    seen = seen or set()
    if tex in seen:
        raise SystemExit(f"\\input loop at {tex}")
    seen.add(tex)
    body = tex.read_text()

    def repl(m):
        target = PAPER / m.group(1)
        if target.suffix != ".tex":
            target = target.with_suffix(".tex")
        return flatten(target, seen)

    return re.sub(r"\\input\{([^}]+)\}", repl, body)


def arxiv(conf):
    failed = build(conf, only={"main"})
    if failed:
        raise SystemExit("main did not build; fix it before packaging")
    dist = PAPER / "dist"
    stage = dist / conf["arxiv_name"]
    if stage.exists():
        shutil.rmtree(stage)
    (stage / "figures").mkdir(parents=True)
    (stage / "main.tex").write_text(strip_comments(flatten(PAPER / "main.tex")))
    shutil.copy2(BUILD / "main.bbl", stage / "main.bbl")
    for fig in (PAPER / "figures").glob("*.pdf"):
        shutil.copy2(fig, stage / "figures" / fig.name)
    for sty in PAPER.glob("*.sty"):
        shutil.copy2(sty, stage / sty.name)
    tar_path = dist / f"{conf['arxiv_name']}.tar.gz"
    with tarfile.open(tar_path, "w:gz") as tar:
        for p in sorted(stage.rglob("*")):
            tar.add(p, arcname=str(p.relative_to(stage)))
    size = tar_path.stat().st_size / 1024
    print(f"wrote {tar_path.relative_to(PAPER)} ({size:.0f} KiB); upload it on arxiv.org")


def watch(conf):
    opts = conf["documents"].get("main", {})
    argv = latexmk_argv("main", opts, conf, extra=["-pvc", "-view=none"])
    try:
        run(argv)
    except KeyboardInterrupt:
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("target", nargs="?", default="pdf",
                    choices=["pdf", "clean", "arxiv", "watch"])
    ap.add_argument("--only", action="append", help="build only this document")
    args = ap.parse_args()
    os.environ.setdefault("TEXINPUTS", f".:{PAPER / 'styles'}//:")
    conf = load_conf()
    if args.target == "clean":
        clean(conf)
        return 0
    if args.target == "arxiv":
        arxiv(conf)
        return 0
    if args.target == "watch":
        watch(conf)
        return 0
    failed = build(conf, set(args.only) if args.only else None)
    if failed:
        print("failed: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
