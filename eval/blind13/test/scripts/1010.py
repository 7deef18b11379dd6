#!/usr/bin/env python3
"""quillctl settings helper: read and update ~/.config/quillctl/settings.json.

This file belongs to quillctl itself. Writes are atomic (temp file + replace),
permissions are 0600, and secrets are never stored: the 'auth' section only
records which keyring entry or environment variable to consult.
"""
import json
import os
import sys
import tempfile
from functools import partial
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {
    "server": "http://localhost:9400",
    "output": "table",
    "page_size": 50,
    "auth": {"source": "env", "name": "QUILLCTL_TOKEN"},
}
VALID_OUTPUT = {"table", "json", "yaml"}


def settings_path() -> Path:
    base = Path(os.environ.get("XDG_CONFIG_HOME", Path.home() / ".config"))
    return base / "quillctl" / "settings.json"


def load(path: Path) -> dict[str, Any]:
    if not path.exists():
        return json.loads(json.dumps(DEFAULTS))
    data = json.loads(path.read_text())
    merged = {**DEFAULTS, **data}
    merged["auth"] = {**DEFAULTS["auth"], **data.get("auth", {})}
    return merged


def atomic_write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(exist_ok=True, parents=True)
    os.chmod(path.parent, 0o700)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".settings-")
    with os.fdopen(fd, "w") as fh:
        json.dump(data, fh, indent=2, sort_keys=True)
        fh.write("\n")
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


def coerce(key: str, raw: str) -> Any:
    if key == "page_size":
        value = int(raw)
        if not 1 <= value <= 500:
            raise ValueError("page_size must be between 1 and 500")
        return value
    if key == "output" and raw not in VALID_OUTPUT:
        raise ValueError(f"output must be one of {sorted(VALID_OUTPUT)}")
    if key.startswith("auth.") and key != "auth.name" and key != "auth.source":
        raise ValueError("auth only supports 'source' and 'name'")
    if key == "auth.source" and raw not in {"env", "keyring"}:
        raise ValueError("auth.source is env or keyring")
    return raw


def set_value(data: dict[str, Any], key: str, raw: str) -> None:
    value = coerce(key, raw)
    if "." in key:
        section, sub = key.split(".", 1)
        data.setdefault(section, {})[sub] = value
    else:
        data[key] = value


def show(data: dict[str, Any], out=sys.stdout) -> None:
    emit = partial(print, file=out)
    for key in sorted(data):
        value = data[key]
        if isinstance(value, dict):
            for sub in sorted(value):
                emit(f"{key}.{sub} = {value[sub]}")
        else:
            emit(f"{key} = {value}")


def main(argv: list[str]) -> int:
    path = settings_path()
    data = load(path)
    if not argv or argv[0] == "show":
        show(data)
        return 0
    if argv[0] == "set" and len(argv) == 3:
        try:
            set_value(data, argv[1], argv[2])
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        atomic_write(path, data)
        print(f"saved {argv[1]} in {path}")
        return 0
    print("usage: quillctl-settings [show | set KEY VALUE]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
