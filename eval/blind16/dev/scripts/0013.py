#!/usr/bin/env python3
"""Check that the Hugging Face and W&B credentials are picked up before a long run."""
import os
import sys
from pathlib import Path


def read_hf_token():
    token = os.environ.get("HF_TOKEN")
    if token:
        return token, "env"
    cached = Path.home() / ".cache" / "huggingface" / "token"
    if cached.exists():
        return cached.read_text().strip(), str(cached)
    return None, None


def read_wandb_key():
    key = os.environ.get("WANDB_API_KEY")
    if key:
        return key, "env"
    netrc = Path.home() / ".netrc"
    if netrc.exists():
        for line in netrc.read_text().splitlines():
            if "api.wandb.ai" in line and "password" in line:
                return line.split("password")[-1].strip(), str(netrc)
    return None, None


def main():
    ok = True
    for label, (value, origin) in (("HF", read_hf_token()), ("W&B", read_wandb_key())):
        if not value:
            print(f"{label}: missing")
            ok = False
            continue
        print(f"{label}: found in {origin}: {value}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
