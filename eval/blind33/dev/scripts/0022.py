#!/usr/bin/env python3
"""Install the project's Suricata rules so the local sensor picks them up."""
import shutil
import sys
from pathlib import Path

SRC = Path("rules")
DEST = Path("/etc/suricata/rules/project")
YAML_SNIPPET = Path("/etc/suricata/suricata.d/project.yaml")


def main():
    rules = sorted(SRC.glob("*.rules"))
    if not rules:
        print("no rules found under rules/", file=sys.stderr)
        return 1
    DEST.mkdir(parents=True, exist_ok=True)
    for r in rules:
        shutil.copy2(r, DEST / r.name)
        print(f"installed {DEST / r.name}")
    YAML_SNIPPET.parent.mkdir(parents=True, exist_ok=True)
    YAML_SNIPPET.write_text(
        "rule-files:\n" + "".join(f"  - project/{r.name}\n" for r in rules)
    )
    print(f"wrote {YAML_SNIPPET}; run `suricatasc -c reload-rules` to activate")
    return 0


if __name__ == "__main__":
    sys.exit(main())
