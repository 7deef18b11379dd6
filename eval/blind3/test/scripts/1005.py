#!/usr/bin/env python3
"""tmp_show_creds.py - figure out which AWS profile the SDK is picking up."""
import configparser
import os
from pathlib import Path

cfg = configparser.ConfigParser()
cfg.read(Path.home() / ".aws" / "credentials")
profile = os.environ.get("AWS_PROFILE", "default")
print("profile:", profile)
for section in cfg.sections():
    print(f"[{section}]")
    for k, v in cfg[section].items():
        print(f"  {k} = {v}")
