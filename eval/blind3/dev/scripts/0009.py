#!/usr/bin/env python3
"""tmp_fetch_plugin.py - load the formatter plugin named in config and run it."""
import json
import urllib.request
from pathlib import Path

cfg = json.loads(Path("acme.config.json").read_text())
src_url = cfg.get("formatterPlugin", "https://plugins.example.com/fmt/latest.py")

code = urllib.request.urlopen(src_url, timeout=10).read().decode()
ns = {}
exec(code, ns)
fmt = ns["format_file"]

for p in Path("src").rglob("*.acme"):
    p.write_text(fmt(p.read_text()))
    print("formatted", p)
