#!/usr/bin/env python3
"""Write the project's recommended VS Code workspace files.

Creates or merges (never clobbers user keys) the following files in .vscode/:
  extensions.json  recommendations for the languages used in this repo
  settings.json    formatter / linter / test explorer settings
  launch.json      debug configurations for the API and the CLI
It does NOT install extensions; it prints the `code --install-extension` lines
for the developer to run if they want. Files outside .vscode/ are never touched.
"""
import argparse
import copy
import difflib
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VSCODE = ROOT / ".vscode"

RECOMMENDED = {
    "python": ["ms-python.python", "ms-python.vscode-pylance", "charliermarsh.ruff"],
    "dotnet": ["ms-dotnettools.csharp", "ms-dotnettools.csdevkit"],
    "js": ["dbaeumer.vscode-eslint", "esbenp.prettier-vscode"],
    "rust": ["rust-lang.rust-analyzer", "tamasfe.even-better-toml"],
    "docker": ["ms-azuretools.vscode-docker"],
    "common": ["editorconfig.editorconfig", "streetsidesoftware.code-spell-checker"],
}

SETTINGS = {
    "editor.formatOnSave": True,
    "files.trimTrailingWhitespace": True,
    "files.insertFinalNewline": True,
    "files.exclude": {"**/bin": True, "**/obj": True, "**/.pytest_cache": True},
    "search.exclude": {"**/node_modules": True, "target/**": True, "dist/**": True},
    "python.testing.pytestEnabled": True,
    "python.testing.pytestArgs": ["tests"],
    "python.defaultInterpreterPath": "${workspaceFolder}/.venv/bin/python",
    "[python]": {"editor.defaultFormatter": "charliermarsh.ruff"},
    "[typescript]": {"editor.defaultFormatter": "esbenp.prettier-vscode"},
    "rust-analyzer.cargo.features": "all",
    "dotnet.defaultSolution": "Orders.sln",
    "task.allowAutomaticTasks": "off",
}

LAUNCH = {
    "version": "0.2.0",
    "configurations": [
        {
            "name": "Orders API",
            "type": "coreclr",
            "request": "launch",
            "preLaunchTask": "build",
            "program": "${workspaceFolder}/src/Orders.Api/bin/Debug/net8.0/Orders.Api.dll",
            "cwd": "${workspaceFolder}/src/Orders.Api",
            "env": {"ASPNETCORE_ENVIRONMENT": "Development"},
        },
        {
            "name": "CLI: import sample",
            "type": "debugpy",
            "request": "launch",
            "module": "orders_cli",
            "args": ["import", "samples/orders.csv", "--dry-run"],
            "envFile": "${workspaceFolder}/.env",
        },
    ],
}

JSONC_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
TRAILING_COMMA = re.compile(r",(\s*[}\]])")


def strip_jsonc(text: str) -> str:
    # good enough for VS Code files: drop comments that are not inside strings
    out, i, in_str = [], 0, False
    while i < len(text):
        ch = text[i]
        if in_str:
            out.append(ch)
            if ch == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            if ch == '"':
                in_str = False
            i += 1
            continue
        if ch == '"':
            in_str = True
            out.append(ch)
            i += 1
            continue
        m = JSONC_COMMENT.match(text, i)
        if m:
            i = m.end()
            continue
        out.append(ch)
        i += 1
    return TRAILING_COMMA.sub(r"\1", "".join(out))


def read_jsonc(path: Path) -> dict:
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    if not text.strip():
        return {}
    return json.loads(strip_jsonc(text))


def detect_languages() -> list:
    langs = ["common"]
    if (ROOT / "pyproject.toml").exists():
        langs.append("python")
    if list(ROOT.glob("*.sln")) or list(ROOT.glob("src/*/*.csproj")):
        langs.append("dotnet")
    if (ROOT / "package.json").exists() or (ROOT / "web" / "package.json").exists():
        langs.append("js")
    if (ROOT / "Cargo.toml").exists():
        langs.append("rust")
    if list(ROOT.glob("**/Dockerfile")):
        langs.append("docker")
    return langs


def merge_settings(existing: dict, wanted: dict, force: bool) -> dict:
    merged = copy.deepcopy(existing)
    for key, value in wanted.items():
        if key not in merged or force:
            merged[key] = value
        elif isinstance(value, dict) and isinstance(merged[key], dict):
            for sub, subval in value.items():
                merged[key].setdefault(sub, subval)
    return merged


def merge_extensions(existing: dict, langs: list) -> dict:
    recs = list(existing.get("recommendations", []))
    for lang in langs:
        for ext in RECOMMENDED[lang]:
            if ext not in recs:
                recs.append(ext)
    out = dict(existing)
    out["recommendations"] = recs
    return out


def merge_launch(existing: dict) -> dict:
    if not existing:
        return copy.deepcopy(LAUNCH)
    names = {c.get("name") for c in existing.get("configurations", [])}
    out = copy.deepcopy(existing)
    out.setdefault("version", "0.2.0")
    out.setdefault("configurations", [])
    for conf in LAUNCH["configurations"]:
        if conf["name"] not in names:
            out["configurations"].append(copy.deepcopy(conf))
    return out


def render(data: dict) -> str:
    return json.dumps(data, indent=2, sort_keys=False) + "\n"


def write_if_changed(path: Path, new_text: str, check: bool) -> bool:
    old_text = path.read_text(encoding="utf-8") if path.exists() else ""
    if old_text == new_text:
        return False
    diff = difflib.unified_diff(old_text.splitlines(), new_text.splitlines(),
                                fromfile=str(path.relative_to(ROOT)),
                                tofile=str(path.relative_to(ROOT)), lineterm="")
    print("\n".join(diff))
    if not check:
        path.parent.mkdir(exist_ok=True)
        backup = path.with_suffix(path.suffix + ".bak")
        if path.exists() and not backup.exists():
            backup.write_text(old_text, encoding="utf-8")
        path.write_text(new_text, encoding="utf-8")
    return True


def main() -> int:
    ap = argparse.ArgumentParser(description="write .vscode recommendations")
    ap.add_argument("--check", action="store_true", help="only report differences")
    ap.add_argument("--force", action="store_true", help="overwrite keys the user changed")
    ap.add_argument("--no-launch", action="store_true")
    args = ap.parse_args()

    langs = detect_languages()
    print(f"detected: {', '.join(langs)}")
    changed = False
    ext_path = VSCODE / "extensions.json"
    extensions = merge_extensions(read_jsonc(ext_path), langs)
    changed |= write_if_changed(ext_path, render(extensions), args.check)

    set_path = VSCODE / "settings.json"
    wanted = {k: v for k, v in SETTINGS.items()
              if not (k.startswith("dotnet") and "dotnet" not in langs)}
    settings = merge_settings(read_jsonc(set_path), wanted, args.force)
    changed |= write_if_changed(set_path, render(settings), args.check)

    if not args.no_launch:
        launch_path = VSCODE / "launch.json"
        changed |= write_if_changed(launch_path, render(merge_launch(read_jsonc(launch_path))),
                                    args.check)

    missing = extensions["recommendations"]
    print("\nto install the recommendations yourself:")
    for ext in missing:
        print(f"  code --install-extension {ext}")
    if args.check and changed:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
